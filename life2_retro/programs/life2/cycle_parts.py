"""The value-dependent part of LIFE2's segments outside the board passes: what each line did with its
numbers, in 6502 cycles.

Each part reads the program's variables as the segment ends (a line that changed
a variable on the way knows what it held before) and adds up the routines of
basic/m6502.py that the line's statements ran with those numbers. Some also say
which way an IF went, when the next line does not show it (WAYS).

These are the lines of the setup and the turns (511-586, 701-741), which every
meter charges one by one. The board passes' lines (PASS_LINES) have their parts
in cycle_pass_parts.py, which only a meter that charges the passes segment by
segment loads: one that prices them whole (cycle_passes) never asks for them,
and `life2 run --cycles` is spared importing them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ...basic.m6502 import element2, fadd, fout, next_step, qint, relation, round_fac
from ...basic.machine import ENTERED
from .program import DATA, Life2Program

if TYPE_CHECKING:
    from typing import Protocol

    from ...basic.cycles import Charge

    class Pricing(Protocol):
        """What a part reads of the run it prices (cycles.Life2Costs is one): named here, so that the
        parts need nothing from the module that uses them. (The type checker's only, as
        basic.cycles's contracts are.)"""

        program: Life2Program
        first_done: set[int]

        def take_typed(self) -> int:
            """The cycles of the lines typed since the last INPUT, beyond one plain line."""
            ...

        def base(self, key: ClassKey) -> int:
            """A class's base cycles."""
            ...

        def compile(self, line: int, how: int, following: int) -> Charge:
            """A segment's charge, as the meter compiles it (basic.cycles.LineCosts)."""
            ...


SubClass = str | bool | None
"""Which way a line's IFs went, when the line after it does not say (None: nothing to tell)."""

ClassKey = tuple[int, int, int, SubClass]
"""(line, how the segment began, the line after it or RETURNED or ENDED, which way its IFs went)."""

Part = Callable[["Pricing", int, int], tuple[SubClass, int]]
"""A line's value-dependent part: (which way its IFs went, cycles), read from the program after the
segment, given how the segment began and how it ended."""


LISTED_CODES: tuple[float, ...] = (0, *DATA[8], *DATA[9])
"""K(0) to K(18) as line 10 READs them from the DATA of lines 8 and 9, the same in every run: what
the passes' prices are made for (cycle_passes checks it of each run)."""
LISTED_OFFSETS: tuple[float, ...] = (0, *DATA[13])
"""A(0) to A(16) as line 14 READs them from line 13's DATA, likewise."""


def _first_time(line: int) -> Part:
    """511 and 535: the first FOR K (FOR K1) of a run makes its variable, moving the arrays up."""

    def part(costs: Pricing, how: int, following: int) -> tuple[SubClass, int]:
        if how == ENTERED and line not in costs.first_done:
            costs.first_done.add(line)
            return "first", 0
        return None, 0

    return part


def _place_piece(costs: Pricing, how: int, following: int) -> tuple[SubClass, int]:
    """Line 540, which stores a setup piece and goes round its FOR K1 loop."""
    p = costs.program
    b = p.v.B
    x, y = p.X[int(b)], p.Y[int(b)]
    return None, 2 * qint(b) + element2(x, y) + next_step(p.v.K1 - 1, 1, 3)


def _both_zero(costs: Pricing, how: int, following: int) -> tuple[SubClass, int]:
    """Line 570, the compound test of both populations for zero (jumping to 574 when both are)."""
    p = costs.program
    m2, m3 = p.v.M2, p.v.M3
    cycles = relation(m2, 0)
    if m2 != 0:
        return "first", cycles
    cycles += relation(m3, 0)
    return ("second" if m3 != 0 else None), cycles


def _new_pieces(costs: Pricing, how: int, following: int) -> tuple[SubClass, int]:
    """Line 586, which places both players' moves (100 for player 1, 1000 for player 2)."""
    p = costs.program
    cycles = 0
    for b in (1, 2):
        cycles += 2 * qint(b) + element2(p.X[b], p.Y[b])
    return None, cycles


def _in_range(array: str) -> Part:
    """Line 705, the compound range test of X(B) (on to 708 when inside; 708 does the same with Y)."""

    def part(costs: Pricing, how: int, following: int) -> tuple[SubClass, int]:
        p = costs.program
        b = p.v.B
        value = getattr(p, array)[int(b)]
        cycles = qint(b) + relation(value, 5)
        if not value <= 5:
            return "first", cycles
        cycles += qint(b) + relation(value, 0)
        return ("second" if not value > 0 else None), cycles

    return part


def _square_taken(costs: Pricing, how: int, following: int) -> tuple[SubClass, int]:
    """Line 715, the test that the chosen square is empty (to 750 when it is not)."""
    p = costs.program
    b = p.v.B
    x, y = p.X[int(b)], p.Y[int(b)]
    return None, 2 * qint(b) + element2(x, y) + relation(p.N[int(x)][int(y)], 0)


def _same_square(costs: Pricing, how: int, following: int) -> tuple[SubClass, int]:
    """Line 725, the compound test that both players chose the same square (to 740 when they did)."""
    p = costs.program
    x1, x2, y1, y2 = p.X[1], p.X[2], p.Y[1], p.Y[2]
    cycles = qint(1) + qint(2) + relation(x1, x2)
    if x1 != x2:
        return "first", cycles
    cycles += qint(1) + qint(2) + relation(y1, y2)
    return ("second" if y1 != y2 else None), cycles


def _diagonal(costs: Pricing, how: int, following: int) -> tuple[SubClass, int]:
    """Line 741, the same-square subroutine's store, B set to 99 and its RETURN (B was 2: only player
    2's turn gets here)."""
    p = costs.program
    x, y = p.X[2], p.Y[2]
    sums = round_fac(x) + fadd(x, 1) + round_fac(y) + fadd(y, 1)
    return None, 2 * qint(2) + sums + element2(x + 1, y + 1)


def stored_cycles(costs: Pricing) -> int:
    """What 701's INPUT Y(B),X(B) spends by the values it stores: the subscripts, and the rounding."""
    p = costs.program
    b = p.v.B
    return 2 * qint(b) + round_fac(p.Y[int(b)]) + round_fac(p.X[int(b)])


INPUT_BASE = 1786  # measured (tools/fit_input_cycles.py --write)
"""701's fixed part, whatever was typed and however it ended (on to 705, or the program stopped):
NEWSTT, PRINT CHR$(13);, INPUT's start and the search of Y and X. Measured on the ROM."""


def _input(costs: Pricing, how: int, following: int) -> tuple[SubClass, int]:
    """701 PRINT CHR$(13);: INPUT Y(B),X(B): the typed lines, and the two values stored."""
    return None, stored_cycles(costs) + costs.take_typed()


def printed(var: str, when: int | None = None) -> Part:
    """A line that PRINTs a number (FOUT): J or K on the board's border, B in the players' lines.
    `when`: only a segment that goes on to that line printed it (580's RETURN into it prints nothing)."""

    def part(costs: Pricing, how: int, following: int) -> tuple[SubClass, int]:
        if when is not None and following != when:
            return None, 0
        return None, fout(getattr(costs.program.v, var))

    return part


def _p1_over_1(costs: Pricing, how: int, following: int) -> tuple[SubClass, int]:
    """721 IF P1>1 THEN RETURN (the illegal-coords patch): P1 is 3 or 30 in the setup, 1 after."""
    return None, relation(costs.program.v.P1, 1)


PARTS: dict[int, Part] = {
    721: _p1_over_1,
    520: printed("B"),
    575: printed("B"),
    580: printed("B", when=700),
    511: _first_time(511),
    535: _first_time(535),
    540: _place_piece,
    570: _both_zero,
    586: _new_pieces,
    701: _input,
    705: _in_range("X"),
    708: _in_range("Y"),
    715: _square_taken,
    725: _same_square,
    741: _diagonal,
}
"""The lines outside the board passes whose cycles depend on the numbers of the game in hand."""

PASS_LINES = frozenset({55, 102, 103, 107, 200, 230, 231, 300, 310, 315, 350, 351, 360, 399})
"""The board passes' lines that have a part (cycle_pass_parts: PARTS, LOOP_PARTS and LOOPS)."""

WAYS = frozenset({200, 511, 535, 570, 705, 708, 725})
"""The lines whose part also says which way their IFs went (the rest always answer None)."""
