"""LIFE2's rules as a pure model, fast enough for computer players to search with.

The program itself is the authority; this is a copy of what it does, built from
its own survivor table (`DATA` in programs/life2/program.py) and checked against it
game by game in tests/programs/life2/test_rules.py.

Orientation. A board is five rows of five squares, `board[row][col]`, exactly as
the program prints it: `board[J - 1][K - 1]` is printed row J, printed column K
(lines 99-110 print N(J,K), J down the page, K across). A move is kept in the
order it is typed, `(first, second)`: line 701 stores the first number in Y and
the second in X, and the board is N(X,Y), so the first number is the printed
column and the second the printed row. `3,1` is row 1, column 3.

Squares hold EMPTY, ONE (`*`) or TWO (`#`). Inside, a position is a pair of
25-bit masks (bit `row * 5 + col`), so that one generation is a few dozen integer
operations instead of a walk over the array.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from functools import lru_cache
from typing import Literal

from .bugs import ILLEGAL_COORDS, SAME_COORD_DIAGONAL
from .program import DATA

Board = tuple[tuple[int, ...], ...]
Move = tuple[int, int]
"""A square as typed: (printed column, printed row), each 1..5."""
Masks = tuple[int, int]
"""Player 1's pieces and player 2's pieces, one bit a square."""
Result = Literal[1, 2, "draw"] | None

EMPTY, ONE, TWO = 0, 1, 2
SIZE = 5
FULL = (1 << SIZE * SIZE) - 1
EMPTY_BOARD: Board = tuple((EMPTY,) * SIZE for _ in range(SIZE))
ALL_MOVES: tuple[Move, ...] = tuple((col, row) for row in range(1, SIZE + 1) for col in range(1, SIZE + 1))

# -- the program's table --------------------------------------------------------------------------

# Line 10 reads lines 8 and 9 into K(1..18): the first nine codes make a `*`, the rest a `#` (line 350).
_SURVIVORS: tuple[int, ...] = DATA[8] + DATA[9]
_PIECE_CODE = {EMPTY: 0, ONE: 100, TWO: 1000}
"""What lines 351/360/586 store for a piece; the neighbour pass adds 1 per `*` and 10 per `#` (line 200)."""
SETUP_CODE = {ONE: 3, TWO: 30}
"""What line 519/540 stores for a setup piece: already the code of a birth, so the first print shows it."""


def fate_of_code(code: int) -> int:
    """The square lines 300-399 print for a code: below 3 empty, else the first match in K, else empty."""
    if code < 3:
        return EMPTY
    for index, survivor in enumerate(_SURVIVORS, start=1):
        if code == survivor:
            return ONE if index <= 9 else TWO
    return EMPTY


def _fate_entries() -> tuple[tuple[int, int, int, int], ...]:
    """Every (owner, `*` neighbours, `#` neighbours) that the table keeps alive, with what it becomes."""
    entries = []
    for owner in (EMPTY, ONE, TWO):
        for n1 in range(9):
            for n2 in range(9 - n1):
                fate = fate_of_code(_PIECE_CODE[owner] + n1 + 10 * n2)
                if fate != EMPTY:
                    entries.append((owner, n1, n2, fate))
    return tuple(entries)


_ENTRIES = _fate_entries()
_COUNTS_USED = sorted({n for _, n1, n2, _ in _ENTRIES for n in (n1, n2)})

# -- squares and masks ----------------------------------------------------------------------------


def index_of(move: Move) -> int:
    """The bit of a typed move."""
    first, second = move
    return (second - 1) * SIZE + (first - 1)


def move_of(index: int) -> Move:
    """The typed move for a bit."""
    return (index % SIZE + 1, index // SIZE + 1)


def cell(board: Board, move: Move) -> int:
    """What stands on the square a typed move names."""
    first, second = move
    return board[second - 1][first - 1]


def to_masks(board: Board) -> Masks:
    one = two = 0
    for row in range(SIZE):
        for col in range(SIZE):
            value = board[row][col]
            if value == ONE:
                one |= 1 << (row * SIZE + col)
            elif value == TWO:
                two |= 1 << (row * SIZE + col)
    return one, two


def from_masks(one: int, two: int) -> Board:
    return tuple(
        tuple(
            ONE if one >> (row * SIZE + col) & 1 else TWO if two >> (row * SIZE + col) & 1 else EMPTY
            for col in range(SIZE)
        )
        for row in range(SIZE)
    )


def _column_mask(col: int) -> int:
    return sum(1 << (row * SIZE + col) for row in range(SIZE))


_NOT_LAST_COL = FULL & ~_column_mask(SIZE - 1)
_NOT_FIRST_COL = FULL & ~_column_mask(0)


def _shifted(mask: int) -> tuple[int, int, int, int, int, int, int, int]:
    """The pieces of `mask` moved onto each of their eight neighbours' squares."""
    east = (mask >> 1) & _NOT_LAST_COL
    west = (mask << 1) & _NOT_FIRST_COL
    return (
        east,
        west,
        mask >> SIZE,
        east >> SIZE,
        west >> SIZE,
        (mask << SIZE) & FULL,
        (east << SIZE) & FULL,
        (west << SIZE) & FULL,
    )


def spread(mask: int) -> int:
    """The squares of `mask` and all their neighbours."""
    result = mask
    for shifted in _shifted(mask):
        result |= shifted
    return result


GENERATIONS_CACHED = 1 << 10
"""Generations remembered, the latest first. The search meets a generation again mostly within a
turn or the next, so a thousand hold nearly every hit: on 40 attract games a cache of 1,024 found
21,083 hits against 36,494 for 65,536 and ran as fast, and 65,536 took 22 MB of the exhibit's
memory for good (full after 8 games: the Teletype's warm-up, docs/exhibit.md "A soak")."""


def _grouped() -> tuple[tuple[int, int, tuple[tuple[int, int], ...]], ...]:
    """The table's entries gathered by (owner, what it becomes), each with its (`*`, `#`) counts."""
    if max(_COUNTS_USED) > 3:
        raise ValueError("the table counts four neighbours or more: _exact_counts tells them apart")
    fates: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for owner, n1, n2, fate in _ENTRIES:
        fates.setdefault((owner, fate), []).append((n1, n2))
    return tuple((owner, fate, tuple(pairs)) for (owner, fate), pairs in fates.items())


_GROUPS = _grouped()


def _exact_counts(mask: int) -> tuple[int, int, int, int]:
    """For 0, 1, 2 and 3: the squares with exactly that many neighbours in `mask` (the table never
    asks of more). The eight neighbour planes go through a bit-sliced adder, two bits and a flag
    for four or more."""
    x0 = x1 = many = 0
    for bit in _shifted(mask):
        carry = x0 & bit
        x0 ^= bit
        many |= x1 & carry
        x1 ^= carry
    few = FULL & ~many
    n0, n1 = few & ~x0, few & ~x1
    return (n0 & n1, few & x0 & n1, n0 & x1, x0 & x1 & few)


@lru_cache(maxsize=GENERATIONS_CACHED)
def generation_masks(one: int, two: int) -> Masks:
    """One turn-phase generation (line 560: the neighbour pass 50-65, then the print 90-126)."""
    eq1 = _exact_counts(one)
    eq2 = _exact_counts(two)
    owners = {EMPTY: FULL & ~(one | two), ONE: one, TWO: two}
    born = {ONE: 0, TWO: 0}
    for owner, fate, pairs in _GROUPS:
        alive = 0
        for n1, n2 in pairs:
            alive |= eq1[n1] & eq2[n2]
        born[fate] |= owners[owner] & alive
    return born[ONE], born[TWO]


def turn_masks(one: int, two: int, move1: int, move2: int, diagonal_bug: bool) -> Masks:
    """`apply_turn` on masks and bit indexes: the search's inner step."""
    if move1 == move2:
        row, col = divmod(move1, SIZE)
        if diagonal_bug and row < SIZE - 1 and col < SIZE - 1:
            keep = FULL & ~(1 << (move1 + SIZE + 1))
            one &= keep
            two &= keep
    else:
        one |= 1 << move1
        two |= 1 << move2
    return generation_masks(one, two)


# -- the public model -----------------------------------------------------------------------------


def next_generation(board: Board) -> Board:
    """The board line 560 prints next: every piece counted into its neighbours, then the table."""
    return from_masks(*generation_masks(*to_masks(board)))


def apply_turn(board: Board, move1: Move, move2: Move, bugs: Iterable[str]) -> Board:
    """One turn (lines 580-596) and the generation that follows it.

    Different squares: both pieces are placed (line 586). The same square: line 725
    sends the program to SAME COORD, line 581 then skips 586 so neither piece is
    placed, and with `same-coord-diagonal` on, line 741 empties the square one row
    down and one column right of the named one (off the board it hits the border,
    which changes nothing).
    """
    for move in (move1, move2):
        if move not in ALL_MOVES or cell(board, move) != EMPTY:
            raise ValueError(f"the program refuses {move} on this board")
    one, two = to_masks(board)
    diagonal = SAME_COORD_DIAGONAL in frozenset(bugs)
    return from_masks(*turn_masks(one, two, index_of(move1), index_of(move2), diagonal))


def legal_moves(board: Board) -> list[Move]:
    """What lines 705-715 accept in a turn: whole squares 1..5 that are empty, for either player.

    Player 2 may name player 1's square of the same turn: it is not placed until line 586.
    """
    return [move for move in ALL_MOVES if cell(board, move) == EMPTY]


def setup_accepts(
    player: int, move: Move, own: Collection[Move], player1: Collection[Move], bugs: Iterable[str]
) -> bool:
    """Whether line 715 takes a setup square, given the player's squares so far and player 1's.

    A player's own square is always refused. With `illegal-coords` on, any square
    that is not 0 is refused, so player 2 is also refused player 1's squares (and
    learns where they are); with it off, player 2 may choose them.
    """
    if move not in ALL_MOVES or move in own:
        return False
    return not (player == 2 and ILLEGAL_COORDS in frozenset(bugs) and move in player1)


def setup_legal_moves(
    player: int, own: Collection[Move], player1: Collection[Move], bugs: Iterable[str]
) -> list[Move]:
    return [move for move in ALL_MOVES if setup_accepts(player, move, own, player1, bugs)]


def setup_board(squares1: Sequence[Move], squares2: Sequence[Move], bugs: Iterable[str]) -> Board:
    """The first board (line 559 prints it without a neighbour pass).

    The setup stores codes 3 and 30, which the print turns into pieces. With
    `illegal-coords` off, line 540 adds them, so a square both players chose holds
    33, which is not in the table: it prints empty. (With the bug on no square can
    be chosen twice.) Line 560 then runs a generation at once, before any turn.
    """
    codes = [[0] * SIZE for _ in range(SIZE)]
    adds = ILLEGAL_COORDS not in frozenset(bugs)
    for player, squares in ((ONE, squares1), (TWO, squares2)):
        for first, second in squares:
            row, col = second - 1, first - 1
            codes[row][col] = codes[row][col] + SETUP_CODE[player] if adds else SETUP_CODE[player]
    return tuple(tuple(fate_of_code(code) for code in row) for row in codes)


def population(board: Board) -> tuple[int, int]:
    """(`*` count, `#` count): what lines 351 and 360 count into M2 and M3."""
    one = sum(row.count(ONE) for row in board)
    two = sum(row.count(TWO) for row in board)
    return one, two


def result_of_counts(one: int, two: int) -> Result:
    """Lines 570-575: none left on either side is a draw, else whoever still has pieces wins."""
    if one == 0 and two == 0:
        return "draw"
    if two == 0:
        return 1
    if one == 0:
        return 2
    return None


def result(board: Board) -> Result:
    return result_of_counts(*population(board))
