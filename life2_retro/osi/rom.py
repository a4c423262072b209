"""Microsoft's 6502 BASIC as Ohio Scientific shipped it in 1977: where to get it, how it is checked,
and the facts of its layout the engine uses.

The ROM is reference data, as the listing is: never part of the project. Users fetch it from its
public source; life2 finds it by `--rom PATH`, the LIFE2_ROM variable, or a `shared/reference/`
folder beside the checkout, and checks its SHA-256.

Its addresses are facts of these bytes, read off the public reconstruction of the source
(mist64/msbasic, whose `orig/osi.bin` these bytes are, and which assembles to them) and
Microsoft's own later source (microsoft/BASIC-M6502 m6502.asm).
"""

from __future__ import annotations

import os

from ..reference.files import ReferenceError, ReferenceFile

ROM_NAME = "osi-6502-basic-1977.bin"
ROM_SHA256 = "3fbb052d13d376cc8b7d2d72a45f386deafa88a5bc0fa1a74d6b69b2352f14c3"
ENV_VAR = "LIFE2_ROM"
PUBLIC_SOURCE = "https://github.com/mist64/msbasic/raw/ef822f46cd20b08d90a78805e29b66bd15d553ac/orig/osi.bin"

HOW_TO_GET = f"""\
Microsoft's 6502 BASIC (OSI, 1977) is needed here, and it is not part of this project.
Get it from the public reconstruction of its source (mist64/msbasic, orig/osi.bin)
and tell life2 where it is:

    curl -L -o {ROM_NAME} {PUBLIC_SOURCE}
    export {ENV_VAR}=$PWD/{ROM_NAME}      # or pass --rom {ROM_NAME}

Its SHA-256 must be {ROM_SHA256}"""

ROM = ReferenceFile(ROM_NAME, ROM_SHA256, ENV_VAR, "Microsoft's 6502 BASIC ROM (OSI, 1977)", HOW_TO_GET, True)
RomError = ReferenceError

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


def load_rom(explicit: str | os.PathLike[str] | None = None) -> bytes:
    """The verified ROM, or RomError saying how to get it."""
    return ROM.load(explicit)
