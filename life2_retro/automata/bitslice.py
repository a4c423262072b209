"""p2life as bitwise logic on two bit-planes: 64 cells in each operation.

A lattice is two planes of 64-bit words, one for white tokens and one for
black: column c of a row is bit c % 64 of word c // 64, and the bits past the
last column stay 0. Every function here is plain bitwise arithmetic on
unsigned 64-bit words, so the same code runs on NumPy arrays (whole planes at
once) and, compiled by Numba, on one word at a time (engine.py).

The neighbour counts are bit-sliced: a count from 0 to 8 is four planes (its
bits x0..x3), summed by full adders from the eight shifted neighbour planes.
The rules are then written from those bits, term by term as the paper gives
them; `rules.transition_table` (read off `next_state`) is the check, through
the exhaustive test in tests/automata.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from .rules import Rules

Function = TypeVar("Function", bound=Callable[..., object])


def jitable(function: Function) -> Function:
    """Compiled where Numba calls it (kernels.py); plain Python on NumPy arrays everywhere else.

    Inlined into its caller when Numba compiles it (inline="always", in Numba's own IR): a call
    the compiler cannot see through would keep the rule set's masks as arguments, tested on every
    word, and keep the loop that calls it from being vectorised."""
    try:
        from numba.extending import register_jitable
    except ImportError:  # pragma: no cover - the study extra brings Numba
        return function
    return register_jitable(inline="always")(function)


ALL = (1 << 64) - 1


@jitable
def full_add(a: Any, b: Any, c: Any) -> tuple[Any, Any]:
    """(sum bit, carry bit) of three one-bit planes."""
    return a ^ b ^ c, (a & b) | (c & (a ^ b))


@jitable
def count8(nw: Any, n: Any, ne: Any, w: Any, e: Any, sw: Any, s: Any, se: Any) -> tuple[Any, Any, Any, Any]:
    """The number of set neighbours, 0 to 8, as four bit-planes (x0 the ones, x3 the eights).

    Each row of three (and the middle pair) is summed first; then the ones, the twos and the
    fours: sum = x0 + 2 x1 + 4 x2 + 8 x3."""
    top, top_carry = full_add(nw, n, ne)
    middle, middle_carry = w ^ e, w & e
    bottom, bottom_carry = full_add(sw, s, se)
    x0, twos = full_add(top, middle, bottom)
    carries, fours = full_add(top_carry, middle_carry, bottom_carry)
    x1, more_fours = carries ^ twos, carries & twos
    return x0, x1, fours ^ more_fours, fours & more_fours


@jitable
def exactly(x0: Any, x1: Any, x2: Any, x3: Any) -> tuple[Any, ...]:
    """The planes `count == k` for k = 0..8 (a count of 8 is x3 alone, so x3 matters only for 0)."""
    n0, n1, n2 = ~x0, ~x1, ~x2
    return (
        n0 & n1 & n2 & ~x3,
        x0 & n1 & n2,
        n0 & x1 & n2,
        x0 & x1 & n2,
        n0 & n1 & x2,
        x0 & n1 & x2,
        n0 & x1 & x2,
        x0 & x1 & x2,
        x3,
    )


@jitable
def at_least(x0: Any, x1: Any, x2: Any, x3: Any) -> tuple[Any, Any, Any, Any]:
    """The planes `count >= k` for k = 2, 3, 4, 5."""
    return (x1 | x2 | x3, (x0 & x1) | x2 | x3, x2 | x3, (x2 & (x0 | x1)) | x3)


@jitable
def survives(own: tuple[Any, ...], own_at_least: tuple[Any, ...], other: tuple[Any, ...], flags: Any) -> Any:
    """Where a token with `own` neighbours of its colour and `other` of the other survives.

    d = own - other. With own + other <= 8, d >= 1 needs other <= 3, so four terms cover each
    case: d is 2 or 3 (own = other + 2 or + 3); any d >= 2 (variant 4b); d = 1, which has own >= 2
    except at other = 0 (own = 1: only variant 4a lets it live)."""
    _, d1_any, d1, no_max = flags[0], flags[1], flags[2], flags[3]
    d2_or_3 = (
        (other[0] & (own[2] | own[3]))
        | (other[1] & (own[3] | own[4]))
        | (other[2] & (own[4] | own[5]))
        | (other[3] & (own[5] | own[6]))
    )
    d2_up = (
        (other[0] & own_at_least[0])
        | (other[1] & own_at_least[1])
        | (other[2] & own_at_least[2])
        | (other[3] & own_at_least[3])
    )
    d_one = (other[0] & own[1] & d1_any) | (other[1] & own[2]) | (other[2] & own[3]) | (other[3] & own[4])
    return (d2_or_3 & ~no_max) | (d2_up & no_max) | (d_one & d1)


@jitable
def born(own: tuple[Any, ...], other: tuple[Any, ...], other_at_least: tuple[Any, ...], flags: Any) -> Any:
    """Where an empty cell is born this colour outright: own = 3, and other != 3 (variant 1: < 3)."""
    fewer_than_three = flags[0]
    return own[3] & ((~other[3] & ~fewer_than_three) | (~other_at_least[1] & fewer_than_three))


@jitable
def next_planes(
    white: Any, black: Any, white_bits: tuple[Any, ...], black_bits: tuple[Any, ...], flags: Any
) -> tuple[Any, Any, Any]:
    """(white after, black after, where the coin decides), the coin's cells left empty in both.

    `white_bits` and `black_bits` are each cell's neighbour counts as count8 gives them."""
    w0, w1, w2, w3 = white_bits
    b0, b1, b2, b3 = black_bits
    w, b = exactly(w0, w1, w2, w3), exactly(b0, b1, b2, b3)
    w_at_least, b_at_least = at_least(w0, w1, w2, w3), at_least(b0, b1, b2, b3)
    empty = ~(white | black)
    coin = empty & w[3] & b[3] & flags[4]
    white_after = (white & survives(w, w_at_least, b, flags)) | (empty & born(w, b, b_at_least, flags))
    black_after = (black & survives(b, b_at_least, w, flags)) | (empty & born(b, w, w_at_least, flags))
    return white_after, black_after, coin


def rule_flags(rules: Rules) -> tuple[int, int, int, int, int]:
    """The rule set as five all-or-nothing masks, in the order the functions above read them:
    birth needs fewer than 3 of the other (variant 1); d = 1 survives without two of its own (4a);
    d = 1 survives at all (not 3); any d >= 2 survives (4b); the coin at 3 and 3 (not 2)."""

    def mask(on: bool) -> int:
        return ALL if on else 0

    return (
        mask(rules.birth_needs_fewer_than_three_opposing),
        mask(not rules.difference_one_needs_two_own),
        mask(rules.survive_at_difference_one),
        mask(not rules.difference_at_most_three),
        mask(rules.coin_birth),
    )
