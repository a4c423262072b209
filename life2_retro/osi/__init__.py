"""The 1977 interpreter: Microsoft's 6502 BASIC (OSI) on an emulated 6502, running the listing.

cpu.py is the 6502 (our C core, core6502.c, built at first use by native.py; py65 behind the same
face), rom.py the ROM and the facts of its layout, machine.py the OSI machine around them (the
monitor's three routines answered outside the CPU), engine.py a program on it as the events every
terminal knows, life2.py LIFE2 typed into it. See docs/1977-interpreter.md.
"""
