"""The 1977 interpreter: Microsoft's 6502 BASIC (OSI) on an emulated 6502, running the listing.

cpu.py is the 6502's face (our C core, core6502.c, built at first use by native.py; py65 behind
the same face; cores.py picks one), rom.py the facts of the ROM's layout, machine.py the OSI
machine (the monitor's three routines answered outside the CPU), engine.py a program on it as the
events every terminal knows, variables.py its variables read from memory. The ROM itself and LIFE2
typed into it are the reference adapter's (reference/rom.py, reference/life2_rom.py). It depends
on nothing of life2 but the events. See docs/1977-interpreter.md.
"""
