"""What each segment of LIFE2 cost Microsoft's 1977 6502 BASIC: the price list behind `--cycles`.

A segment of a line is charged two parts:

* a **base** for its class: the line, how the segment began (at the line's
  start, or resumed inside it by NEXT or RETURN), how it ended (the line that
  follows, or a RETURN), and for some lines which way an IF went. The bases are
  figures derived from measurements of the real ROM (cycles.json, made by
  tools/fit_cycles.py: see basic_reference/cycles.md), carried for the meter as
  cycle_tables.py (made from cycles.json by tools/make_cycle_tables.py, with
  what the board passes share in every game priced in advance);
* the **value-dependent** cycles of what the line did with its numbers, counted
  from the ROM's source (basic/m6502.py): the subscripts it made integers, the
  sums it added, the comparisons, the NEXT's step, the digits typed at INPUT
  (cycle_parts.py; the board passes' lines in cycle_pass_parts.py, loaded only
  when a meter charges the passes segment by segment).

A line that a bug switch replaces (`_<n>_fixed`) is charged as the line it
replaces; the segments only the patches make (543, 721, 800, and the lines
that go on to them) are priced from the measured ones they resemble
(cycle_patches.py).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ...basic.cycles import ENDED, CycleMeter
from ...basic.m6502 import OUTDO_CONTROL, OUTDO_HELD, OUTDO_PRINTING
from ...basic.m6502_input import typed_cycles
from .cycle_parts import INPUT_BASE, PARTS, PASS_LINES, WAYS, ClassKey, Part, SubClass
from .cycle_passes import BoardPasses, PassMemo
from .program import Life2Program

if TYPE_CHECKING:
    from ...basic.cycles import Charge


def _here() -> Path:
    """Where the package keeps its figures (a plain path: importlib.resources costs `life2 run --cycles`
    a few milliseconds more to start; and made when asked, as a run priced by cycle_tables never is)."""
    return Path(__file__).parent


UNKNOWN_SEGMENT = 2000
"""A class the figures do not hold (a path no measured game took): the line's measured mean is used,
and this where there is none."""


class CycleFigures:
    """The derived figures: a base for each class of segment, each line's measured mean (for a class
    no measured game took), and what an INPUT costs beyond its one line. (A plain class: a dataclass
    would cost `life2 run --cycles` its making at every start.)"""

    def __init__(
        self,
        bases: dict[ClassKey, float],
        line_means: dict[int, float],
        input_costs: dict[str, int],
        patched: dict[ClassKey, float] | None = None,
    ) -> None:
        self.bases = bases
        self.line_means = line_means
        self.input_costs = input_costs
        self.compiled: dict[int, Charge] = {}
        """The meters' compiled charges (basic.cycles.CycleMeter), kept for every run priced by these."""
        self.passes = PassMemo()
        """The board passes priced so far (cycle_passes.BoardPasses), kept likewise."""
        if patched is None:
            from .cycle_patches import patch_bases

            patched = patch_bases(bases)
        self.patched = patched
        """The classes only the bug patches make, derived from the measured ones (cycle_patches)."""


def _sub_from_text(text: str) -> SubClass:
    return {"-": None, "true": True, "false": False}.get(text, text)


def _sub_to_text(sub: SubClass) -> str:
    texts: dict[SubClass, str] = {None: "-", True: "true", False: "false"}
    return texts.get(sub, str(sub))


def key_text(key: ClassKey) -> str:
    """A class as the figures file writes it: `line how following which-way`."""
    line, how, following, sub = key
    return f"{line} {how} {following} {_sub_to_text(sub)}"


def key_from_text(text: str) -> ClassKey:
    line, how, following, sub = text.split()
    return int(line), int(how), int(following), _sub_from_text(sub)


@cache
def load_figures() -> CycleFigures:
    """The figures the package carries, with what every game's board passes share priced in advance:
    cycle_tables, the Python form of cycles.json (a module, as importing the json module and reading
    the file cost `life2 run --cycles` as much as the meter's work in a short game)."""
    from . import cycle_tables as tables

    figures = CycleFigures(tables.BASES, tables.LINE_MEANS, tables.INPUT_COSTS, tables.PATCHED)
    memo = figures.passes
    memo.openings.update(tables.OPENINGS)
    memo.frames.update(tables.FRAMES)
    memo.printed_made = tables.PRINTED_CODES, tables.PRINTED_PRICES
    memo.live_made = tables.LIVE_CODES, tables.LIVE_PRICES
    memo.empty_made = tables.EMPTY_CODES, tables.EMPTY_PRICES
    memo.sums_made = {
        1: (tables.SUMS_OF_1_CODES, tables.SUMS_OF_1_PRICES),
        10: (tables.SUMS_OF_10_CODES, tables.SUMS_OF_10_PRICES),
    }
    memo.counters.update(tables.COUNTERS)
    memo.finding = tables.FINDING
    memo.live_places = tables.LIVE_PLACES
    memo.neighbours = tables.NEIGHBOURS
    return figures


def read_figures() -> CycleFigures:
    """cycles.json as tools/fit_cycles.py wrote it, with nothing priced yet: what cycle_tables is made
    from (tools/make_cycle_tables.py)."""
    import json

    raw = json.loads(_here().joinpath("cycles.json").read_text(encoding="utf-8"))
    return CycleFigures(
        {key_from_text(text): value for text, value in raw["bases"].items()},
        {int(line): value for line, value in raw["line_means"].items()},
        dict(raw["input"]),
    )


@cache
def measured() -> dict[str, Any]:
    """osi6502_measured.json, carried by the package: the table of 60 games and the worked examples,
    as measured on the 1977 ROM (the figures the bases were fitted to, and the model's test)."""
    import json

    text = _here().joinpath("osi6502_measured.json").read_text(encoding="utf-8")
    tables: dict[str, Any] = json.loads(text)
    return tables


def _exit(line: int, following: int) -> int:
    """How a segment of `line` ended, as its class says it: a RETURN is a RETURN, wherever it goes;
    every segment of 700 ends as 701 begins (the waiting one is never counted)."""
    return 701 if line == 700 and following == ENDED else following


class Life2Costs:
    """LIFE2's price list for one run (basic.cycles.LineCosts)."""

    def __init__(self, program: Life2Program, figures: CycleFigures | None = None) -> None:
        self.program = program
        self.figures = figures or load_figures()
        self.compiled = self.figures.compiled
        self.first_done: set[int] = set()
        self._typed: list[tuple[bytes, bytes, bytes]] = []

    def typed(self, prompt: bytes, keys: bytes, buffer: bytes) -> None:
        self._typed.append((prompt, keys, buffer))

    def take_typed(self) -> int:
        """The cycles of the lines typed since the last INPUT, beyond one plain line: each line's
        characters and digits, and the pass that asked again (?REDO FROM START) or for more (??)."""
        typed, self._typed = self._typed, []
        return typed_cycles(typed, 2) + self._withheld(settle=True)

    def _withheld(self, settle: bool) -> int:
        """What the output Ctrl-O held back since it was last settled saved the ROM (OUTDO returns
        at once: m6502.OUTDO_HELD), a negative number of cycles; `settle`: start counting again."""
        printer = self.program.m.printer
        printing, control = printer.withheld_printing, printer.withheld_control
        if not printing and not control:
            return 0
        if settle:
            printer.withheld_printing = printer.withheld_control = 0
        return -(OUTDO_PRINTING - OUTDO_HELD) * printing - (OUTDO_CONTROL - OUTDO_HELD) * control

    def pending(self) -> int:
        return self._withheld(settle=False)

    def base(self, key: ClassKey) -> int:
        """A class's base: the figures', else the line's measured mean, else an estimate."""
        if key[0] == 701:  # measured on the ROM itself, whatever was typed (cycle_parts.INPUT_BASE)
            return INPUT_BASE
        base = self.figures.bases.get(key)
        if base is None:
            line = key[0]
            base = self.figures.patched.get(key)
            if base is None:
                base = self.figures.line_means.get(line, UNKNOWN_SEGMENT)
        return round(base)

    def describe(self, line: int, how: int, following: int) -> tuple[ClassKey, int]:
        """A segment's class and value-dependent cycles, segment by segment: what the figures are
        fitted with (tools/fit_cycles.py). `compile` charges the same in total."""
        part = PARTS.get(line)
        if line in PASS_LINES:
            from .cycle_pass_parts import LOOP_PARTS
            from .cycle_pass_parts import PARTS as PASS_PARTS

            part = PASS_PARTS.get(line) or LOOP_PARTS.get(line)
        sub, cycles = part(self, how, following) if part is not None else (None, 0)
        return (line, how, _exit(line, following), sub), cycles

    def compile(self, line: int, how: int, following: int) -> Charge:
        exit_ = _exit(line, following)
        part: Part | None = PARTS.get(line)
        loop: Callable[[Life2Costs], int] | None = None
        if line in PASS_LINES:  # charged one by one: a meter that prices the passes whole never asks
            from .cycle_pass_parts import LOOPS
            from .cycle_pass_parts import PARTS as PASS_PARTS

            part, loop = PASS_PARTS.get(line), LOOPS.get((line, exit_))
        if part is not None and line not in WAYS:
            base = self.base((line, how, exit_, None))
            return lambda costs: base + part(costs, how, following)[1]
        if part is not None:
            bases: dict[SubClass, int] = {}

            def charge(costs: Life2Costs) -> int:
                sub, cycles = part(costs, how, following)
                base = bases.get(sub)
                if base is None:
                    base = bases[sub] = costs.base((line, how, exit_, sub))
                return base + cycles

            return charge
        base = self.base((line, how, exit_, None))
        if loop is None:
            return base
        return lambda costs: base + loop(costs)


def count_cycles(
    program: Life2Program,
    figures: CycleFigures | None = None,
    by_segment: bool = False,
    log: list[tuple[int, int]] | None = None,
) -> CycleMeter:
    """A meter on `program`'s machine: from its run on, every segment is charged (ms1978 only).

    The board passes are priced whole (cycle_passes), unless `by_segment`: then the meter is told of
    every segment and charges each as it ends, which is slower and the same in total (the oracle the
    passes are tested by; and what a pace that follows the old machine line by line needs). `log`:
    each segment's line and the cycles before it, as it begins (by segment, then)."""
    costs = Life2Costs(program, figures)
    by_segment = by_segment or log is not None
    meter = CycleMeter(costs, None if by_segment else BoardPasses(costs, costs.figures.passes))
    if log is not None:
        meter.log_to(log)
    program.m.count_segments(meter)
    return meter
