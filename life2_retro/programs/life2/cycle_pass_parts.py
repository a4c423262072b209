"""The value-dependent part of the board passes' segments: what each of their lines did with its
numbers, in 6502 cycles, segment by segment.

The passes (50-65 and 200-239 counting, 90-126 and 300-399 printing) are
priced whole in a run (cycle_passes), from what these parts add up for a square,
a count or a sum (cycle_walks). Charged one by one, as the meter that is the
passes' oracle and the fit (tools/fit_cycles.py) charge them, each line has its
part here, as the setup's and the turns' lines have theirs in cycle_parts.py.
The two inner loops are counted whole, with the segment that ends each loop
(LOOPS), and segment by segment for the fit (LOOP_PARTS): the same sum.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import cache
from typing import TYPE_CHECKING

from ...basic.m6502 import element2, fadd, fout, next_step, qint, relation, round_fac, subscript_multiply
from ...basic.machine import ENTERED
from .cycle_parts import Part, SubClass, printed
from .program import Life2Program

if TYPE_CHECKING:
    from .cycle_parts import Pricing


def _cell(p: Life2Program) -> tuple[int, int, float]:
    v = p.v
    return v.J, v.K, p.N[v.J][v.K]


def _compare_cell(constant: float) -> Part:
    """Lines 55 and 300, the tests of a square's count (above 99, below 3): each runs for every square of
    every board, so finding N(J,K) costs the same each board (in the base); what the square holds
    varies. A RETURN into 55 does nothing more."""
    costs_by_value: dict[float, int] = {}

    def part(costs: Pricing, how: int, following: int) -> tuple[SubClass, int]:
        if how != ENTERED:
            return None, 0
        p = costs.program
        v = p.v
        n = p.N[v.J][v.K]
        cycles = costs_by_value.get(n)
        if cycles is None:
            cycles = costs_by_value[n] = relation(n, constant)
        return None, cycles

    return part


def _which_owner(costs: Pricing, how: int, following: int) -> tuple[SubClass, int]:
    """Line 200, whose owner test (the square's count above 999) sets B: B tells which way the IF went."""
    p = costs.program
    j, k, n = _cell(p)
    return p.v.B == 10, element2(j, k) + relation(n, 999)


def _neighbour_subscripts(j: int, k: int, o1: int, a1: float, a2: float) -> int:
    """J+A(O1) and K+A(O1+1) as subscripts of N: A's subscripts, both sums, QINT and UMULT."""
    row, column = j + a1, k + a2
    return (
        qint(o1)
        + round_fac(j)
        + fadd(j, a1)
        + qint(row)
        + round_fac(o1)
        + fadd(o1, 1)
        + qint(o1 + 1)
        + round_fac(k)
        + fadd(k, a2)
        + qint(column)
        + subscript_multiply(column)
    )


@cache
def _add_to_neighbour(j: int, k: int, o1: int, a1: float, a2: float, old: float, b: float) -> int:
    new = old + b
    return 2 * _neighbour_subscripts(j, k, o1, a1, a2) + round_fac(old) + fadd(old, b) + round_fac(new)


def _neighbour(costs: Pricing, how: int, following: int) -> tuple[SubClass, int]:
    """Line 230, which adds B to a neighbour's count: the element found twice, B added."""
    p = costs.program
    v = p.v
    o1 = v.O1
    a1, a2 = p.A[o1], p.A[o1 + 1]
    new = p.N[int(v.J + a1)][int(v.K + a2)]
    return None, _add_to_neighbour(v.J, v.K, o1, a1, a2, new - v.B, v.B)


def _next(var: str, step: float, limit: float) -> Part:
    """NEXT var: its step and test, for the value the variable had before."""

    def part(costs: Pricing, how: int, following: int) -> tuple[SubClass, int]:
        p = costs.program
        after = getattr(p.v, var)
        return None, next_step(after - step, step, limit)

    return part


def _if_n_is_code(costs: Pricing, how: int, following: int) -> tuple[SubClass, int]:
    """Line 310: the square's count against the code K(O1), jumping to 350 when they are equal."""
    p = costs.program
    j, k, n = _cell(p)
    o1 = p.v.O1
    return None, element2(j, k) + qint(o1) + relation(n, p.K[o1])


def _if_o1_over_9(costs: Pricing, how: int, following: int) -> tuple[SubClass, int]:
    p = costs.program
    return None, relation(p.v.O1, 9)


def _count_up(var: str) -> Part:
    """Lines 351 and 360, a birth for player 1 or 2: M2 or M3 one up (the counter holds its new value)."""

    def part(costs: Pricing, how: int, following: int) -> tuple[SubClass, int]:
        p = costs.program
        j, k, _ = _cell(p)
        after = getattr(p.v, var)
        return None, element2(j, k) + round_fac(after - 1) + fadd(after - 1, 1) + round_fac(after)

    return part


def _store_cell(costs: Pricing, how: int, following: int) -> tuple[SubClass, int]:
    """Lines 399 and 515, which empty a square."""
    p = costs.program
    j, k, _ = _cell(p)
    return None, element2(j, k)


def _printed_zero(costs: Pricing, how: int, following: int) -> tuple[SubClass, int]:
    """102: at the last column it prints the border's 0 and goes on at 125 (on to 103 it prints nothing)."""
    return None, fout(0) if following == 125 else 0


PARTS: dict[int, Part] = {
    102: _printed_zero,
    103: printed("K"),
    107: printed("J"),
    55: _compare_cell(99),
    200: _which_owner,
    300: _compare_cell(3),
    350: _if_o1_over_9,
    351: _count_up("M2"),
    360: _count_up("M3"),
    399: _store_cell,
}
"""The passes' lines whose cycles depend on the numbers of the game in hand, segment by segment.

Lines that run with the same numbers on every board (the counting pass's loops, the printing of
the board and its border) have none: a board costs them the same every time, and their bases are
fitted to it. The two inner loops have theirs too, counted whole when the loop ends (LOOPS)."""

LOOP_PARTS: dict[int, Part] = {
    230: _neighbour,
    231: _next("O1", 2, 15),
    310: _if_n_is_code,
    315: _next("O1", 1, 18),
}
"""The inner loops' lines, segment by segment: what LOOPS adds up at each loop's end."""


def loop_codes(j: int, k: int, n: float, codes: Sequence[float], last: int, taken: bool) -> int:
    """305-320 for square (j, k) holding `n`: O1 from 1 to `last`, N(J,K) against each code K(O1),
    ending at 350 when `taken` (the last matched) or at 320 after NEXT O1 left the loop."""
    return last * element2(j, k) + codes_compared(n, codes, last, taken)


def codes_compared(n: float, codes: Sequence[float], last: int, taken: bool) -> int:
    """loop_codes but for finding N(J,K) each time round (`last` times): what the count `n` costs
    against the codes, the same on every square."""
    compared = _COMPARED.get(n)
    if compared is None:
        compared = _COMPARED[n] = _running_sums(relation(n, codes[o1]) for o1 in range(1, 19))
    steps = last - 1 if taken else last
    return _qints()[last] + compared[last] + _steps()[steps]


def _running_sums(values: Iterable[int]) -> list[int]:
    """0, then the sum of the first value, of the first two, ...: a loop's cycles up to any O1."""
    sums = [0]
    for value in values:
        sums.append(sums[-1] + value)
    return sums


@cache
def _qints() -> list[int]:
    """K(O1)'s subscript made an integer, O1 = 1, 2, ...: summed up to each O1. (Made when first asked:
    `life2 run --cycles` finds the counts it meets priced in advance, cycle_tables.)"""
    return _running_sums(qint(o1) for o1 in range(1, 19))


@cache
def _steps() -> list[int]:
    """NEXT O1 from each O1, summed likewise."""
    return _running_sums(next_step(o1, 1, 18) for o1 in range(1, 19))


_COMPARED: dict[float, list[int]] = {}
"""N(J,K) against each code, summed likewise, by the count N(J,K) holds (the codes K(O1) are the
listing's DATA, the same in every run): a game meets the same counts again and again."""


def _loop_codes(costs: Pricing, last: int, taken: bool) -> int:
    p = costs.program
    v = p.v
    return loop_codes(v.J, v.K, p.N[v.J][v.K], p.K, last, taken)


def _code_found(costs: Pricing) -> int:
    return _loop_codes(costs, costs.program.v.O1, True)


def _no_code(costs: Pricing) -> int:
    return _loop_codes(costs, 18, False)


def neighbour_sum(old: float, b: float) -> int:
    """What adding B to a neighbour's count costs beyond finding it: the count pushed, the sum, the
    store (the part of 230 that depends on what the neighbour held)."""
    return round_fac(old) + fadd(old, b) + round_fac(old + b)


@cache
def neighbour_subscripts(j: int, k: int, o1: int, a1: float, a2: float) -> int:
    """What finding one neighbour costs 230, twice (to read it and to store it)."""
    return 2 * _neighbour_subscripts(j, k, o1, a1, a2)


def _neighbours(costs: Pricing) -> int:
    """220-231 for one live square: each of the eight neighbours found and added to, NEXT O1 each time."""
    p = costs.program
    v = p.v
    j, k, b = v.J, v.K, v.B
    n, a = p.N, p.A
    cycles = next_o1_by_two()
    for o1 in range(1, 16, 2):
        a1, a2 = a[o1], a[o1 + 1]
        new = n[int(j + a1)][int(k + a2)]
        cycles += _add_to_neighbour(j, k, o1, a1, a2, new - b, b)
    return cycles


@cache
def next_o1_by_two() -> int:
    """231's NEXT O1 after each of the eight neighbours (made when first asked, as _qints)."""
    return sum(next_step(o1, 2, 15) for o1 in range(1, 16, 2))


LOOPS: dict[tuple[int, int], Callable[[Pricing], int]] = {
    (310, 350): _code_found,
    (315, 320): _no_code,
    (231, 239): _neighbours,
}
"""The inner loops' value-dependent cycles, charged whole with the segment that ends each loop: the
same sum as LOOP_PARTS segment by segment, at one reading of the variables a loop."""
