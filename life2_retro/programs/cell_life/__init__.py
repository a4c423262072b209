"""Cell Life (Larson, 2008): the C program function by function on our C runtime (program.py), its
bug switches, its computer players and its generated scripts.

Empty on purpose: the registry imports `bugs` alone to list the switches, and that must not load
the program.
"""
