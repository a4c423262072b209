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

* what a square costs, by its row, column and count (the frame of rows, border
  digits and loops around the squares is the same every board, priced once);
* the printing pass, by the counts of its 25 squares;
* the counting pass, by the 25 squares it begins with, except the sums into the
  hidden border (row and column 0 and 6): the listing adds to those squares and
  never clears them, so their counts grow all game, and the cost of each sum
  (its FADD) is added from the counts they hold at the time.

The meter's per-segment pricing stays the oracle: a test runs both on many
games and requires the same cycles and segments.
"""

from __future__ import annotations

from itertools import pairwise

from ...basic.cycles import RETURNED, Charge, torn_cycles
from ...basic.m6502 import element2, fadd, fout, relation, round_fac
from ...basic.machine import ENTERED, RESUMED_BY_NEXT, RESUMED_BY_RETURN, UNTIL_RETURN
from .bugs import FRACTIONAL_COORDS, ILLEGAL_COORDS
from .cycle_parts import (
    NEXT_O1_BY_TWO,
    Pricing,
    SubClass,
    loop_codes,
    neighbour_subscripts,
    neighbour_sum,
)
from .program import Life2Program

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


_Counted = tuple[int, int, tuple[tuple[int, int, tuple[int, ...]], ...], Board]
"""The counting pass for one inner board: cycles and segments from 50 to the printing pass, except
the sums into the border, which it lists square by square (row, column, the B added each time); and
the counts the printing pass then finds."""


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
        self.printed_squares: dict[tuple[int, int, float], tuple[int, int, int]] = {}
        self.live_squares: dict[tuple[int, int, float], tuple[int, int]] = {}
        self.empty_squares: dict[float, tuple[int, int]] = {}
        self.printings: dict[Board, tuple[int, int]] = {}
        self.countings: dict[Board, _Counted] = {}
        self.sums: dict[tuple[float, int], int] = {}
        self.border_sums: dict[tuple[float, tuple[int, ...]], int] = {}


Charges = dict[tuple[int, int, int, int, SubClass], tuple[int, int]]
"""A segment's base and the segments it counts (2 with a half-written CURLIN after it), by (its line,
how it began, the line after it, how that began, which way its IFs went)."""


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
            walk.skip(60)  # 55 for this square, up to its NEXT K: _empty_square, _live_square
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
                walk.skip(110, RESUMED_BY_RETURN)  # 300-399 for this square: _printed_square
                walk.then(120)
        walk.then(125, part=fout(0) if j in (0, 6) else 0)
    walk.then(126)
    return walk.cycles, walk.segments


def _printed_path(costs: Pricing, charges: Charges, found: int) -> tuple[int, int]:
    """The bases of 300-399 for a square whose count is below 3 (`found` -1), matches no code (0) or
    matches code K(found), up to the RETURN into 110: (cycles, segments). Every square that goes the
    same way makes the same segments; what differs is counted by _printed_square."""
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


def _printed_square(
    costs: Pricing, charges: Charges, paths: dict[int, tuple[int, int]], j: int, k: int, n: float
) -> tuple[int, int, int]:
    """300-399 for square (j, k) holding the count `n`, up to the RETURN into 110: (cycles, segments,
    the player born there or 0). The counted cycles: 300's test, the loop over the codes (310, 315),
    350's test of O1, and the store into N(J,K) (351, 360 or 399); a birth's count (M2 or M3 one up)
    is the pass's to add."""
    codes = costs.program.K
    found = -1 if n < 3 else next((o1 for o1 in range(1, 19) if n == codes[o1]), 0)
    path = paths.get(found)
    if path is None:
        path = paths[found] = _printed_path(costs, charges, found)
    cycles, segments = path
    cycles += relation(n, 3) + element2(j, k)
    if found > 0:
        cycles += loop_codes(j, k, n, codes, found, True) + relation(found, 9)
    elif found == 0:
        cycles += loop_codes(j, k, n, codes, 18, False)
    born = 0 if found <= 0 else 2 if found > 9 else 1
    return cycles, segments, born


def _counter(after: int) -> int:
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


def _live_square(
    costs: Pricing, charges: Charges, paths: dict[bool, tuple[int, int]], j: int, k: int, n: float
) -> tuple[int, int]:
    """55 GOSUB 200 for a live square (j, k) whose count is `n`, up to its NEXT K: the counted cycles of
    55's and 200's tests, and of the eight neighbours found and the NEXT O1 after each (the sums
    into them are the pass's to add)."""
    a = costs.program.A
    owner_2 = n > 999
    path = paths.get(owner_2)
    if path is None:
        path = paths[owner_2] = _live_path(costs, charges, owner_2)
    cycles, segments = path
    cycles += relation(n, 99) + element2(j, k) + relation(n, 999) + NEXT_O1_BY_TWO
    for o1 in range(1, 16, 2):
        cycles += neighbour_subscripts(j, k, o1, a[o1], a[o1 + 1])
    return cycles, segments


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
        n = self.costs.program.N
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
        priced = self.memo.printings.get(board)
        if priced is not None:
            return priced
        cycles, segments = self._frame(PRINTING)
        squares = self.memo.printed_squares
        births = [0, 0, 0]
        for index, n in enumerate(board):
            j, k = divmod(index, 5)
            key = (j + 1, k + 1, n)
            square = squares.get(key)
            if square is None:
                square = squares[key] = _printed_square(
                    self.costs, self.memo.charges, self.memo.printed_paths, j + 1, k + 1, n
                )
            square_cycles, square_segments, born = square
            cycles += square_cycles
            segments += square_segments
            if born:
                births[born] += 1
                cycles += _counter(births[born])
        self.memo.printings[board] = cycles, segments
        return cycles, segments

    def _counting(self, board: Board) -> _Counted:
        """From 50 to 90, for the inner squares `board`: the sums into the inner squares counted here,
        those into the border listed."""
        cycles, segments = self._frame(COUNTING)
        a = self.costs.program.A
        values = [[0.0] * 7 for _ in range(7)]
        for index, n in enumerate(board):
            values[index // 5 + 1][index % 5 + 1] = n
        border: dict[tuple[int, int], list[int]] = {}
        for j in INNER:
            for k in INNER:
                n = values[j][k]
                if n > 99:
                    square_cycles, square_segments = self._live(j, k, n)
                    b = 10 if n > 999 else 1
                    for o1 in range(1, 16, 2):
                        row, column = int(j + a[o1]), int(k + a[o1 + 1])
                        if row in INNER and column in INNER:
                            old = values[row][column]
                            square_cycles += self._sum(old, b)
                            values[row][column] = old + b
                        else:
                            border.setdefault((row, column), []).append(b)
                else:
                    square_cycles, square_segments = self._empty(n)
                cycles += square_cycles
                segments += square_segments
        counts = tuple(values[j][k] for j in INNER for k in INNER)
        listed = tuple((row, column, tuple(added)) for (row, column), added in border.items())
        return cycles, segments, listed, counts

    def _sums(self, old: float, added: tuple[int, ...]) -> int:
        """One square of the border, holding `old`, added to once for each of `added`."""
        cycles = 0
        for b in added:
            cycles += self._sum(old, b)
            old += b
        return cycles

    def _sum(self, old: float, b: int) -> int:
        """B added to a neighbour that held `old`."""
        price = self.memo.sums.get((old, b))
        if price is None:
            price = self.memo.sums[(old, b)] = neighbour_sum(old, b)
        return price

    def _live(self, j: int, k: int, n: float) -> tuple[int, int]:
        key = (j, k, n)
        square = self.memo.live_squares.get(key)
        if square is None:
            square = self.memo.live_squares[key] = _live_square(
                self.costs, self.memo.charges, self.memo.live_paths, j, k, n
            )
        return square

    def _empty(self, n: float) -> tuple[int, int]:
        """55 for a square that is not alive: the test, on to NEXT K."""
        square = self.memo.empty_squares.get(n)
        if square is None:
            walk = _Walk(self.costs, self.memo.charges, 55)
            walk.then(60, part=relation(n, 99))
            square = self.memo.empty_squares[n] = walk.cycles, walk.segments
        return square
