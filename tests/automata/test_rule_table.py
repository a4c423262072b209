"""Every neighbourhood a cell can have, for each variant, against the rules as the issue writes them.

The oracle here is written again from the issue's words, not from
automata/rules.py, and the bit-sliced logic the engine compiles is held to
the same table, cell by cell.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from life2_retro.automata import bitslice
from life2_retro.automata.rules import BLACK, COIN, EMPTY, VARIANTS, WHITE, next_state, transition_table

NEIGHBOURHOODS = [
    (state, white, black)
    for state in (EMPTY, WHITE, BLACK)
    for white in range(9)
    for black in range(9 - white)
]


def as_written(variant: str, state: int, white: int, black: int, coin_white: bool) -> int:
    """The issue's rules (white's view, black's symmetric), with the paper's variants 1 to 4."""
    if state == EMPTY:
        other_allows = (lambda other: other < 3) if variant == "1" else (lambda other: other != 3)
        if white == 3 and other_allows(black):
            return WHITE
        if black == 3 and other_allows(white):
            return BLACK
        if white == 3 and black == 3 and variant != "2":  # an unbiased coin decides
            return WHITE if coin_white else BLACK
        return EMPTY
    own, other = (white, black) if state == WHITE else (black, white)
    d = own - other
    if d in (2, 3) or (variant == "4b" and d >= 2):
        return state
    if d == 1 and variant != "3" and (own >= 2 or variant == "4a"):
        return state
    return EMPTY


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_next_state_is_the_rules_as_written_for_every_neighbourhood(variant):
    rules = VARIANTS[variant]
    for (state, white, black), coin in itertools.product(NEIGHBOURHOODS, (True, False)):
        expected = as_written(variant, state, white, black, coin)
        assert next_state(state, white, black, coin, rules) == expected, (state, white, black, coin)


def test_the_variants_differ_from_p2life_where_the_paper_says():
    """Each variant changes only the cases its sentence in the paper names."""
    p2life = transition_table(VARIANTS["0"])
    changed = {
        name: {
            (state, white, black)
            for state, white, black in NEIGHBOURHOODS
            if transition_table(rules)[state][white][black] != p2life[state][white][black]
        }
        for name, rules in VARIANTS.items()
    }
    assert changed["0"] == set()
    assert changed["1"] == {(EMPTY, 3, 4), (EMPTY, 3, 5), (EMPTY, 4, 3), (EMPTY, 5, 3)}
    assert changed["2"] == {(EMPTY, 3, 3)}
    assert changed["3"] == {
        (WHITE, 2, 1),
        (WHITE, 3, 2),
        (WHITE, 4, 3),
        (BLACK, 1, 2),
        (BLACK, 2, 3),
        (BLACK, 3, 4),
    }
    assert changed["4a"] == {(WHITE, 1, 0), (BLACK, 0, 1)}
    assert changed["4b"] == {
        (WHITE, w, b) for w, b in [(4, 0), (5, 0), (6, 0), (7, 0), (8, 0), (5, 1), (6, 1), (7, 1), (6, 2)]
    } | {(BLACK, b, w) for w, b in [(4, 0), (5, 0), (6, 0), (7, 0), (8, 0), (5, 1), (6, 1), (7, 1), (6, 2)]}
    assert transition_table(VARIANTS["0"])[EMPTY][3][3] == COIN


def _bits(counts: list[int]) -> tuple[np.ndarray, ...]:
    """Counts as four bit-planes, one cell to a bit, 64 cells to a word."""
    words = -(-len(counts) // 64)
    planes = [np.zeros(words, dtype=np.uint64) for _ in range(4)]
    for cell, count in enumerate(counts):
        for bit in range(4):
            if count >> bit & 1:
                planes[bit][cell // 64] |= np.uint64(1) << np.uint64(cell % 64)
    return tuple(planes)


def _bit(plane: np.ndarray, cell: int) -> bool:
    return bool(plane[cell // 64] >> np.uint64(cell % 64) & np.uint64(1))


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_the_engines_bit_logic_gives_the_table_for_every_neighbourhood(variant):
    """bitslice.next_planes, the logic the engine compiles, one neighbourhood to a bit."""
    cells = NEIGHBOURHOODS
    flags = tuple(np.uint64(flag) for flag in bitslice.rule_flags(VARIANTS[variant]))
    white = _bits([state == WHITE for state, _, _ in cells])[0]
    black = _bits([state == BLACK for state, _, _ in cells])[0]
    white_after, black_after, coin = bitslice.next_planes(
        white, black, _bits([w for _, w, _ in cells]), _bits([b for _, _, b in cells]), flags
    )
    table = transition_table(VARIANTS[variant])
    for cell, (state, w, b) in enumerate(cells):
        expected = table[state][w][b]
        got = (_bit(white_after, cell), _bit(black_after, cell), _bit(coin, cell))
        assert got == (expected == WHITE, expected == BLACK, expected == COIN), (state, w, b)


def test_the_bit_sliced_count_is_the_number_of_neighbours_for_all_256_patterns():
    patterns = list(range(256))
    neighbours = [_bits([pattern >> i & 1 for pattern in patterns])[0] for i in range(8)]
    x = bitslice.count8(*neighbours)
    for cell, pattern in enumerate(patterns):
        assert sum(_bit(plane, cell) << i for i, plane in enumerate(x)) == bin(pattern).count("1")
