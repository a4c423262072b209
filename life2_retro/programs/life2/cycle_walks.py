"""The prices of LIFE2's board passes and other stretches, made from the bases: each stretch walked
segment by segment as the meter would charge it.

What cycle_passes looks up when it prices a pass whole is made here: the frames
of the passes, the opening, what a square costs by its count, a sum into a
neighbour, a birth counted, a square found. tools/make_cycle_tables.py makes
what every game shares in advance (cycle_passes.fill_in_advance), and a run
comes here only for what the tables do not hold (a count or a sum no game
reached when they were made, or figures being fitted): so `life2 run --cycles`
does not import this module at all.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

from ...basic.cycles import RETURNED, torn_cycles
from ...basic.m6502 import element2, fadd, fout, relation, round_fac
from ...basic.machine import ENTERED, RESUMED_BY_NEXT, RESUMED_BY_RETURN
from .cycle_parts import LISTED_CODES, LISTED_OFFSETS, SubClass
from .cycle_pass_parts import codes_compared, neighbour_subscripts, next_o1_by_two

if TYPE_CHECKING:
    from .cycle_parts import Pricing

INNER = range(1, 6)

SQUARES = tuple((j, k) for j in INNER for k in INNER)
"""The inner squares in the order a board lists them (and the passes visit them): row by row."""


def _place(row: int, column: int) -> int:
    """A square of N, 0 to 6 each way, as an index of a list of the 49."""
    return 7 * row + column


def _neighbours(j: int, k: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The eight neighbours of square (j, k) in the order 220-231 visits them (O1 = 1, 3, ..., 15):
    those inside the board, as indices of a board's 25 squares (SQUARES), and those on the border, as
    _place's indices."""
    inside: list[int] = []
    border: list[int] = []
    for o1 in range(1, 16, 2):
        row, column = int(j + LISTED_OFFSETS[o1]), int(k + LISTED_OFFSETS[o1 + 1])
        if row in INNER and column in INNER:
            inside.append(SQUARES.index((row, column)))
        else:
            border.append(_place(row, column))
    return tuple(inside), tuple(border)


def neighbours() -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
    """Each inner square's neighbours (_neighbours), in the order of SQUARES."""
    return tuple(_neighbours(j, k) for j, k in SQUARES)


def finding() -> tuple[int, ...]:
    """N(J,K) found, for each inner square (SQUARES)."""
    return tuple(element2(j, k) for j, k in SQUARES)


def live_places() -> tuple[int, ...]:
    """What a live square's neighbours cost to find, N(J,K) found too, for each inner square."""
    return tuple(live_place(j, k) for j, k in SQUARES)


_Price = TypeVar("_Price")


def coded(prices: list[_Price]) -> tuple[bytes, tuple[_Price, ...]]:
    """Prices by count (0, 1, ...) as cycle_passes.in_advance reads them: a byte a count, the code of
    its price, and the prices once each. Few differ (a count's price changes with how it compares
    with the codes, a sum's with the sizes of the two numbers), so the carried table is some 1,000
    bytes where a dict would be some 1,000 objects to make at each start."""
    distinct = list(dict.fromkeys(prices))
    if len(distinct) > ord("[") - ord("0"):
        raise ValueError("more prices than codes from 0 to Z: the next would be a backslash")
    code = {price: ord("0") + place for place, price in enumerate(distinct)}
    return bytes(code[price] for price in prices), tuple(distinct)


PrintedCount = tuple[int, int, int, int]
"""300-399 for a square holding a count, but for finding the square: (cycles, how many times the
square is found, segments, the player born there or 0)."""


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


def counting_frame(costs: Pricing, charges: Charges) -> tuple[int, int]:
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


def opening(costs: Pricing, charges: Charges, first_k: bool) -> tuple[int, int]:
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


def printing_frame(costs: Pricing, charges: Charges) -> tuple[int, int]:
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
