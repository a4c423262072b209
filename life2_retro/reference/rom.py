"""Microsoft's 6502 BASIC (OSI, 1977): where to get it and how it is checked.

The ROM is reference data, as the listing is: never part of the project. Users fetch it from its
public source; life2 finds it by `--rom PATH`, the LIFE2_ROM variable, or a `shared/reference/`
folder beside the checkout, and checks its SHA-256.
"""

from __future__ import annotations

import os

from .files import ReferenceError, ReferenceFile

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


def load_rom(explicit: str | os.PathLike[str] | None = None) -> bytes:
    """The verified ROM, or RomError saying how to get it."""
    return ROM.load(explicit)
