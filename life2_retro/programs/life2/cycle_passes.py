"""LIFE2's board passes (and a few other stretches) priced whole: one call a pass, not some 300.

A generation runs two passes over the board, each inside one subroutine: 560
GOSUB 50 counts every live square into its eight neighbours (50-65, and 200-239
for each live square), then falls through into the pass that prints the board
and decides each square's fate (90-126, and 300-399 for each inner square); 559
GOSUB 90 runs the printing pass alone to show the setup. Which segments a pass
makes, and what each costs, follows from the board it begins with: the counts
decide the IFs and the loops, and the counted cycles are those of the numbers
the squares hold. So the meter prices a pass at once when its first line is
entered (basic.cycles.WholePasses), with the same classes and counted cycles it
charges segment by segment (cycles.Life2Costs), and the machine tells it
nothing more until the pass's RETURN.

Two more stretches are priced the same way: the run's opening (2-517: the
title, the tables, the board cleared), the same in every run; and the checks of
an answer (705-750), whose path follows from the answer, the square it names and
the other player's, up to 700's RETURN or 750's GOTO 700.

Pricing a pass must itself be cheap, so it is memoised on what decides it:

* what a square costs, in two parts: what its count costs (the count against
  the 18 codes, the path's bases), the same on every square, and finding the
  square, N(J,K), once for each time the pass reads it, the same for every
  count; the frame of rows, border digits and loops around the squares is the
  same every board, priced once;
* the printing pass, by the counts of its 25 squares;
* the counting pass, by the 25 squares it begins with, except the sums into the
  hidden border (row and column 0 and 6): the listing adds to those squares and
  never clears them, so their counts grow all game, and the cost of each sum
  (its FADD) is added from the counts they hold at the time.

A fresh process would price every count, square and sum a game meets for the
first time, which cost `life2 run --cycles` more than the rest of the meter; so
the parts that are the same in every game are made in advance
(`fill_in_advance`, for every count a square can hold in a game) and carried
as cycle_tables.py, which tools/make_cycle_tables.py writes from the figures
and the suite makes again to compare. A board's own memo still starts empty.
What the tables do not hold is made when first met, by cycle_walks.py, which
walks each stretch segment by segment: a run that meets nothing new never
imports it (nor the passes' per-segment parts, cycle_pass_parts.py).

The meter's per-segment pricing stays the oracle: a test runs both on many
games and requires the same cycles and segments.
"""

from __future__ import annotations

from itertools import pairwise
from typing import TYPE_CHECKING

from ...basic.cycles import torn_cycles
from ...basic.machine import ENTERED, UNTIL_RETURN
from .bugs import FRACTIONAL_COORDS, ILLEGAL_COORDS
from .cycle_parts import LISTED_CODES, LISTED_OFFSETS
from .program import Life2Program

if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import TypeVar

    from .cycle_parts import Pricing
    from .cycle_walks import Charges, PrintedCount

    _Price = TypeVar("_Price")
    Coded = tuple[bytes, tuple[_Price, ...]]

OPENING = 2
"""The run's first line: the title, the tables read from DATA, 20 GOTO 500, the board cleared, up to
519, where the players' setup begins."""
SETUP = 519
CHECKING = 705
"""701's INPUT answered: 705-750 test the square, up to the RETURN of 700's subroutine, or up to 750's
GOTO 700, which asks again."""
COUNTING = 50
"""560 GOSUB 50: the counting pass, which falls through into the printing pass."""
PRINTING = 90
"""559 GOSUB 90: the printing pass alone (the board after the setup)."""

Board = tuple[float, ...]
"""The 25 inner squares, row by row: N(1,1) to N(5,5)."""

Neighbours = tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]
"""Each inner square's neighbours, in the order 220-231 visits them (cycle_walks.neighbours): those
inside the board, as indices of a Board, and those on the border, as 7 * row + column."""

_Counted = tuple[int, int, tuple[tuple[int, int, tuple[int, ...]], ...], Board]
"""The counting pass for one inner board: cycles and segments from 50 to the printing pass, except
the sums into the border, which it lists square by square (row, column, the B added each time); and
the counts the printing pass then finds."""


class PassMemo:
    """What has been priced, kept with the figures (every run priced by them shares it). A plain
    class: a dataclass would cost `life2 run --cycles` its making at every start."""

    def __init__(self) -> None:
        self.charges: Charges = {}
        self.paths: dict[tuple[int, ...], tuple[int, int, tuple[Callable[[Pricing], int], ...]]] = {}
        """The answer's checks (705-750) by their path: the charges that are numbers added up, the
        segments, and the charges that read the answer."""
        self.checkings: dict[tuple[object, ...], tuple[int, int, int, int]] = {}
        self.frames: dict[int, tuple[int, int]] = {}
        self.openings: dict[bool, tuple[int, int]] = {}
        self.printed_paths: dict[int, tuple[int, int]] = {}
        self.live_paths: dict[bool, tuple[int, int]] = {}
        self.printed_counts: dict[float, PrintedCount] = {}
        self.live_counts: dict[float, tuple[int, int]] = {}
        self.empty_counts: dict[float, tuple[int, int]] = {}
        self.sums: dict[int, dict[float, int]] = {1: {}, 10: {}}
        """B added to a neighbour (B is 1 or 10), by what the neighbour held."""
        self.printed_made: Coded[PrintedCount] = (b"", ())
        """What the tables made in advance say for each count (in_advance), looked up when a game
        first meets the count and kept above: building the dicts whole cost every start more."""
        self.live_made: Coded[tuple[int, int]] = (b"", ())
        self.empty_made: Coded[tuple[int, int]] = (b"", ())
        self.sums_made: dict[int, Coded[int]] = {1: (b"", ()), 10: (b"", ())}
        self.counters: dict[int, int] = {}
        self.finding: tuple[int, ...] = ()
        """N(J,K) found, for each inner square, row by row."""
        self.live_places: tuple[int, ...] = ()
        """What a live square's neighbours cost to find, for each inner square, N(J,K) found too."""
        self.neighbours: Neighbours = ()
        """Each inner square's neighbours (not a price, but made in advance with them)."""
        self.printings: dict[Board, tuple[int, int]] = {}
        self.countings: dict[Board, _Counted] = {}
        self.border_sums: dict[tuple[float, tuple[int, ...]], int] = {}


IN_ADVANCE = 1081
"""The counts priced in advance, 0 to 1080: all a square can hold (player 2's piece, 1000, and eight
of player 2's neighbours, 80), and the sums into the border for hundreds of generations."""


def in_advance(made: Coded[_Price], n: float) -> _Price | None:
    """What the tables made in advance say for the count `n`, or None: a byte a count, from 0, each
    the code of its price (b"0" the first of the prices, which are listed once each, b"1" the next)."""
    codes, prices = made
    if type(n) is int and 0 <= n < len(codes):
        return prices[codes[n] - FIRST_CODE]
    return None


FIRST_CODE = ord("0")


def _checking_path(program: Life2Program) -> tuple[tuple[int, ...], bool]:
    """The lines 705-750 enter for the answer `program` holds (as its lines and their patches test it),
    and whether they end in a RETURN (else in 750's GOTO 700)."""
    v = program.v
    b = int(v.B)
    whole = FRACTIONAL_COORDS not in program.bugs
    x, y = program.X[b], program.Y[b]
    if not (x <= 5 and x > 0 and (not whole or x == int(x))):
        return (705, 706, 750), False
    if not (y <= 5 and y > 0 and (not whole or y == int(y))):
        return (705, 708, 710, 750), False
    held = program.N[int(x)][int(y)]
    fixed = ILLEGAL_COORDS not in program.bugs
    if (held >= v.P1) if fixed else (held != 0):
        return (705, 708, 715, 750), False
    lines: tuple[int, ...] = (705, 708, 715, 720)
    if v.B == 1:
        return lines, True
    if fixed:
        lines = (*lines, 721)
        if v.P1 > 1:
            return lines, True
    lines = (*lines, 725)
    if program.X[1] == program.X[2] and program.Y[1] == program.Y[2]:
        return (*lines, 740, 741), True
    return (*lines, 730), True


class BoardPasses:
    """LIFE2's WholePasses (basic.cycles): the counting pass and the printing pass, each priced at
    once from the board the program holds as it enters line 50 or 90."""

    starts = frozenset({OPENING, COUNTING, PRINTING, CHECKING})

    def __init__(self, costs: Pricing, memo: PassMemo) -> None:
        self.costs = costs
        self.memo = memo
        self._listed = False

    def price(self, line: int) -> tuple[int, int, int, int]:
        if line == CHECKING:
            return self._checking()
        if line == OPENING:
            first_k = 511 not in self.costs.first_done
            self.costs.first_done.add(511)
            opening = self.memo.openings.get(first_k)
            if opening is None:
                from .cycle_walks import opening as walk_opening

                opening = self.memo.openings[first_k] = walk_opening(self.costs, self.memo.charges, first_k)
            return *opening, 517 << 2, SETUP
        p = self.costs.program
        if not self._listed:  # the codes and offsets the squares are priced with are the listing's
            assert tuple(p.K) == LISTED_CODES and tuple(p.A) == LISTED_OFFSETS, "K and A are READ before"
            self._listed = True
        n = p.N
        board = (*n[1][1:6], *n[2][1:6], *n[3][1:6], *n[4][1:6], *n[5][1:6])
        if line == PRINTING:
            cycles, segments = self._printing(board)
            return cycles, segments, 126 << 2, UNTIL_RETURN
        counted = self.memo.countings.get(board)
        if counted is None:
            counted = self.memo.countings[board] = self._counting(board)
        cycles, segments, border, counts = counted
        sums = self.memo.border_sums
        for row, column, added in border:
            old = n[row][column]
            price = sums.get((old, added))
            if price is None:
                price = sums[(old, added)] = self._sums(old, added)
            cycles += price
        printed_cycles, printed_segments = self._printing(counts)
        return cycles + printed_cycles, segments + printed_segments, 126 << 2, UNTIL_RETURN

    def _checking(self) -> tuple[int, int, int, int]:
        """705-750 for the answer just typed: each segment charged as the meter would (its compiled
        charge, which reads the answer: these lines change nothing until 741, the last). Memoised on
        all they read: B, both players' squares, what the chosen square holds, P1, the patches."""
        costs = self.costs
        p = costs.program
        b = int(p.v.B)
        x, y = p.X[b], p.Y[b]
        held = p.N[int(x)][int(y)] if 0 <= x < 7 and 0 <= y < 7 else None
        key = (b, p.X[1], p.X[2], p.Y[1], p.Y[2], held, p.v.P1, p.bugs)
        checked = self.memo.checkings.get(key)
        if checked is None:
            checked = self.memo.checkings[key] = self._check()
        return checked

    def _check(self) -> tuple[int, int, int, int]:
        costs = self.costs
        lines, returns = _checking_path(costs.program)
        path = self.memo.paths.get(lines)
        if path is None:
            path = self.memo.paths[lines] = self._path(lines)
        cycles, segments, reading = path
        for charge in reading:
            cycles += charge(costs)
        return cycles, segments, lines[-1] << 2, UNTIL_RETURN if returns else 700

    def _path(self, lines: tuple[int, ...]) -> tuple[int, int, tuple[Callable[[Pricing], int], ...]]:
        """The segments of a path through 705-750, charged as the meter compiles them: the charges
        that are numbers added up, with the segments; those that read the answer, to call."""
        cycles = segments = 0
        reading = []
        for line, following in pairwise(lines):
            charge = self.costs.compile(line, ENTERED, following)
            if isinstance(charge, int):
                cycles += charge
            else:
                reading.append(charge)
            segments += 2 if torn_cycles(line, following, ENTERED) else 1
        return cycles, segments, tuple(reading)

    def _frame(self, line: int) -> tuple[int, int]:
        frame = self.memo.frames.get(line)
        if frame is None:
            from .cycle_walks import counting_frame, printing_frame

            make = counting_frame if line == COUNTING else printing_frame
            frame = self.memo.frames[line] = make(self.costs, self.memo.charges)
        return frame

    def _printing(self, board: Board) -> tuple[int, int]:
        """From 90 to 126, for the counts `board`."""
        memo = self.memo
        priced = memo.printings.get(board)
        if priced is not None:
            return priced
        cycles, segments = self._frame(PRINTING)
        if not memo.finding:
            from .cycle_walks import finding as found

            memo.finding = found()
        finding = memo.finding
        known = memo.printed_counts
        births = [0, 0, 0]
        for index, n in enumerate(board):
            count = known.get(n)
            if count is None:
                count = known[n] = self._printed_count(n)
            count_cycles, finds, count_segments, born = count
            cycles += count_cycles + finds * finding[index]
            segments += count_segments
            if born:
                births[born] += 1
                cycles += self._counter(births[born])
        memo.printings[board] = cycles, segments
        return cycles, segments

    def _counter(self, after: int) -> int:
        price = self.memo.counters.get(after)
        if price is None:
            from .cycle_walks import counter

            price = self.memo.counters[after] = counter(after)
        return price

    def _counting(self, board: Board) -> _Counted:
        """From 50 to 90, for the inner squares `board`: the sums into the inner squares counted here,
        those into the border listed."""
        memo = self.memo
        cycles, segments = self._frame(COUNTING)
        if not memo.live_places or not memo.neighbours:
            from .cycle_walks import live_places, neighbours

            memo.live_places, memo.neighbours = live_places(), neighbours()
        places, neighbours_of = memo.live_places, memo.neighbours
        live, empty = memo.live_counts, memo.empty_counts
        ones, tens = memo.sums[1], memo.sums[10]
        ones_made, tens_made = memo.sums_made[1], memo.sums_made[10]
        values = list(board)
        border: dict[int, list[int]] = {}
        for index, n in enumerate(values):  # each as it stands when the pass comes to it
            if n > 99:
                count = live.get(n)
                if count is None:
                    count = live[n] = self._live_count(n)
                cycles += count[0] + places[index]
                segments += count[1]
                if n > 999:
                    b, sums, (codes, prices) = 10, tens, tens_made
                else:
                    b, sums, (codes, prices) = 1, ones, ones_made
                inside, outside = neighbours_of[index]
                for neighbour in inside:
                    old = values[neighbour]
                    price = sums.get(old)
                    if price is None:  # in_advance, written out: the innermost loop meets some 100
                        if type(old) is int and 0 <= old < len(codes):
                            price = prices[codes[old] - FIRST_CODE]
                        else:
                            price = self._sum(old, b)
                        sums[old] = price
                    cycles += price
                    values[neighbour] = old + b
                for place in outside:
                    added = border.get(place)
                    if added is None:
                        border[place] = [b]
                    else:
                        added.append(b)
            else:
                count = empty.get(n)
                if count is None:
                    count = empty[n] = self._empty_count(n)
                cycles += count[0]
                segments += count[1]
        listed = tuple((*divmod(place, 7), tuple(added)) for place, added in border.items())
        return cycles, segments, listed, tuple(values)

    def _sums(self, old: float, added: tuple[int, ...]) -> int:
        """One square of the border, holding `old`, added to once for each of `added`."""
        sums = self.memo.sums
        cycles = 0
        for b in added:
            price = sums[b].get(old)
            if price is None:
                price = sums[b][old] = self._sum(old, b)
            cycles += price
            old += b
        return cycles

    # what a pass meets for the first time: from the tables made in advance, else priced now

    def _printed_count(self, n: float) -> PrintedCount:
        count = in_advance(self.memo.printed_made, n)
        if count is None:
            from .cycle_walks import printed_count

            count = printed_count(self.costs, self.memo.charges, self.memo.printed_paths, n)
        return count

    def _live_count(self, n: float) -> tuple[int, int]:
        count = in_advance(self.memo.live_made, n)
        if count is None:
            from .cycle_walks import live_count

            count = live_count(self.costs, self.memo.charges, self.memo.live_paths, n)
        return count

    def _empty_count(self, n: float) -> tuple[int, int]:
        count = in_advance(self.memo.empty_made, n)
        if count is None:
            from .cycle_walks import empty_count

            count = empty_count(self.costs, self.memo.charges, n)
        return count

    def _sum(self, old: float, b: int) -> int:
        price = in_advance(self.memo.sums_made[b], old)
        if price is None:
            from .cycle_pass_parts import neighbour_sum

            price = neighbour_sum(old, b)
        return price


def fill_in_advance(costs: Pricing, memo: PassMemo) -> None:
    """Price, into `memo`, what every game's passes share: the opening, the frames, and each count a
    square can hold, each sum, each square found, each birth counted (and each square's neighbours).
    What `costs` is asked for is its bases: the figures these are made from."""
    from . import cycle_walks as walks
    from .cycle_pass_parts import neighbour_sum

    passes = BoardPasses(costs, memo)
    for first_k in (True, False):
        memo.openings[first_k] = walks.opening(costs, memo.charges, first_k)
    for line in (COUNTING, PRINTING):
        passes._frame(line)
    counts = range(IN_ADVANCE)
    memo.printed_made = walks.coded(
        [walks.printed_count(costs, memo.charges, memo.printed_paths, n) for n in counts]
    )
    memo.live_made = walks.coded([walks.live_count(costs, memo.charges, memo.live_paths, n) for n in counts])
    # a square that is not alive holds 99 at most as the counting pass comes to it
    memo.empty_made = walks.coded([walks.empty_count(costs, memo.charges, n) for n in range(100)])
    memo.sums_made = {b: walks.coded([neighbour_sum(old, b) for old in counts]) for b in (1, 10)}
    for after in range(1, 26):
        memo.counters[after] = walks.counter(after)
    memo.finding = walks.finding()
    memo.live_places = walks.live_places()
    memo.neighbours = walks.neighbours()
