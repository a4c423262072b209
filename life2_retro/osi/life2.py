"""LIFE2 on the 1977 interpreter: the listing (with the patch lines of the bugs switched off) typed
into Microsoft's 6502 BASIC on the emulated OSI machine, once a process, and a game a restore.

The listing and the ROM are found and checked as everywhere (reference/listing.py, rom.py). The
bug switches that are lines of the listing are patched as for PC-BASIC (reference/patches.py); the
one that is the BASIC's own INPUT (answers-that-stop) cannot be switched off on the real BASIC.
"""

from __future__ import annotations

from functools import cache

from ..programs import ProgramUnavailable
from ..programs.life2.bugs import ANSWERS_THAT_STOP
from ..reference.files import ReferenceError
from .cpu import CoreUnavailable
from .engine import RomProgram
from .machine import MachineFault, loaded_machine
from .rom import load_rom

RUNTIME = "ms1978"
"""The one dialect the 1977 interpreter is."""


@cache
def _saved_machine(rom: bytes, program: bytes, core: str) -> object:
    return loaded_machine(rom, program, core).cpu.save()


def rom_program(
    runtime: str,
    bugs: frozenset[str],
    rom_path: str | None,
    core: str = "auto",
    listing_path: str | None = None,
) -> RomProgram:
    """One run of LIFE2 on the 1977 interpreter; ProgramUnavailable (its message for the user) when
    it cannot be: another dialect, a bug it cannot switch off, no ROM, listing or core."""
    from ..reference.life2 import oracle_program

    if runtime != RUNTIME:
        raise ProgramUnavailable(
            f"the 6502 engine is Microsoft's 1977 BASIC: it runs --dialect {RUNTIME} only"
        )
    if ANSWERS_THAT_STOP not in bugs:
        raise ProgramUnavailable(
            f"{ANSWERS_THAT_STOP} is the 1977 BASIC's own INPUT: the 6502 engine cannot switch it off"
        )
    try:
        rom = load_rom(rom_path)
        program = oracle_program(listing_path, bugs)
        saved = _saved_machine(rom, program, core)
        from .machine import OsiMachine

        machine = OsiMachine(rom, core)
    except (ReferenceError, CoreUnavailable, MachineFault) as exc:
        raise ProgramUnavailable(str(exc)) from exc
    return RomProgram(machine, saved, bugs)
