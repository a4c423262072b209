"""The C semantics Cell Life relies on, and nothing more: stdio's printf, putchar, getchar and scanf as
glibc does them, glibc's rand, and the reference build's memory of its globals.

Like basic/, this is no compiler and no interpreter: it is what a program
written function by function in Python needs, so that it sends exactly the
bytes the C program's reference build sends.
"""
