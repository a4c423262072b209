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
from ..events import Run
from .bugs import Bug, resolve
from .cell_life_bugs import BUGS as CELL_LIFE_BUGS
from .life2_bugs import BUGS as LIFE2_BUGS


class Program(Protocol):
    """One run of a program: `run()` gives its events once."""

    def run(self) -> Run: ...


@dataclass(frozen=True)
class Script:
    """Typed lines for one run, and the seed its `time()` gives (None: the program uses no clock)."""

    lines: list[bytes]
    seed: int | None = None


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
    seeded: bool = False
    """Whether a run depends on the clock (srand(time(NULL))): then --seed fixes it."""
    computer_levels: tuple[str, ...] = ()
    """The levels its computers can play at (--computer), its own first; none when it has none."""
    editing_scripts: str | None = None
    """The module whose `editing_script(seed, index)` gives seeded editing keys (a screen editor's
    test), or None when the program has none."""
    through_a_tty: bool = False
    """Whether the original wrote through a Unix tty, which turns its newlines into CR LF and its tabs
    into spaces on the way to a terminal (a BASIC sends its own CR LF)."""

    def load(self) -> ModuleType:
        return import_module(self.module)

    def make(
        self,
        runtime: str,
        bugs: Iterable[str],
        seed: int | None = None,
        person: bool = False,
        computer: str | None = None,
    ) -> Program:
        """One run on `runtime` with `bugs` on; `seed` is what the program's clock gives, if it has one;
        `person`: a person types, whose end of input ends the game (else a file's, read on past);
        `computer`: its computers' level (see computer_levels)."""
        chosen = {} if computer is None else {"computer": computer}
        return self.load().make_program(self.check_runtime(runtime), frozenset(bugs), seed, person, **chosen)

    def check_runtime(self, runtime: str) -> str:
        if runtime not in self.runtimes:
            raise ValueError(f"{self.name} runs on {', '.join(self.runtimes)}, not {runtime!r}")
        return runtime

    def erase_key(self, runtime: str) -> str:
        """What Backspace should send to the runtime's line editor (the 1978 BASIC's `_`)."""
        return self.load().erase_key(self.check_runtime(runtime))

    def break_key(self, runtime: str) -> bytes | None:
        """What Ctrl-C at a prompt is to the runtime: a key its editor reads, or None (it stops life2)."""
        return self.load().break_key(self.check_runtime(runtime))

    def resolve_bugs(self, fixed: bool, switches: Iterable[tuple[bool, str]] = ()) -> frozenset[str]:
        return resolve(self.bugs, fixed, switches)

    def script(self, seed: int, index: int) -> Script:
        """Generated script `index` of `seed`: always the same lines (and game seed)."""
        made = import_module(self.scripts).script(seed, index)
        return made if isinstance(made, Script) else Script(made)

    def editing_script(self, seed: int, index: int) -> Script:
        """Generated editing script `index` of `seed` (ValueError if the program has none)."""
        if self.editing_scripts is None:
            raise ValueError(f"{self.name} has no editing scripts")
        return Script(import_module(self.editing_scripts).editing_script(seed, index))

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
        editing_scripts="life2_retro.programs.life2_editing",
    ),
    "cell-life": ProgramEntry(
        name="cell-life",
        title="Cell Life ver 2008Dec05, Joseph Larson",
        module="life2_retro.programs.cell_life",
        runtimes=("c",),
        bugs=CELL_LIFE_BUGS,
        scripts="life2_retro.programs.cell_life_scripts",
        reference="life2_retro.reference.cell_life",
        oracle_runtime="c",
        seeded=True,
        computer_levels=("c", "1", "2", "3"),
        through_a_tty=True,
    ),
}
DEFAULT_PROGRAM = "life2"


def program_entry(name: str) -> ProgramEntry:
    """The program registered under `name`."""
    try:
        return PROGRAMS[name]
    except KeyError:
        raise ValueError(f"unknown game {name!r}: choose from {', '.join(PROGRAMS)}") from None
