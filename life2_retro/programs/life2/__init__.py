"""LIFE2 (Wyvill, 1978): the listing line by line on our BASIC runtime (program.py), its bug switches,
its cycle model, its generated scripts, and the exhibit's computer players and observer.

Empty on purpose: the registry imports `bugs` alone to list the switches, and that must not load
the program.
"""
