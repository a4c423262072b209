"""The museum exhibit: attract mode, visitor games, computer opponents, the live listing panel.

It runs unattended for weeks. Everything that knows the rules of LIFE2 beyond
the program itself (the computer players and their model of a generation)
lives here; the terminals still know nothing of them.
"""
