"""The line machine: which line runs next, the FOR/GOSUB stack, the trace, errors.

A program is a table of numbered lines, each a small function that does what its
BASIC line does and returns where execution goes next:

* an `int` is the start of a numbered line. Entering it is what TRON reports, so
  the machine yields it as a trace event;
* a callable is the rest of a line (after a FOR, or after a GOSUB that returns
  into the middle of a line). BASIC's TRON prints nothing there, so neither do we;
* an `Input` asks the machine to run an INPUT statement, then goes on at its `then`;
* `NEXT_LINE` falls through to the following line, whatever lines a patch added;
* `END` stops the program.

There is no parser and no interpreter here: only the bookkeeping that the 1978
BASIC keeps between statements, so that a line-by-line transcription of a
listing behaves, and traces, exactly as the listing does.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol, TypeAlias

from ..events import CTRL_C, REDISPLAY, Run, Stop
from .dialects import Dialect
from .errors import BasicError, break_message, error_message
from .inputs import InputStatement
from .printer import PrintItem, make_printer


class _Interrupted(Exception):
    """Ctrl-C was typed while the program ran: it stops before the line it was about to enter."""


class _End:
    """Marker a line returns to end the program."""

    def __repr__(self) -> str:
        return "END"


END = _End()


class _NextLine:
    """Marker for falling through to the line after the current one."""

    def __repr__(self) -> str:
        return "NEXT_LINE"


NEXT_LINE = _NextLine()


@dataclass(frozen=True, slots=True)
class Input:
    """An INPUT statement for `count` numeric variables, assigned by `store`."""

    count: int
    store: Callable[[Sequence[float]], None]
    then: Position


Position: TypeAlias = int | Callable[[], "Position"] | Input | _End | _NextLine

ENTERED = 0
"""A segment begins at the start of a line: falling through, a GOTO, GOSUB or THEN target, or a NEXT
or RETURN that goes on at the line after its own (what TRON shows)."""
RESUMED_BY_NEXT = 1
"""A segment begins inside a line, where NEXT goes back to after its FOR (TRON shows nothing)."""
RESUMED_BY_RETURN = 2
"""A segment begins inside a line, where RETURN comes back to after its GOSUB (TRON shows nothing)."""

UNTIL_RETURN = -1
"""A meter priced the subroutine a segment begins, up to its RETURN (SegmentMeter.segment)."""

Meter: TypeAlias = Callable[[int, int], int | None]


class SegmentMeter(Protocol):
    """What the machine tells a cycle model (basic/cycles.py): where each segment begins, and what
    was typed at INPUT.

    A segment is a stretch during which the 1978 BASIC's current-line pointer (CURLIN) holds one
    line. It begins when execution enters a line at its start, or resumes inside one (a NEXT or
    RETURN coming back to it), and ends when the pointer changes; a NEXT or RETURN that stays in its
    own line changes nothing, so the meter is not told of it."""

    def segment(self, line: int, how: int) -> int | None:
        """The line now current, and how it was reached (ENTERED, RESUMED_BY_NEXT, ...).

        None, or what the meter has priced at once from this segment on, so that it is told nothing
        more until then: UNTIL_RETURN (the whole subroutine this line begins, up to the RETURN that
        leaves it), or a line (everything until that line is next entered at its start)."""

    def typed(self, prompt: bytes, keys: bytes, buffer: bytes) -> None:
        """A line typed at INPUT, after the prompt that asked for it (`? `, or `?? ` for more)."""


@dataclass(slots=True)
class _ForEntry:
    var: str
    limit: float
    step: float
    resume: Position
    line: int


@dataclass(slots=True)
class _GosubEntry:
    resume: Position
    line: int


class Machine:
    """Runs a table of line functions with the 1978 BASIC's control-flow rules."""

    def __init__(self, dialect: Dialect, owner: object, stopping_answers: bool = True) -> None:
        self.dialect = dialect
        self.printer = make_printer(dialect)
        self._owner = owner  # where the program keeps its variables
        self._stack: list[_ForEntry | _GosubEntry] = []
        self._data: list[float] = []
        self._data_pointer = 0
        self._input = InputStatement(dialect, self.printer, stopping_answers)
        self._following: dict[int, int | _End] = {}
        self.current = 0
        """The line being executed: errors name it, and NEXT_LINE is relative to it."""
        self.meter: Meter | None = None
        """Told where each segment of execution begins (None: nobody counts): SegmentMeter.segment."""
        self._priced_meter: Meter | None = None
        self._priced_depth = 0
        """While a subroutine priced whole runs (UNTIL_RETURN), the meter waiting for its RETURN, and
        the depth of the stack below which that RETURN takes it."""

    def count_segments(self, meter: SegmentMeter) -> None:
        """Tell `meter` where each segment begins and what is typed at INPUT, from the next run on.
        The segments are the 1978 BASIC's, so only the ms1978 dialect has them."""
        if self.dialect is not Dialect.MS1978:
            raise ValueError("segments and their cycles are the 1978 BASIC's: the ms1978 dialect only")
        self.meter = meter.segment
        self._input.on_typed = meter.typed

    # -- PRINT ----------------------------------------------------------------------------

    def print_(self, *items: PrintItem, end: str = "\n") -> None:
        """PRINT items; `end` is ';' or ',' when the statement ends with one."""
        self.printer.print_items(items, end)

    # -- DATA / READ ------------------------------------------------------------------------

    def data(self, *values: float) -> None:
        """Collect DATA values in program order, as RUN does before the first line."""
        self._data.extend(values)

    def read(self) -> float:
        if self._data_pointer >= len(self._data):
            raise BasicError("out-of-data")
        value = self._data[self._data_pointer]
        self._data_pointer += 1
        return value

    # -- subscripts -------------------------------------------------------------------------

    def subscript(self, value: float, dim: int) -> int:
        """Turn a numeric subscript into an array index, with the dialect's rounding."""
        if self.dialect.rules.round_subscripts:
            # GW-BASIC rounds halves away from zero (PC-BASIC Single.to_int): -0.4 is 0
            index = int(value + 0.5) if value >= 0 else -int(-value + 0.5)
        else:
            # the 1978 BASIC refuses any negative value first (POSINT), then truncates (ms1978.md S1)
            index = -1 if value < 0 else int(value)
        if index < 0:
            raise BasicError("illegal-function-call")
        if index > dim:
            raise BasicError("subscript-out-of-range")
        return index

    # -- FOR / NEXT / GOSUB / RETURN --------------------------------------------------------

    def for_(self, var: str, start: float, limit: float, resume: Position, step: float = 1) -> Position:
        """FOR: set the variable and remember where NEXT comes back to.

        A FOR on a variable that already has a loop open (above the latest GOSUB)
        discards that loop and everything opened after it, as BASIC's FNDFOR does;
        LIFE2 relies on this when it leaves a loop by GOTO and enters it again.
        """
        if self.dialect is Dialect.GWBASIC and (start > limit if step >= 0 else start < limit):
            # GW-BASIC skips such a loop to its NEXT, which only a parser could find; the 1978
            # BASIC runs it once. No program here has one, so say so rather than guess.
            raise NotImplementedError(f"FOR {var}={start} TO {limit} never runs in GW-BASIC")
        setattr(self._owner, var, start)
        self._pop_to_for(var, keep=False)
        resume = self._resolve(resume)
        self._stack.append(_ForEntry(var, limit, step, resume, self.current))
        return resume

    def next_(self, var: str, after: Position = NEXT_LINE) -> Position:
        """NEXT var: step the loop, then go back after its FOR or on to `after`."""
        if not self._pop_to_for(var, keep=True):
            raise BasicError("next-without-for")
        entry = self._stack[-1]
        assert isinstance(entry, _ForEntry)
        value = getattr(self._owner, var) + entry.step
        setattr(self._owner, var, value)
        if (value > entry.limit) if entry.step >= 0 else (value < entry.limit):
            self._stack.pop()
            return after
        if entry.line != self.current:
            self.current = entry.line  # the loop goes on in the line of its FOR
            if self.meter is not None:
                self.meter(entry.line, RESUMED_BY_NEXT)
        return entry.resume

    def gosub(self, target: int, resume: Position = NEXT_LINE) -> int:
        self._stack.append(_GosubEntry(self._resolve(resume), self.current))
        return target

    def return_(self) -> Position:
        """RETURN: drop loops opened inside the subroutine, resume after its GOSUB."""
        while self._stack:
            entry = self._stack.pop()
            if isinstance(entry, _GosubEntry):
                if len(self._stack) < self._priced_depth:  # the subroutine priced whole is left
                    self.meter, self._priced_meter, self._priced_depth = self._priced_meter, None, 0
                if entry.line != self.current:
                    self.current = entry.line  # the caller's line goes on
                    if self.meter is not None:
                        self.meter(entry.line, RESUMED_BY_RETURN)
                return entry.resume
        raise BasicError("return-without-gosub")

    def _quiet(self, until: int) -> None:
        """The meter priced what follows at once (SegmentMeter.segment): tell it nothing until then.

        Until a RETURN, the meter is simply put aside (return_ gives it back), so a priced subroutine
        costs nothing at all per line; until a line, a small waker stands in for it, which is called
        for each segment but does nothing else."""
        meter = self.meter
        assert meter is not None
        if until == UNTIL_RETURN:
            self.meter, self._priced_meter, self._priced_depth = None, meter, len(self._stack)
            return

        def waker(line: int, how: int) -> int | None:
            if line != until or how != ENTERED:
                return None
            self.meter = meter
            return meter(line, how)

        self.meter = waker

    def _pop_to_for(self, var: str, keep: bool) -> bool:
        """Find the loop on `var` above the latest GOSUB; drop the loops above it."""
        for depth in range(len(self._stack) - 1, -1, -1):
            entry = self._stack[depth]
            if isinstance(entry, _GosubEntry):
                return False
            if entry.var == var:
                del self._stack[depth + (1 if keep else 0) :]
                return True
        return False

    # -- the run loop ---------------------------------------------------------------------------

    def _resolve(self, position: Position) -> Position:
        return self._following[self.current] if position is NEXT_LINE else position

    def run(
        self, lines: Mapping[int, Callable[[], Position]], first: int, redisplay_at: Collection[int] = ()
    ) -> Run:
        """Run from line `first`, yielding trace line numbers, output bytes and input requests.

        Entering a line of `redisplay_at` yields REDISPLAY first: the program's mark for where a
        full picture of the game begins (see events.Redisplay). CTRL_C sent back for a line's
        number stops the program before that line, as BREAK in the line run last: the BASICs look
        for Ctrl-C before each statement, and a line's start is the boundary life2 has."""
        numbers = sorted(lines)
        self._following = dict(zip(numbers, [*numbers[1:], END], strict=True))
        following = self._following
        out = self.printer.out
        position: Position = first
        self.current = first
        try:
            while True:
                if type(position) is int:
                    line = lines.get(position)
                    if line is None:
                        raise BasicError("undefined-line")
                    previous, self.current = self.current, position
                    meter = self.meter
                    if meter is not None:
                        priced = meter(position, ENTERED)
                        if priced is not None:
                            self._quiet(priced)
                    if position in redisplay_at:
                        yield REDISPLAY
                    if (yield position) is CTRL_C:  # NEWSTT's ISCNTC, before the line's first statement
                        self.current = previous
                        raise _Interrupted
                    position = line()
                elif position is NEXT_LINE:
                    position = following[self.current]
                    continue
                elif position is END:
                    self.printer.resume_output()  # ENDCON and READY (m6502.asm L2244-2245, L1550)
                    self.printer.write_raw(self.dialect.rules.ready)
                    if out:
                        yield bytes(out)
                        out.clear()
                    return Stop.END
                elif type(position) is Input:
                    if out:
                        yield bytes(out)
                        out.clear()
                    values = yield from self._input.run(position.count)
                    if isinstance(values, Stop):
                        return values
                    position.store(values)
                    position = self._resolve(position.then)
                else:
                    assert callable(position)  # the rest of a line: the only kind of Position left
                    position = position()
                if out:
                    yield bytes(out)
                    out.clear()
        except _Interrupted:
            self.printer.resume_output()  # ENDCON (m6502.asm L2244-2245)
            out += break_message(self.dialect, self.current)
            self.printer.column = 0
            yield bytes(out)
            out.clear()
            return Stop.BREAK
        except BasicError as error:
            self.printer.resume_output()  # ERROR: `LSR CNTWFL` (m6502.asm L1519)
            out += error_message(self.dialect, error.code, self.current, self.printer.column)
            self.printer.column = 0
            yield bytes(out)
            out.clear()
            return Stop.ERROR
