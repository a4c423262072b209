"""Cellular automata for studies: p2life's rules, and the engines that run them fast.

Nothing here does I/O or knows a terminal; the game (programs/) and the study
(commands/) both take their rules from here.
"""
