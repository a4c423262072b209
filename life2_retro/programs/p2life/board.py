"""p2life's board as the game plays it: N by N squares inside a hard edge, one generation at a time.

The rules are automata/rules.py's, cell by cell; here is only what a game needs
around them: whose neighbour is whose on a bounded board (off the edge is empty,
as LIFE2's hidden border is), a table of `next_state` for every count, so that
a computer can try hundreds of boards a move, and where the coin decided.

A board is a tuple of cells, row by row: square X,Y (column X, row Y, each from
1) is cell `(Y - 1) * size + (X - 1)`, holding EMPTY, WHITE or BLACK. The coin
is tossed, through the `coin` the caller passes, once for each cell it decides,
in cell order, so that a seed gives the same game on every run.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import cache
from typing import NamedTuple

from ...automata.rules import BLACK, EMPTY, NEIGHBOURS, WHITE, Rules, next_state

SMALLEST, LARGEST = 5, 20
"""Board sizes: LIFE2's 5 by 5 up to 20 by 20, whose heading, board and counts are the 24 lines of a
glass terminal's screen; its rows (3 characters a square, the row numbers at both ends) fit a
Teletype's 72 columns."""
COIN = -1
"""In the table: the cell's fate is the coin's."""
Cells = tuple[int, ...]
Coin = Callable[[], bool]
"""One toss: True gives white."""


class Generation(NamedTuple):
    """One generation on: the board, and the cells the coin decided."""

    cells: Cells
    coins: tuple[int, ...]


@cache
def neighbours(size: int) -> tuple[tuple[int, ...], ...]:
    """Each cell's neighbours on the board; a cell on the edge has fewer (off the edge is empty)."""
    around = []
    for row in range(size):
        for col in range(size):
            around.append(
                tuple(
                    r * size + c
                    for r in (row - 1, row, row + 1)
                    for c in (col - 1, col, col + 1)
                    if (r, c) != (row, col) and 0 <= r < size and 0 <= c < size
                )
            )
    return tuple(around)


WEIGHT = (0, 1, NEIGHBOURS + 1)
"""What a neighbour adds to a cell's count code: a white one 1, a black one 9 (a count is at most 8)."""


@cache
def fate_table(rules: Rules) -> tuple[int, ...]:
    """`next_state` for every state and count code (state * 81 + white + 9 * black): the state, or
    COIN where the two faces of the coin give different states. Codes no cell can have hold EMPTY."""
    span = (NEIGHBOURS + 1) ** 2
    table = [EMPTY] * (3 * span)
    for state in (EMPTY, WHITE, BLACK):
        for white in range(NEIGHBOURS + 1):
            for black in range(NEIGHBOURS + 1 - white):
                heads = next_state(state, white, black, True, rules)
                tails = next_state(state, white, black, False, rules)
                code = state * span + white * WEIGHT[WHITE] + black * WEIGHT[BLACK]
                table[code] = heads if heads == tails else COIN
    return tuple(table)


def fate(cells: Cells, index: int, size: int, rules: Rules) -> int:
    """What one cell becomes a generation on: its state, or COIN (nothing is tossed)."""
    code = cells[index] * (NEIGHBOURS + 1) ** 2
    for other in neighbours(size)[index]:
        code += WEIGHT[cells[other]]
    return fate_table(rules)[code]


def generation(cells: Cells, size: int, rules: Rules, coin: Coin) -> Generation:
    """The board one generation on, every cell at once; the coin tossed for each cell it decides."""
    table = fate_table(rules)
    around = neighbours(size)
    span = (NEIGHBOURS + 1) ** 2
    after = []
    coins = []
    for index, here in enumerate(cells):
        code = here * span
        for other in around[index]:
            code += WEIGHT[cells[other]]
        fate = table[code]
        if fate == COIN:
            fate = WHITE if coin() else BLACK
            coins.append(index)
        after.append(fate)
    return Generation(tuple(after), tuple(coins))


def population(cells: Iterable[int]) -> tuple[int, int]:
    """(white pieces, black pieces)."""
    white = black = 0
    for cell in cells:
        if cell == WHITE:
            white += 1
        elif cell == BLACK:
            black += 1
    return white, black


def square_of(index: int, size: int) -> tuple[int, int]:
    """The square X,Y (column, row) of a cell."""
    return index % size + 1, index // size + 1


def index_of(x: int, y: int, size: int) -> int:
    return (y - 1) * size + (x - 1)


def empty_board(size: int) -> Cells:
    return (EMPTY,) * (size * size)


def other(colour: int) -> int:
    return BLACK if colour == WHITE else WHITE
