"""The programs life2 runs, each written line by line (or function by function) against its runtime.

A program does no I/O: it is a generator of events (basic/events.py) that a
driver connects to a terminal. The registry below names each one, the way the
terminal registry names terminals: a name maps to the program's module, the
runtimes it runs on, its bug switches, its generated test scripts and its
reference oracle. Modules are imported when a program is used, so the command
line can list the programs and their switches at once.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from importlib import import_module
from types import ModuleType
from typing import Protocol

from ..basic.dialects import DEFAULT_DIALECT, DIALECT_NAMES
from ..basic.events import Run
from .bugs import Bug, resolve
from .life2_bugs import BUGS as LIFE2_BUGS


class Program(Protocol):
    """One run of a program: `run()` gives its events once."""

    def run(self) -> Run: ...


@dataclass(frozen=True)
class ProgramEntry:
    name: str
    title: str
    module: str
    """Its module: `make_program(runtime, bugs)` builds one run."""
    runtimes: tuple[str, ...]
    """What it can run on (LIFE2: the BASIC dialects); the first is the default."""
    bugs: Mapping[str, Bug]
    scripts: str
    """The module whose `script(seed, index)` gives seeded responses for tests and benchmarks."""
    reference: str
    """The reference adapter's module: the original program as reference data, and its oracle."""
    oracle_runtime: str
    """The runtime the oracle runs: `compare` and `bench` default to it."""

    def load(self) -> ModuleType:
        return import_module(self.module)

    def make(self, runtime: str, bugs: Iterable[str]) -> Program:
        """One run on `runtime` with `bugs` on."""
        return self.load().make_program(self.check_runtime(runtime), frozenset(bugs))

    def check_runtime(self, runtime: str) -> str:
        if runtime not in self.runtimes:
            raise ValueError(f"{self.name} runs on {', '.join(self.runtimes)}, not {runtime!r}")
        return runtime

    def erase_key(self, runtime: str) -> str:
        """What Backspace should send to the runtime's line editor (the 1978 BASIC's `_`)."""
        return self.load().erase_key(self.check_runtime(runtime))

    def resolve_bugs(self, fixed: bool, switches: Iterable[tuple[bool, str]] = ()) -> frozenset[str]:
        return resolve(self.bugs, fixed, switches)

    def script(self, seed: int, index: int) -> list[bytes]:
        """Generated script `index` of `seed`: always the same responses."""
        return import_module(self.scripts).script(seed, index)

    def reference_adapter(self) -> ModuleType:
        return import_module(self.reference)


PROGRAMS: dict[str, ProgramEntry] = {
    "life2": ProgramEntry(
        name="life2",
        title="LIFE2, Brian Wyvill (Basic Computer Games, 1978)",
        module="life2_retro.programs.life2",
        runtimes=tuple(sorted(DIALECT_NAMES, key=lambda name: name != DEFAULT_DIALECT.rules.name)),
        bugs=LIFE2_BUGS,
        scripts="life2_retro.programs.life2_scripts",
        reference="life2_retro.reference.life2",
        oracle_runtime="gwbasic",
    ),
}
DEFAULT_PROGRAM = "life2"


def program_entry(name: str) -> ProgramEntry:
    """The program registered under `name`."""
    try:
        return PROGRAMS[name]
    except KeyError:
        raise ValueError(f"unknown game {name!r}: choose from {', '.join(PROGRAMS)}") from None
