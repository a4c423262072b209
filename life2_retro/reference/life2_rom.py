"""LIFE2 on the 1977 interpreter: the listing (with the patch lines of the bugs switched off) typed
into Microsoft's 6502 BASIC on the emulated OSI machine, once a process, and a game a restore.

The listing and the ROM are found and checked as everywhere (listing.py, rom.py). The
bug switches that are lines of the listing are patched as for PC-BASIC (reference/patches.py); the
one that is the BASIC's own INPUT (answers-that-stop) cannot be switched off on the real BASIC.
"""

from __future__ import annotations

from functools import cache

from ..osi.cores import CoreUnavailable
from ..osi.engine import RomProgram
from ..osi.machine import MachineFault, OsiMachine, loaded_machine
from ..programs import ProgramUnavailable
from ..programs.life2.bugs import ANSWERS_THAT_STOP, BUG_NAMES
from .files import ReferenceError
from .listing import load_listing
from .patches import merge
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
        program = merge(load_listing(listing_path), set(BUG_NAMES) - bugs)  # as PC-BASIC's is
        saved = _saved_machine(rom, program, core)
        machine = OsiMachine(rom, core)
    except (ReferenceError, CoreUnavailable, MachineFault) as exc:
        raise ProgramUnavailable(str(exc)) from exc
    return RomProgram(machine, saved, bugs)


def engine_program(runtime: str, bugs: frozenset[str], rom_path: str | None) -> RomProgram:
    """The registry of engines' way in (reference.ENGINES): one run on the 1977 interpreter."""
    return rom_program(runtime, bugs, rom_path)
