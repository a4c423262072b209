"""The programs life2 runs, each written line by line (or function by function) against its runtime.

A program does no I/O: it is a generator of events (events.py) that a
driver connects to a terminal. The registry below names each one, the way the
terminal registry names terminals: a name maps to the program's module, the
runtimes it runs on, its bug switches, its generated test scripts, its
reference oracle, and the settings it offers beyond those. Modules are
imported when a program is used, so the command line can list the programs and
their switches at once.

A program of our own (p2life) has no original: no bug switches and no
reference, and the commands that run an original beside it say so. The
originals' adapters are named in the reference package (reference/__init__.py),
which imports the programs; the programs never reach up to it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from importlib import import_module
from typing import TYPE_CHECKING, Any, Protocol

from ..automata.rules import VARIANTS
from ..basic.dialects import DEFAULT_DIALECT, DIALECT_NAMES
from ..events import PromptTurns, Run
from .bugs import Bug, resolve
from .cell_life.bugs import BUGS as CELL_LIFE_BUGS
from .life2.bugs import BUGS as LIFE2_BUGS
from .p2life.board import LARGEST, SMALLEST

if TYPE_CHECKING:  # the meter's module is imported only when a run is priced
    from ..basic.cycles import CycleCount


class Program(Protocol):
    """One run of a program: `run()` gives its events once."""

    def run(self) -> Run: ...


class ProgramModule(Protocol):
    """What a program's module gives the registry (ProgramEntry.module), imported when it is used."""

    make_program: Callable[..., Program]
    """`make_program(runtime, bugs, seed, person, **keywords)`: one run. Its keywords are the
    program's own (see ProgramEntry.make), so they are not spelt out here."""

    def erase_key(self, runtime: str) -> str: ...

    def break_key(self, runtime: str) -> bytes | None: ...

    def breaks_between_statements(self, runtime: str) -> bool: ...


ENGINE, ROM = "engine", "rom"
"""The settings that choose what runs the program: the re-creation, or an engine that runs the
original itself on its own interpreter (LIFE2: `6502`, Microsoft's 1977 BASIC, from its `rom`);
such a run is made by the program's reference adapter, not here."""
RE_CREATION = "python"


class ProgramUnavailable(Exception):
    """What a run needs is not on this machine (an original, a ROM, a compiler); the message says
    what, and where to get it."""


@dataclass(frozen=True)
class Script:
    """Typed lines for one run, and the seed its `time()` gives (None: the program uses no clock)."""

    lines: list[bytes]
    seed: int | None = None


@dataclass(frozen=True)
class Setting:
    """A choice a program offers besides its mode (p2life's board size): a keyword of its
    `make_program`, and the flag `--NAME` of the commands that play it."""

    name: str
    help: str
    kind: type = str
    """int or str."""
    choices: tuple[str, ...] = ()
    low: int | None = None
    high: int | None = None
    metavar: str = "N"

    @property
    def flag(self) -> str:
        return "--" + self.name

    def check(self, value: Any) -> Any:
        """The value, if the program allows it; ValueError saying what it allows."""
        if self.choices and value not in self.choices:
            allowed = ", ".join(self.choices)
        elif (self.low is not None and value < self.low) or (self.high is not None and value > self.high):
            allowed = f"{self.low} to {self.high}" if self.high is not None else f"{self.low} or more"
        else:
            return value
        raise ValueError(f"{self.flag} is {value!r}; allowed: {allowed}")


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
    oracle_runtime: str | None = None
    """The runtime its oracle runs (`compare` and `bench` say so in one line for any other)."""
    seeded: bool = False
    """Whether a run depends on the clock (srand(time(NULL))) or on dice: then --seed fixes it."""
    seed_help: str = ""
    """What --seed seeds, in the help."""
    computer_levels: tuple[str, ...] = ()
    """The levels its computers can play at (--computer), its own first; none when it has none."""
    computer_seats: int = 1
    """How many levels --computer may name, comma-separated, one a seat (p2life: black, or white and
    black)."""
    computer_help: str = ""
    settings: tuple[Setting, ...] = ()
    """What else it offers (board size, rule variant): keywords of its `make_program`."""
    editing_scripts: str | None = None
    """The module whose `editing_script(seed, index)` gives seeded editing keys (a screen editor's
    test), or None when the program has none."""
    through_a_tty: bool = False
    """Whether the original wrote through a Unix tty, which turns its newlines into CR LF and its tabs
    into spaces on the way to a terminal (a BASIC sends its own CR LF)."""
    cycles: str | None = None
    """The module whose `count_cycles(program)` prices a run in the 1977 ROM's 6502 cycles (--cycles,
    the exhibit's historical speed), or None when there are no figures for the program."""
    cycles_runtime: str = "ms1978"
    """The runtime the cycle figures are for: the 6502 BASIC they were measured on."""
    text_from_original: bool = False
    """Whether the program prints words of its original that this project does not carry: its
    `make_program` then takes them as keywords (`words`), which whoever makes a run reads from the
    original through its reference adapter (reference.original_words)."""

    seats: str | None = None
    """The module that reads whose turn each prompt is (its `turns()`) and says how many players may
    have a seat of their own (`SEATS`), for `--seat`; None: the program has one keyboard only."""

    def load(self) -> ProgramModule:
        return import_module(self.module)

    def make(
        self,
        runtime: str,
        bugs: Iterable[str],
        seed: int | None = None,
        person: bool = False,
        computer: str | None = None,
        words: Mapping[str, str] | None = None,
        **settings: Any,
    ) -> Program:
        """One run on `runtime` with `bugs` on; `seed` is what the program's clock gives, if it has one;
        `person`: a person types, whose end of input ends the game (else a file's, read on past);
        `computer`: its computers' level (see computer_levels); `words`: its original's words, where
        it prints some (see text_from_original); `settings`: see `settings`."""
        chosen = {} if computer is None else {"computer": self.check_computer(computer)}
        offered = {setting.name: setting for setting in self.settings}
        engine = settings.pop(ENGINE, RE_CREATION)
        settings.pop(ROM, None)
        if engine != RE_CREATION:
            raise ValueError(
                f"--engine {engine} runs the original itself: its reference adapter makes that run "
                "(reference.make_program)"
            )
        for name, value in settings.items():
            if name not in offered:
                raise ValueError(f"{self.name} takes no --{name}")
            chosen[name] = offered[name].check(value)
        runtime = self.check_runtime(runtime)
        chosen.update(words or {})
        return self.load().make_program(runtime, frozenset(bugs), seed, person, **chosen)

    def check_computer(self, computer: str) -> str:
        """`--computer`: a level, or (where a program has more seats for it) levels, comma-separated."""
        levels = computer.split(",")
        if not self.computer_levels:
            raise ValueError(f"{self.name} has no computer players to set")
        if len(levels) > self.computer_seats or any(level not in self.computer_levels for level in levels):
            seats = ""
            if self.computer_seats > 1:
                example = ",".join(self.computer_levels[-self.computer_seats :])
                seats = f"; or {self.computer_seats} of them, one a seat, as {example}"
            raise ValueError(
                f"--computer for {self.name} is {computer!r}; allowed: "
                f"{', '.join(self.computer_levels)}{seats}"
            )
        return computer

    def check_cycles(self, runtime: str) -> None:
        """ValueError saying why a run on `runtime` cannot be priced in 6502 cycles, if it cannot."""
        if self.cycles is None:
            priced = ", ".join(name for name, entry in PROGRAMS.items() if entry.cycles)
            raise ValueError(f"6502 cycles are measured for {priced} only, not {self.name}")
        if runtime != self.cycles_runtime:
            needed = self.cycles_runtime
            raise ValueError(f"6502 cycles are the 1977 BASIC's: they need --dialect {needed}, not {runtime}")

    def count_cycles(
        self,
        program: Program,
        runtime: str,
        by_segment: bool = False,
        log: list[tuple[int, int]] | None = None,
    ) -> CycleCount:
        """A basic.cycles.CycleMeter on `program` (made for `runtime`), from its run on; `by_segment`
        charges every segment as it ends (a pace that follows the old machine line by line), rather
        than a stretch such as a board pass at once; `log` gets each segment's line and the cycles
        before it (basic.cycles.CycleMeter.log_to). A program on the 1977 machine itself counts its
        own cycles (its `measured_cycles`), segment by segment."""
        self.check_cycles(runtime)
        assert self.cycles is not None  # check_cycles refuses a program without figures
        measured: CycleCount | None = getattr(program, "measured_cycles", None)
        if measured is not None:
            return measured
        logged = {} if log is None else {"log": log}
        meter: CycleCount = import_module(self.cycles).count_cycles(program, by_segment=by_segment, **logged)
        return meter

    def seating(self) -> tuple[int, PromptTurns]:
        """How many players may have a seat each, and a reader of whose turn each prompt is; ValueError
        for a program with one keyboard only."""
        if self.seats is None:
            raise ValueError(f"{self.name} has one keyboard only: it takes no --seat")
        module = import_module(self.seats)
        most: int = module.SEATS
        turns: PromptTurns = module.turns()
        return most, turns

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

    def breaks_between_statements(self, runtime: str) -> bool:
        """Whether Ctrl-C while the program runs stops it at its next statement, with its own BREAK
        message (a BASIC), rather than ending life2 (session.drive)."""
        return self.load().breaks_between_statements(self.check_runtime(runtime))

    def resolve_bugs(self, fixed: bool, switches: Iterable[tuple[bool, str]] = ()) -> frozenset[str]:
        return resolve(self.bugs, fixed, switches)

    def script(self, seed: int, index: int, hostile: bool = False) -> Script:
        """Generated script `index` of `seed`: always the same lines (and game seed). `hostile`: with
        the keys only a real 1978 BASIC beside it is asked to take (control and bit-7 keys), where the
        program's scripts have them (`hostile_script`)."""
        module = import_module(self.scripts)
        made = module.hostile_script(seed, index) if hostile and hasattr(module, "hostile_script") else None
        made = made if made is not None else module.script(seed, index)
        return made if isinstance(made, Script) else Script(made)

    def editing_script(self, seed: int, index: int) -> Script:
        """Generated editing script `index` of `seed` (ValueError if the program has none)."""
        if self.editing_scripts is None:
            raise ValueError(f"{self.name} has no editing scripts")
        return Script(import_module(self.editing_scripts).editing_script(seed, index))


PROGRAMS: dict[str, ProgramEntry] = {
    "life2": ProgramEntry(
        name="life2",
        title="LIFE2, Brian Wyvill (Basic Computer Games, 1978)",
        module="life2_retro.programs.life2.program",
        runtimes=tuple(sorted(DIALECT_NAMES, key=lambda name: name != DEFAULT_DIALECT.rules.name)),
        bugs=LIFE2_BUGS,
        scripts="life2_retro.programs.life2.scripts",
        oracle_runtime="gwbasic",
        editing_scripts="life2_retro.programs.life2.editing",
        cycles="life2_retro.programs.life2.cycles",
        settings=(
            Setting(
                ENGINE,
                "python: the re-creation, line by line (default); 6502: the listing itself on Microsoft's "
                "1977 6502 BASIC in an emulated 6502 (ms1978; the ROM from --rom, $LIFE2_ROM or "
                "../shared/reference/)",
                choices=(RE_CREATION, "6502"),
                metavar="ENGINE",
            ),
            Setting(ROM, "with --engine 6502: the ROM image (osi-6502-basic-1977.bin)", metavar="PATH"),
        ),
        seats="life2_retro.programs.life2.seats",
    ),
    "cell-life": ProgramEntry(
        name="cell-life",
        title="Cell Life ver 2008Dec05, Joseph Larson",
        module="life2_retro.programs.cell_life.program",
        runtimes=("c",),
        bugs=CELL_LIFE_BUGS,
        scripts="life2_retro.programs.cell_life.scripts",
        oracle_runtime="c",
        seeded=True,
        seed_help="what its time() returns, which seeds its rand()",
        computer_levels=("c", "1", "2", "3"),
        computer_help="its computers' level: c the program's own (default), 1 at random, 2 the best square "
        "one generation on, 3 two on",
        through_a_tty=True,
        text_from_original=True,
        seats="life2_retro.programs.cell_life.seats",
    ),
    "p2life": ProgramEntry(
        name="p2life",
        title="p2life, after Levene & Roussos's two-player Game of Life: LIFE2's game on its rules",
        module="life2_retro.programs.p2life.program",
        runtimes=("python",),
        bugs={},
        scripts="life2_retro.programs.p2life.scripts",
        seats="life2_retro.programs.p2life.seats",
        seeded=True,
        seed_help="the seed of its coin (the birth at 3 and 3) and of its computers' dice",
        computer_levels=("1", "2", "3"),
        computer_seats=2,
        computer_help="LEVEL, the computer plays black; or WHITE,BLACK, it plays both: 1 at random, 2 the "
        "best square one generation on, 3 the turn solved as a game of simultaneous moves",
        settings=(
            Setting(
                "board",
                f"the board, N by N squares, {SMALLEST} to {LARGEST} (default {SMALLEST})",
                int,
                low=SMALLEST,
                high=LARGEST,
            ),
            Setting(
                "variant",
                "the rules: 0 the paper's (default), or its variant 1, 2, 3, 4a or 4b",
                choices=tuple(VARIANTS),
                metavar="V",
            ),
            Setting(
                "rounds",
                "end the game after N rounds, the more pieces winning (default: no limit)",
                int,
                low=1,
            ),
        ),
    ),
}
DEFAULT_PROGRAM = "life2"


def program_entry(name: str) -> ProgramEntry:
    """The program registered under `name`."""
    try:
        return PROGRAMS[name]
    except KeyError:
        raise ValueError(f"unknown game {name!r}: choose from {', '.join(PROGRAMS)}") from None
