"""The 1978 BASIC's time: 6502 cycles, segment by segment, as Microsoft's 6502 BASIC spent them.

A segment is a stretch during which the BASIC's current-line pointer (CURLIN)
holds one line (the machine tells where each begins: basic/machine.py). The
meter charges each segment when the next begins, because what a segment cost
depends on how it ended: an IF that jumped, a NEXT that went round again. What
one segment of a line costs is the program's own price list (its LineCosts: for
LIFE2, programs/life2/cycles.py); the meter knows the BASIC's side.

CURLIN is two bytes, written low byte first (NEWSTT: STA CURLIN, INY,
LDA (TXTPTR),Y, STA CURLIN+1, m6502.asm L2156-2159; NEXT: STA CURLIN, LDA,
STA CURLIN+1, L3144-3146; RETURN: PULWD CURLIN, L2431). When a change alters
both bytes, CURLIN holds for a moment a line that is neither: the low byte of
the new one with the high byte of the old (going from 110 to 300 it holds 44).
Measured on the real ROM, those are segments too, of 10 cycles after NEWSTT and
7 after NEXT or RETURN, taken from the start of the segment that follows: they
change the count of segments, not the total.

The meter is on the interpreter's hottest path, called for every segment, so
it compiles: each (segment, segment after it) pair met is asked of the price
list once, which answers a number of cycles or a function to call each time.
Even so a call a segment costs more than the segments' arithmetic, so a price
list may also price a whole subroutine at once (its WholePasses): when a line
that begins one is entered, the meter charges everything up to the subroutine's
last segment in one call and the machine tells it nothing more until the RETURN
(LIFE2's board passes, some 300 segments a generation). Without WholePasses the
meter charges segment by segment, and is the oracle the passes are tested by.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..events import Stop
from .machine import RESUMED_BY_RETURN

RETURNED = -1
"""The segment that follows is a RETURN coming back into its caller's line."""
ENDED = -2
"""No segment follows: the program stopped (END, an error, an answer that stops it)."""

TORN_AFTER_NEWSTT = 10
TORN_AFTER_RESUME = 7

Charge = int | Callable[[Any], int]
"""What a segment costs: always the same, or as a function reads it from the program's variables.
The function takes the program's own LineCosts class (LIFE2's Life2Costs), hence `Any`: a function
of one class of price list is no function of every LineCosts."""


# The two contracts are the type checker's: making a Protocol class costs every `life2 run --cycles`
# a little of its start, and nothing asks for them while it runs.
if TYPE_CHECKING:
    from typing import Protocol

    class CycleCount(Protocol):
        """What a run's cycle count answers: the re-creation's CycleMeter, priced from the
        measured figures, or the 1977 machine's own count (osi/engine.RomMeter)."""

        @property
        def cycles(self) -> int: ...

        @property
        def segments(self) -> int: ...

        def total(self, stop: Stop) -> int: ...

        def segments_done(self, stop: Stop) -> int: ...

    class LineCosts(Protocol):
        """A program's price list: what a segment of each of its lines cost the 1977 ROM."""

        compiled: dict[int, Charge]
        """The charges compiled so far (see CycleMeter), shared by every run priced by the same list."""

        def compile(self, line: int, how: int, following: int) -> Charge:
            """The charge for a segment of `line`, begun `how` (machine.ENTERED, ...), ended as the
            segment of `following` begins (a line, RETURNED or ENDED). A function is called with the
            run's own LineCosts, so that one compiled charge serves every run."""

        def typed(self, prompt: bytes, keys: bytes, buffer: bytes) -> None:
            """A line typed at INPUT (its characters are charged to the INPUT's segment)."""

        def pending(self) -> int:
            """Cycles the price list owes the run outside any segment's charge so far (LIFE2: what
            output held back by Ctrl-O saved, settled at each INPUT)."""

    class WholePasses(Protocol):
        """The stretches a price list prices whole, from the state they begin in: subroutines (up to
        their RETURN), or runs of lines up to a line entered next."""

        starts: frozenset[int]
        """The lines that begin one, when a segment of one is entered at its start."""

        def price(self, line: int) -> tuple[int, int, int, int]:
            """What the stretch that `line` begins costs, from the segment `line` begins up to its last
            one (which is charged as the segment after the stretch begins): (cycles, segments begun after
            the first, half-written ones included, the last segment as line << 2 | how, and where the
            stretch ends: machine.UNTIL_RETURN, or the line entered next)."""


def torn_cycles(last: int, line: int, how: int) -> int:
    """The cycles CURLIN spends half written going from `last` to `line` (0 when one byte changes)."""
    changed = last ^ line
    if not (changed & 0xFF and changed >> 8):
        return 0
    return TORN_AFTER_NEWSTT if how == 0 else TORN_AFTER_RESUME


def _price(charge: Charge, costs: LineCosts) -> int:
    return charge(costs) if callable(charge) else charge


class CycleMeter:
    """Counts a run's segments and their cycles; the machine calls `segment` (Machine.count_segments).

    `cycles` is the total of the completed segments and `segments` their number, the half-written
    ones included. `total` adds the segment in progress when the program has stopped (the one that
    printed its last message), not when it waits for a line that never comes.

    A segment and the one after it make a key, compiled to its charge once (by the price list, and
    kept there for every run); a key whose change of line writes CURLIN in two halves is compiled
    for this run only, to count the half-written segment too."""

    def __init__(self, costs: LineCosts, passes: WholePasses | None = None) -> None:
        self.costs = costs
        table = dict(costs.compiled)
        get = table.get
        torn = [0]
        last = 0  # the segment in progress, as line << 2 | how; line 0 is before the program
        cycles = 0
        segments = 0
        starts = frozenset() if passes is None else frozenset(line << 2 for line in passes.starts)
        price_pass = None if passes is None else passes.price

        def segment(line: int, how: int) -> int | None:
            nonlocal last, cycles, segments
            code = line << 2 | how
            charge = get(last << 12 | code)
            if charge.__class__ is int:  # most are: a number, no call
                cycles += charge
            else:
                if charge is None:
                    charge = self._compile(table, last, line, how, torn)
                cycles += charge if isinstance(charge, int) else charge(costs)
            segments += 1
            last = code
            if code in starts:  # a stretch priced whole: the machine is quiet until its end
                assert price_pass is not None
                more_cycles, more_segments, last, until = price_pass(line)
                cycles += more_cycles
                segments += more_segments
                return until
            return None

        def state() -> tuple[int, int, int]:
            return cycles, segments - 1 + torn[0], last

        self.segment = segment
        self._state = state
        self._last_segment: int | None = None

    def _compile(self, table: dict[int, Charge], last: int, line: int, how: int, torn: list[int]) -> Charge:
        key = last << 12 | line << 2 | how
        if last == 0:
            table[key] = 0
            return 0
        following = RETURNED if how == RESUMED_BY_RETURN else line
        charge = self.costs.compile(last >> 2, last & 3, following)
        if not torn_cycles(last >> 2, line, how):
            table[key] = self.costs.compiled[key] = charge
            return charge

        def counted(costs: LineCosts) -> int:  # the half-written CURLIN between the two is one segment more
            torn[0] += 1
            return _price(charge, costs)

        table[key] = counted
        return counted

    def log_to(self, log: list[tuple[int, int]]) -> None:
        """From now on, append (line, cycles of the segments done) as each segment begins: what
        `compare --cycles` lines up with the 1977 machine's own segments. Only by segment (no
        WholePasses): a stretch priced whole has no segments to log."""
        segment = self.segment

        def logged(line: int, how: int) -> int | None:
            until = segment(line, how)
            log.append((line, self.cycles))
            return until

        self.segment = logged

    def typed(self, prompt: bytes, keys: bytes, buffer: bytes) -> None:
        self.costs.typed(prompt, keys, buffer)

    @property
    def cycles(self) -> int:
        return self._state()[0]

    @property
    def segments(self) -> int:
        return max(0, self._state()[1])

    def total(self, stop: Stop) -> int:
        """Cycles from the first statement to where the run stopped: what `life2 run --cycles` says."""
        cycles, _, last = self._state()
        if last == 0:
            return cycles
        if stop is Stop.INPUT_ENDED:
            return cycles + self.costs.pending()
        if self._last_segment is None:  # priced once: its price may take what was typed
            self._last_segment = _price(self.costs.compile(last >> 2, last & 3, ENDED), self.costs)
        return cycles + self._last_segment + self.costs.pending()

    def segments_done(self, stop: Stop) -> int:
        """How many segments `total` counts."""
        _, segments, last = self._state()
        return max(0, segments) + (0 if last == 0 or stop is Stop.INPUT_ENDED else 1)
