"""Stronger computer players for Cell Life: the exhibit's levels, for 2 to 4 players and hybrids.

The program's own computer (level "c") stays as the C program plays. These
are offered beside it, and play by the seed's rules, whatever switches the
program runs with:

* level 1 takes a free square at random;
* level 2 takes the square that, one generation on, leaves it most tokens
  against all the others' (the C program's aim, on the whole board and without
  its faults). Only the 3x3 block around a square can change when a token goes
  there, so each square costs a few dozen steps, and the large board is quick;
* level 3 also looks two generations on: of level 2's best twelve squares it
  takes the one whose counts one and two generations on add up best (two
  players, 40 games a pairing on the small board, `tools/cell_life_levels.py`:
  35 won and 5 lost against level 2, 31 won and 8 lost against the program's
  own computer).

A board here is `board[x][y]` for x in 1..width and y in 1..height, with a
border of empty squares: 0 empty, 1 to 4 a player's token, 5 a hybrid.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

HYBRID = 5
LEVELS = ("c", "1", "2", "3")
AROUND = tuple((dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0))

Board = list[list[int]]


def fate(board: Board, x: int, y: int) -> int:
    """What square x, y holds one generation on, by the seed's rules."""
    kinds = [board[x + dx][y + dy] for dx, dy in AROUND if board[x + dx][y + dy]]
    here = board[x][y]
    if here:
        return here if len(kinds) in (2, 3) else 0
    if len(kinds) != 3:
        return 0
    for kind in set(kinds):
        if kinds.count(kind) >= 2:
            return kind
    return HYBRID


def generation(board: Board, width: int, height: int) -> Board:
    after = [[0] * (height + 2) for _ in range(width + 2)]
    for x in range(1, width + 1):
        for y in range(1, height + 1):
            after[x][y] = fate(board, x, y)
    return after


def counts(board: Board, width: int, height: int) -> list[int]:
    """Tokens of each kind: index 1 to 4 the players, 5 the hybrids."""
    found = [0] * 6
    for x in range(1, width + 1):
        for y in range(1, height + 1):
            found[board[x][y]] += 1
    return found


def _free(board: Board, width: int, height: int) -> list[tuple[int, int]]:
    return [(x, y) for x in range(1, width + 1) for y in range(1, height + 1) if not board[x][y]]


def _block_gain(board: Board, x: int, y: int, token: int, width: int, height: int) -> list[int]:
    """How the next generation's counts change if `token` goes at x, y: only the 3x3 block moves."""
    block = [(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
    block = [(bx, by) for bx, by in block if 1 <= bx <= width and 1 <= by <= height]
    change = [0] * 6
    for bx, by in block:
        change[fate(board, bx, by)] -= 1
    board[x][y] = token
    for bx, by in block:
        change[fate(board, bx, by)] += 1
    board[x][y] = 0
    return change


def _score(found: Sequence[int], player: int) -> int:
    """Its own tokens less all the others' (the hybrids' too), as the C program counts."""
    return found[player] - sum(found[kind] for kind in range(1, 6) if kind != player)


def choose(
    level: str, board: Board, player: int, width: int, height: int, rng: random.Random
) -> tuple[int, int]:
    """The square a computer of `level` takes for `player` (1 to 4)."""
    free = _free(board, width, height)
    if not free:
        return 1, 1  # a full board: any square (the turn is the program's to discard)
    if level == "1":
        return rng.choice(free)
    base = counts(generation(board, width, height), width, height)
    scored = []
    for x, y in free:
        change = _block_gain(board, x, y, player, width, height)
        after = [count + delta for count, delta in zip(base, change, strict=True)]
        scored.append((_score(after, player), rng.random(), x, y))
    scored.sort(reverse=True)
    if level == "2":
        return scored[0][2], scored[0][3]
    best, choice = None, (scored[0][2], scored[0][3])
    for sooner, tie, x, y in scored[:12]:
        board[x][y] = player
        later = generation(generation(board, width, height), width, height)
        board[x][y] = 0
        value = (sooner + _score(counts(later, width, height), player), tie)
        if best is None or value > best:
            best, choice = value, (x, y)
    return choice
