"""p2life (Levene & Roussos's rules, played as LIFE2 is): the program (program.py), its board and
rules (board.py), its computer players and its generated scripts.

Empty on purpose: the registry imports `board` alone for the board's sizes, and that must not load
the program.
"""
