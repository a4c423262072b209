"""Microsoft's 6502 BASIC as Ohio Scientific shipped it in 1977: the facts of its layout the machine
uses (the ROM itself is reference data, found and checked by reference/rom.py).

Its addresses are facts of these bytes, read off the public reconstruction of the source
(mist64/msbasic, whose `orig/osi.bin` these bytes are, and which assembles to them) and
Microsoft's own later source (microsoft/BASIC-M6502 m6502.asm).
"""

from __future__ import annotations

LOAD_ADDRESS = 0xA000
"""Where the OSI machine maps the 8K ROM (7,906 bytes: $A000-$BEE1)."""
COLD_START = 0xBD11
"""The cold start (msbasic init.s COLD_START), which asks MEMORY SIZE? and TERMINAL WIDTH?."""

KEY_IN = 0xFFEB
"""The monitor's key input: a key in A (msbasic defines_osi.s MONRDKEY)."""
CHAR_OUT = 0xFFEE
"""The monitor's character output, from A (MONCOUT)."""
CTRL_C_POLL = 0xFFF1
"""The monitor's Ctrl-C poll (MONISCNTC): ISCNTC at $A629 is `JMP $FFF1` (osi_iscntc.s), so the
monitor's RTS returns to ISCNTC's caller, NEWSTT (m6502.asm ISCNTC, called at NEWSTT)."""
CTRL_C_TARGET = 0xA636
"""Where the monitor goes on when it finds Ctrl-C, with A = 3: ISCNTC's `CMP #3`, which falls into
STOP with the carry and zero set (osi_iscntc.s; m6502.asm STOP, L2227-2247), so the BASIC says
BREAK and the line, as at a STOP."""

CURLIN = 0x87
"""The current line's number, two bytes; $FFxx in direct mode (m6502.asm CURLIN)."""
NEWSTT_POLL_RETURN = 0xA5C4
"""What NEWSTT's `JSR ISCNTC` (at $A5C2, its first instruction) leaves on the stack: the Ctrl-C poll
called from there comes before each statement. When TXTPTR is on the 0 that ends a line and the
next line's link is not 0, NEWSTT goes on into that line at its start (m6502.asm NEWSTT,
L2138-2159): every entry to a line at its start passes here, as TRON's does, and only those (NEXT
and RETURN restore CURLIN elsewhere, and resume mid-line)."""
TXTPTR = 0xC3
"""The BASIC's text pointer, in CHRGET (page zero; msbasic zeropage.s, OSI layout)."""
COMMAND_LINE_RETURN = 0xA27F
"""What MAIN's `JSR INLIN` (at $A27D, after OK; m6502.asm L1556, msbasic's RESTART) pushes: found
on the stack under INLIN's and GETLN's own returns when the key input is called, the BASIC waits
for a command, not at INPUT.
(CURLIN still holds the last line run: it changes only when the command is read.)"""
DIRECT_MODE = 0xFF00
"""CURLIN at or above this: no program line runs (a command typed, or waiting at OK)."""
