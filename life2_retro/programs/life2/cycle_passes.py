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

The meter's per-segment pricing stays the oracle: a test runs both on many
games and requires the same cycles and segments.
"""

from __future__ import annotations

from itertools import pairwise
from typing import TypeVar

from ...basic.cycles import RETURNED, Charge, torn_cycles
from ...basic.m6502 import element2, fadd, fout, relation, round_fac
from ...basic.machine import ENTERED, RESUMED_BY_NEXT, RESUMED_BY_RETURN, UNTIL_RETURN
from .bugs import FRACTIONAL_COORDS, ILLEGAL_COORDS
from .cycle_parts import (
    Pricing,
    SubClass,
    codes_compared,
    neighbour_subscripts,
    neighbour_sum,
    next_o1_by_two,
)
from .program import DATA, Life2Program

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

INNER = range(1, 6)

LISTED_CODES: tuple[float, ...] = (0, *DATA[8], *DATA[9])
"""K(0) to K(18) as line 10 READs them from the DATA of lines 8 and 9, the same in every run: what
the tables made in advance are made for (BoardPasses checks it of each run)."""
LISTED_OFFSETS: tuple[float, ...] = (0, *DATA[13])
"""A(0) to A(16) as line 14 READs them from line 13's DATA, likewise."""

SQUARES = tuple((j, k) for j in INNER for k in INNER)
"""The inner squares in the order a board lists them (and the passes visit them): row by row."""


def _place(row: int, column: int) -> int:
    """A square of N, 0 to 6 each way, as an index of a list of the 49."""
    return 7 * row + column


def _neighbours(j: int, k: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The eight neighbours of square (j, k) in the order 220-231 visits them (O1 = 1, 3, ..., 15):
    those inside the board and those on the border, as _place's indices."""
    inside: list[int] = []
    border: list[int] = []
    for o1 in range(1, 16, 2):
        row, column = int(j + LISTED_OFFSETS[o1]), int(k + LISTED_OFFSETS[o1 + 1])
        (inside if row in INNER and column in INNER else border).append(_place(row, column))
    return tuple(inside), tuple(border)


NEIGHBOURS = tuple(_neighbours(j, k) for j, k in SQUARES)
"""Each inner square's neighbours (_neighbours), in the order of SQUARES."""
PLACES = tuple(_place(j, k) for j, k in SQUARES)
"""Each inner square as _place's index, likewise."""


def counts(bases: tuple[int, ...], most: int) -> list[int]:
    """The counts a square can hold: one of `bases` (0 empty, 100 or 1000 a player's piece) and 1 for
    each of player 1's live neighbours and 10 for each of player 2's, `most` neighbours at most."""
    neighbours = [(ones, tens) for ones in range(most + 1) for tens in range(most + 1 - ones)]
    return sorted({base + ones + 10 * tens for base in bases for ones, tens in neighbours})


def counts_in_advance() -> dict[str, list[int]]:
    """The counts fill_in_advance prices (a function: `life2 run --cycles` never needs them)."""
    return {
        # what the printing pass can find in a square: the setup's pieces (3 and 30, or both, 33) are
        # among them
        "printed": counts((0, 100, 1000), 8),
        # what the counting pass can find in a live square as it comes to it: a piece, and the sums
        # from the four neighbours it has visited before (the row above, the square to the left)
        "live": counts((100, 1000), 4),
        # likewise in an empty square
        "empty": counts((0,), 4),
        # what a neighbour holds when a sum adds to it: inside the board a count of 7 neighbours at
        # most before the eighth; on the border, whatever the game has added there so far (some hundreds)
        "summed": sorted({*counts((0, 100, 1000), 7), *range(300)}),
    }


_Counted = tuple[int, int, tuple[tuple[int, int, tuple[int, ...]], ...], Board]
"""The counting pass for one inner board: cycles and segments from 50 to the printing pass, except
the sums into the border, which it lists square by square (row, column, the B added each time); and
the counts the printing pass then finds."""

PrintedCount = tuple[int, int, int, int]
"""300-399 for a square holding a count, but for finding the square: (cycles, how many times the
square is found, segments, the player born there or 0)."""


class PassMemo:
    """What has been priced, kept with the figures (every run priced by them shares it). A plain
    class: a dataclass would cost `life2 run --cycles` its making at every start."""

    def __init__(self) -> None:
        self.charges: Charges = {}
        self.compiled: dict[tuple[int, int], Charge] = {}
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
        self.counters: dict[int, int] = {}
        self.finding: tuple[int, ...] = ()
        """N(J,K) found, for each inner square (SQUARES)."""
        self.live_places: tuple[int, ...] = ()
        """What a live square's neighbours cost to find, for each inner square, N(J,K) found too."""
        self.printings: dict[Board, tuple[int, int]] = {}
        self.countings: dict[Board, _Counted] = {}
        self.border_sums: dict[tuple[float, tuple[int, ...]], int] = {}


_Way = TypeVar("_Way", int, bool)

Charges = dict[tuple[int, int, int, int, SubClass], tuple[int, int]]
"""A segment's base and the segments it counts (2 with a half-written CURLIN after it), by (its line,
how it began, the line after it, how that began, which way its IFs went)."""


Paths = dict[_Way, tuple[int, int]]
"""The bases of a stretch's segments (cycles, segments), by which way it goes."""


class _Walk:
    """Segments one after another, charged as the meter charges them: each as the next begins, by
    its class's base and the cycles counted for its numbers, the half-written CURLIN counted too."""

    __slots__ = ("costs", "charges", "line", "how", "cycles", "segments")

    def __init__(self, costs: Pricing, charges: Charges, line: int, how: int = ENTERED) -> None:
        self.costs = costs
        self.charges = charges
        self.line, self.how = line, how
        self.cycles = 0
        self.segments = 0

    def then(self, line: int, how: int = ENTERED, part: int = 0, sub: SubClass = None) -> None:
        """The segment in progress ends, having counted `part` cycles (and gone the `sub` way at its
        IFs), and a segment of `line` begins, `how`."""
        key = (self.line, self.how, line, how, sub)
        charge = self.charges.get(key)
        if charge is None:
            following = RETURNED if how == RESUMED_BY_RETURN else line
            base = self.costs.base((self.line, self.how, following, sub))
            charge = self.charges[key] = base, 2 if torn_cycles(self.line, line, how) else 1
        self.cycles += charge[0] + part
        self.segments += charge[1]
        self.line, self.how = line, how

    def skip(self, line: int, how: int = ENTERED) -> None:
        """Go on from a segment of `line` begun `how`: what lies between is priced on its own."""
        self.line, self.how = line, how


def _counting_frame(costs: Pricing, charges: Charges) -> tuple[int, int]:
    """50-65 around the squares: FOR J, FOR K, NEXT K, NEXT J, up to the printing pass at 90."""
    walk = _Walk(costs, charges, 50)
    for j in INNER:
        if j > 1:
            walk.then(50, RESUMED_BY_NEXT)
        walk.then(51)
        for k in INNER:
            if k > 1:
                walk.then(51, RESUMED_BY_NEXT)
            walk.then(55)
            walk.skip(60)  # 55 for this square, up to its NEXT K: empty_count, live_count
        walk.then(65)
    walk.then(90)
    return walk.cycles, walk.segments


def _opening(costs: Pricing, charges: Charges, first_k: bool) -> tuple[int, int]:
    """2-517: the same every run, but for 511's FOR K, which makes K when it is the run's first."""
    walk = _Walk(costs, charges, 2)
    for line in (4, 6, 7, 8, 9, 10, 13, 14, 20, 500, 505, 510, 511):
        walk.then(line)  # 10 and 14 go round their FOR in their own line: CURLIN stays
    for j in INNER:
        if j > 1:
            walk.then(510, RESUMED_BY_NEXT)
            walk.then(511)
        for k in INNER:
            if k > 1:
                walk.then(511, RESUMED_BY_NEXT)
            walk.then(515, sub="first" if first_k and j == k == 1 else None)
            walk.then(516)
        walk.then(517)
    return walk.cycles, walk.segments


def _printing_frame(costs: Pricing, charges: Charges) -> tuple[int, int]:
    """90-126 around the inner squares: the border's digits, the rows' loops, the GOSUB 300 of each
    inner square, up to 126's RETURN."""
    walk = _Walk(costs, charges, 90)
    for j in range(7):
        walk.then(99, ENTERED if j == 0 else RESUMED_BY_NEXT)
        for k in range(7):
            walk.then(100, ENTERED if k == 0 else RESUMED_BY_NEXT)
            walk.then(101)
            if j in (0, 6):
                walk.then(102)
                if k == 6:
                    break  # 102 PRINT 0;: GOTO 125, leaving K's loop open
                walk.then(103)
                walk.then(120, part=fout(k))
            elif k in (0, 6):
                walk.then(105)
                walk.then(106)
                walk.then(107)
                walk.then(120, part=fout(j))
            else:
                walk.then(105)
                walk.then(110)
                walk.then(300)
                walk.skip(110, RESUMED_BY_RETURN)  # 300-399 for this square: printed_count
                walk.then(120)
        walk.then(125, part=fout(0) if j in (0, 6) else 0)
    walk.then(126)
    return walk.cycles, walk.segments


def _printed_path(costs: Pricing, charges: Charges, found: int) -> tuple[int, int]:
    """The bases of 300-399 for a square whose count is below 3 (`found` -1), matches no code (0) or
    matches code K(found), up to the RETURN into 110: (cycles, segments). Every square that goes the
    same way makes the same segments; what differs is counted by printed_count."""
    walk = _Walk(costs, charges, 300)
    if found < 0:
        walk.then(399)
    else:
        walk.then(305)
        walk.then(310)
        for o1 in range(1, 19):
            if o1 == found:
                walk.then(350)
                walk.then(360 if o1 > 9 else 351)
                walk.then(365 if o1 > 9 else 355)
                walk.then(110, RESUMED_BY_RETURN)
                return walk.cycles, walk.segments
            walk.then(315)
            if o1 < 18:
                walk.then(305, RESUMED_BY_NEXT)
                walk.then(310)
        walk.then(320)
        walk.then(399)
    walk.then(110, RESUMED_BY_RETURN)
    return walk.cycles, walk.segments


def printed_count(costs: Pricing, charges: Charges, paths: Paths[int], n: float) -> PrintedCount:
    """300-399 for a square holding the count `n`, up to the RETURN into 110, but for finding the
    square: (cycles, how many times the square is found, segments, the player born there or 0). The
    counted cycles: 300's test, the loop over the codes (310, 315), 350's test of O1; N(J,K) is found
    by 300, each time round the loop, and by the store (351, 360 or 399: the first, as the loop
    leaves it found). A birth's count (M2 or M3 one up) is the pass's to add."""
    found = -1 if n < 3 else next((o1 for o1 in range(1, 19) if n == LISTED_CODES[o1]), 0)
    path = paths.get(found)
    if path is None:
        path = paths[found] = _printed_path(costs, charges, found)
    cycles, segments = path
    cycles += relation(n, 3)
    finds = 1
    if found > 0:
        cycles += codes_compared(n, LISTED_CODES, found, True) + relation(found, 9)
        finds += found
    elif found == 0:
        cycles += codes_compared(n, LISTED_CODES, 18, False)
        finds += 18
    born = 0 if found <= 0 else 2 if found > 9 else 1
    return cycles, finds, segments, born


def counter(after: int) -> int:
    """351 or 360: M2 or M3 one up, to `after`."""
    return round_fac(after - 1) + fadd(after - 1, 1) + round_fac(after)


def _live_path(costs: Pricing, charges: Charges, owner_2: bool) -> tuple[int, int]:
    """The bases of 55 GOSUB 200 for a live square of player 1 or 2, up to its NEXT K."""
    walk = _Walk(costs, charges, 55)
    walk.then(200)
    walk.then(220, sub=owner_2)
    for o1 in range(1, 16, 2):
        walk.then(230)
        walk.then(231)
        if o1 < 15:
            walk.then(220, RESUMED_BY_NEXT)
    walk.then(239)
    walk.then(55, RESUMED_BY_RETURN)
    walk.then(60)
    return walk.cycles, walk.segments


def live_count(costs: Pricing, charges: Charges, paths: Paths[bool], n: float) -> tuple[int, int]:
    """55 GOSUB 200 for a live square whose count is `n`, up to its NEXT K, but for finding the square
    and its neighbours (live_place): the bases, 55's and 200's tests, the NEXT O1 after each neighbour
    (the sums into them are the pass's to add)."""
    owner_2 = n > 999
    path = paths.get(owner_2)
    if path is None:
        path = paths[owner_2] = _live_path(costs, charges, owner_2)
    cycles, segments = path
    return cycles + relation(n, 99) + relation(n, 999) + next_o1_by_two(), segments


def live_place(j: int, k: int) -> int:
    """What 55 GOSUB 200 spends finding live square (j, k) (200's test) and its eight neighbours."""
    cycles = element2(j, k)
    for o1 in range(1, 16, 2):
        cycles += neighbour_subscripts(j, k, o1, LISTED_OFFSETS[o1], LISTED_OFFSETS[o1 + 1])
    return cycles


def empty_count(costs: Pricing, charges: Charges, n: float) -> tuple[int, int]:
    """55 for a square that is not alive, holding `n`: the test, on to NEXT K."""
    walk = _Walk(costs, charges, 55)
    walk.then(60, part=relation(n, 99))
    return walk.cycles, walk.segments


def _checking_path(program: Life2Program) -> tuple[list[int], bool]:
    """The lines 705-750 enter for the answer `program` holds (as its lines and their patches test it),
    and whether they end in a RETURN (else in 750's GOTO 700)."""
    v = program.v
    b = int(v.B)
    whole = FRACTIONAL_COORDS not in program.bugs
    x, y = program.X[b], program.Y[b]
    if not (x <= 5 and x > 0 and (not whole or x == int(x))):
        return [705, 706, 750], False
    if not (y <= 5 and y > 0 and (not whole or y == int(y))):
        return [705, 708, 710, 750], False
    held = program.N[int(x)][int(y)]
    fixed = ILLEGAL_COORDS not in program.bugs
    if (held >= v.P1) if fixed else (held != 0):
        return [705, 708, 715, 750], False
    lines = [705, 708, 715, 720]
    if v.B == 1:
        return lines, True
    if fixed:
        lines.append(721)
        if v.P1 > 1:
            return lines, True
    lines.append(725)
    if program.X[1] == program.X[2] and program.Y[1] == program.Y[2]:
        return [*lines, 740, 741], True
    return [*lines, 730], True


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
                opening = self.memo.openings[first_k] = _opening(self.costs, self.memo.charges, first_k)
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
        compiled = self.memo.compiled
        cycles = segments = 0
        for line, following in pairwise(lines):
            charge = compiled.get((line, following))
            if charge is None:
                charge = compiled[(line, following)] = costs.compile(line, ENTERED, following)
            cycles += charge if isinstance(charge, int) else charge(costs)
            segments += 2 if torn_cycles(line, following, ENTERED) else 1
        return cycles, segments, lines[-1] << 2, UNTIL_RETURN if returns else 700

    def _frame(self, line: int) -> tuple[int, int]:
        frame = self.memo.frames.get(line)
        if frame is None:
            make = _counting_frame if line == COUNTING else _printing_frame
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
            memo.finding = tuple(element2(j, k) for j, k in SQUARES)
        finding = memo.finding
        known = memo.printed_counts
        births = [0, 0, 0]
        for index, n in enumerate(board):
            count = known.get(n)
            if count is None:
                count = known[n] = printed_count(self.costs, memo.charges, memo.printed_paths, n)
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
            price = self.memo.counters[after] = counter(after)
        return price

    def _counting(self, board: Board) -> _Counted:
        """From 50 to 90, for the inner squares `board`: the sums into the inner squares counted here,
        those into the border listed."""
        memo = self.memo
        cycles, segments = self._frame(COUNTING)
        if not memo.live_places:
            memo.live_places = tuple(live_place(j, k) for j, k in SQUARES)
        places = memo.live_places
        live, empty = memo.live_counts, memo.empty_counts
        values: list[float] = [0] * 49
        for place, n in zip(PLACES, board, strict=True):
            values[place] = n
        border: dict[int, list[int]] = {}
        for index, place in enumerate(PLACES):
            n = values[place]
            if n > 99:
                count = live.get(n)
                if count is None:
                    count = live[n] = live_count(self.costs, memo.charges, memo.live_paths, n)
                cycles += count[0] + places[index]
                segments += count[1]
                b = 10 if n > 999 else 1
                sums = memo.sums[b]
                inside, outside = NEIGHBOURS[index]
                for neighbour in inside:
                    old = values[neighbour]
                    price = sums.get(old)
                    if price is None:
                        price = sums[old] = neighbour_sum(old, b)
                    cycles += price
                    values[neighbour] = old + b
                for neighbour in outside:
                    border.setdefault(neighbour, []).append(b)
            else:
                count = empty.get(n)
                if count is None:
                    count = empty[n] = empty_count(self.costs, memo.charges, n)
                cycles += count[0]
                segments += count[1]
        counted = tuple(values[place] for place in PLACES)
        listed = tuple((*divmod(place, 7), tuple(added)) for place, added in border.items())
        return cycles, segments, listed, counted

    def _sums(self, old: float, added: tuple[int, ...]) -> int:
        """One square of the border, holding `old`, added to once for each of `added`."""
        sums = self.memo.sums
        cycles = 0
        for b in added:
            price = sums[b].get(old)
            if price is None:
                price = sums[b][old] = neighbour_sum(old, b)
            cycles += price
            old += b
        return cycles


def fill_in_advance(costs: Pricing, memo: PassMemo) -> None:
    """Price, into `memo`, what every game's passes share: the opening, the frames, and each count a
    square can hold, each sum, each square found, each birth counted. What `costs` is asked for is
    its bases: the figures these are made from."""
    passes = BoardPasses(costs, memo)
    for first_k in (True, False):
        memo.openings[first_k] = _opening(costs, memo.charges, first_k)
    for line in (COUNTING, PRINTING):
        passes._frame(line)
    domains = counts_in_advance()
    for n in domains["printed"]:
        memo.printed_counts[n] = printed_count(costs, memo.charges, memo.printed_paths, n)
    for n in domains["live"]:
        memo.live_counts[n] = live_count(costs, memo.charges, memo.live_paths, n)
    for n in domains["empty"]:
        memo.empty_counts[n] = empty_count(costs, memo.charges, n)
    for old in domains["summed"]:
        for b in (1, 10):
            memo.sums[b][old] = neighbour_sum(old, b)
    for after in range(1, 26):
        memo.counters[after] = counter(after)
    memo.finding = tuple(element2(j, k) for j, k in SQUARES)
    memo.live_places = tuple(live_place(j, k) for j, k in SQUARES)
