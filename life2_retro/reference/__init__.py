"""The reference adapter: the original programs as reference data, and the oracles that run them.

The programs themselves are never part of the project. This package finds a
user's copy and checks it by its SHA-256, merges our own patch lines (kept in
the top-level `basic_reference/` folder, installed as data) over the listing,
and runs the result in PC-BASIC for the differential tests, `compare` and
`bench`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from importlib import import_module
from types import ModuleType
from typing import Any

from ..programs import ENGINE, RE_CREATION, ROM, Program, ProgramEntry, ProgramUnavailable

ADAPTERS: dict[str, str] = {
    "life2": "life2_retro.reference.life2",
    "cell-life": "life2_retro.reference.cell_life",
}
"""Program name (the program registry's) -> its reference adapter. A program of our own (p2life) has
no original, and so no adapter. The map lives here, not in the program registry, because an adapter
imports its program: the programs never reach up to their references."""


def has_original(name: str) -> bool:
    return name in ADAPTERS


def adapter_of(name: str) -> ModuleType:
    """The reference adapter of program `name`; LookupError for a program with no original."""
    if name not in ADAPTERS:
        raise LookupError(f"{name} has no original program, and so no reference adapter")
    return import_module(ADAPTERS[name])


def original_words(name: str, wanted: bool) -> Mapping[str, str]:
    """The words of its original that a program prints and this project does not carry (Cell Life's
    introduction), read from the user's copy when the program is made; nothing when not `wanted`."""
    if not wanted:
        return {}
    words: Mapping[str, str] = adapter_of(name).program_text()
    return words


ENGINES: dict[tuple[str, str], str] = {
    ("life2", "6502"): "life2_retro.reference.life2_rom",
}
"""(program, engine) -> the module whose `engine_program(runtime, bugs, rom)` runs the original itself
on its own interpreter: LIFE2's listing on Microsoft's 1977 6502 BASIC, emulated."""


def make_program(
    entry: ProgramEntry,
    runtime: str,
    bugs: Iterable[str],
    seed: int | None = None,
    person: bool = False,
    computer: str | None = None,
    words: Mapping[str, str] | None = None,
    **settings: Any,
) -> Program:
    """One run, as ProgramEntry.make makes it, or on the engine `settings` names (ENGINE) that runs
    the original itself; ProgramUnavailable when that engine lacks what it needs (a ROM, a core)."""
    engine = settings.get(ENGINE, RE_CREATION)
    if engine == RE_CREATION:
        return entry.make(runtime, bugs, seed, person, computer, words, **settings)
    if (entry.name, engine) not in ENGINES:
        raise ProgramUnavailable(f"{entry.name} has no engine {engine!r}")
    if computer is not None or set(settings) - {ENGINE, ROM}:
        raise ProgramUnavailable(f"the {engine} engine runs the original as it is: it takes no other setting")
    module = import_module(ENGINES[entry.name, engine])
    made: Program = module.engine_program(entry.check_runtime(runtime), frozenset(bugs), settings.get(ROM))
    return made
