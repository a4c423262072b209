"""Computer players for p2life, levels 1 to 3, on any board and under any variant of the rules.

They are LIFE2's exhibit computers (programs/life2/players.py) brought to p2life, and
they choose with the same means (strategy.py):

1. a random empty square; for the setup, three random squares;
2. greedy: the square whose piece leaves the best difference in pieces after
   the generation, as if the opponent placed nothing; for the setup, an L of
   three, which grows into a block of its own colour;
3. each turn is a game of simultaneous moves: a payoff matrix over (own
   square, opponent's square), each the generation it leads to and a look at
   the one after, solved as a zero-sum game by fictitious play, and a square
   drawn from the mixed strategy. Its setup is the L that does best against a
   sample of the opponent's setups.

Over 40 games a pairing on the 5 by 5 board, colours swapped game by game and
at most 60 rounds (`tools/p2life_levels.py`): level 3 beat level 2 27 times to
5 (8 drawn), and level 1 29 to 0; level 2 beat level 1 29 to 0. Each of the
11 draws of level 2 against level 1 began with a square both chose in the
setup: it stays empty, the L loses a corner, and both sides die at once.

A computer knows what the board shows and nothing more: the program asks it
before the other player's move of the round is read, and it never sees a coin
before the toss. A cell the coin will decide counts as the coin's expectation:
with k such cells, each share of them from 0 to k is weighed by its binomial
chance.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable, Sequence
from math import comb

from ...automata.rules import BLACK, EMPTY, WHITE, Rules
from ..strategy import WIN, best_of, score, strategy
from .board import (
    COIN,
    Cells,
    fate,
    generation,
    neighbours,
    other,
    population,
)

LEVELS = ("1", "2", "3")
SETUP_PIECES = 3
LOOKAHEAD = 0.5
"""Weight of the generation after next (nobody placing): a shape that is about to die is worth less."""
CANDIDATES = 12
"""Level 3 weighs each side's best squares by level 2's measure, this many of them, against each other."""
SETUP_SHAPES = 48
"""L shapes level 3 tries for its setup (all of them on a small board)."""
SETUP_SAMPLES = 12
"""Opponent setups the level-3 setup is tried against."""
PASS = -1
"""Every square with no piece within two squares: as good as placing nothing (see `_actions`)."""


class Judge:
    """How good a board is for one colour, under one rule set, on one board size."""

    def __init__(self, me: int, size: int, rules: Rules) -> None:
        self.me = me
        self.size = size
        self.rules = rules

    def tally(self, white: int, black: int, coins: int) -> float:
        """`score` for me, the coin's cells shared out by their chances."""
        if not coins:
            mine, theirs = (white, black) if self.me == WHITE else (black, white)
            return score(mine, theirs)
        total = 0.0
        for heads in range(coins + 1):
            w, b = white + heads, black + coins - heads
            mine, theirs = (w, b) if self.me == WHITE else (b, w)
            total += comb(coins, heads) * score(mine, theirs)
        return total / (1 << coins)  # 2 ** coins ways the coin can fall

    def counts(self, cells: Cells, indexes: Iterable[int] | None = None) -> tuple[int, int, int]:
        """(sure white, sure black, the coin's) one generation on, of every cell or of `indexes`."""
        white = black = coins = 0
        for index in range(len(cells)) if indexes is None else indexes:
            found = fate(cells, index, self.size, self.rules)
            if found == WHITE:
                white += 1
            elif found == BLACK:
                black += 1
            elif found == COIN:
                coins += 1
        return white, black, coins

    def value(self, cells: Cells) -> float:
        """The board a turn leaves (pieces placed): its generation, and a look at the one after, which the
        next turn starts from. For that look, the coin's cells are shared out in turn."""
        now = generation(cells, self.size, self.rules, itertools.cycle((True, False)).__next__)
        white, black = population(now.cells)
        sure_white = white - sum(now.cells[i] == WHITE for i in now.coins)
        sure_black = black - sum(now.cells[i] == BLACK for i in now.coins)
        result = self.tally(sure_white, sure_black, len(now.coins))
        if abs(result) >= WIN or (white == 0 and black == 0):
            return result
        return result + LOOKAHEAD * self.tally(*self.counts(now.cells))


def _placed(cells: Cells, pieces: dict[int, int]) -> Cells:
    board = list(cells)
    for index, colour in pieces.items():
        board[index] = colour
    return tuple(board)


def _empty(cells: Cells) -> list[int]:
    return [index for index, cell in enumerate(cells) if cell == EMPTY]


# -- level 2: one generation on ----------------------------------------------------------------------


def greedy_values(cells: Cells, colour: int, size: int, rules: Rules) -> dict[int, float]:
    """For each empty square, how a piece of `colour` there leaves the board one generation on, for
    `colour`, if nobody else placed. Only the piece's 3x3 block can change, so each square costs a few
    cells, not a board."""
    judge = Judge(colour, size, rules)
    everywhere = judge.counts(cells)
    around = neighbours(size)
    values = {}
    for square in _empty(cells):
        block = (square, *around[square])
        before = judge.counts(cells, block)
        after = judge.counts(_placed(cells, {square: colour}), block)
        shares = (n - old + new for n, old, new in zip(everywhere, before, after, strict=True))
        values[square] = judge.tally(*shares)
    return values


# -- level 3: the turn as a matrix game ----------------------------------------------------------------


def _actions(cells: Cells, size: int) -> tuple[list[int], list[int]]:
    """The squares worth telling apart, and the rest.

    A piece with no other piece within two squares has no neighbour of its own
    colour, so it dies; and it cannot help a birth, which needs three pieces
    around one square. So all such squares are one action, PASS, as in LIFE2's
    search (the other player's new piece beside it is left out of the count).
    """
    around = neighbours(size)
    near: set[int] = set()
    for index, cell in enumerate(cells):
        if cell != EMPTY:
            for first in around[index]:
                near.add(first)
                near.update(around[first])
    empty = _empty(cells)
    return [i for i in empty if i in near], [i for i in empty if i not in near]


def _best(values: dict[int, float], among: Sequence[int], count: int, rng: random.Random) -> list[int]:
    """The `count` squares of highest value among `among`, ties in a random order."""
    shuffled = list(among)
    rng.shuffle(shuffled)
    return sorted(shuffled, key=lambda square: -values[square])[:count]


def payoff_matrix(
    cells: Cells, me: int, mine: Sequence[int], theirs: Sequence[int], size: int, rules: Rules
) -> list[list[float]]:
    """Rows: my actions; columns: the opponent's; entries: the judge's value for me of the turn. Both
    naming one square leaves it empty; PASS places nothing."""
    judge = Judge(me, size, rules)
    known: dict[Cells, float] = {}
    matrix = []
    for my_square in mine:
        row = []
        for their_square in theirs:
            pieces = {}
            if my_square != their_square:
                if my_square != PASS:
                    pieces[my_square] = me
                if their_square != PASS:
                    pieces[their_square] = other(me)
            board = _placed(cells, pieces)
            got = known.get(board)
            if got is None:
                got = known[board] = judge.value(board)
            row.append(got)
        matrix.append(row)
    return matrix


def matrix_move(cells: Cells, me: int, size: int, rules: Rules, rng: random.Random) -> int:
    relevant, isolated = _actions(cells, size)
    if not relevant:
        return rng.choice(isolated)
    mine = _best(greedy_values(cells, me, size, rules), relevant, CANDIDATES, rng)
    theirs = _best(greedy_values(cells, other(me), size, rules), relevant, CANDIDATES, rng)
    if isolated:
        mine.append(PASS)
        theirs.append(PASS)
    action = rng.choices(mine, strategy(payoff_matrix(cells, me, mine, theirs, size, rules)))[0]
    return rng.choice(isolated) if action == PASS else action


# -- a turn ----------------------------------------------------------------------------------------------


def choose_move(level: str, cells: Cells, me: int, size: int, rules: Rules, rng: random.Random) -> int | None:
    """The cell a computer of `level` places its piece on; None when no square is empty."""
    empty = _empty(cells)
    if not empty:
        return None
    if level == "1":
        return rng.choice(empty)
    if level == "2":
        values = greedy_values(cells, me, size, rules)
        return best_of(empty, values.__getitem__, rng)
    return matrix_move(cells, me, size, rules, rng)


# -- the setup --------------------------------------------------------------------------------------------


def l_shapes(size: int) -> list[tuple[int, int, int]]:
    """Every L of three in a 2x2 square: each piece has two neighbours, and the fourth corner is born."""
    shapes = []
    for row in range(size - 1):
        for col in range(size - 1):
            top, bottom = row * size + col, (row + 1) * size + col
            corners = (top, top + 1, bottom, bottom + 1)
            for left_out in corners:
                first, second, third = (corner for corner in corners if corner != left_out)
                shapes.append((first, second, third))
    return shapes


def setup_value(mine: Sequence[int], theirs: Sequence[int], me: int, size: int, rules: Rules) -> float:
    """How my setup does against theirs: a square both chose stays empty, and the first generation
    follows at once."""
    common = set(mine) & set(theirs)
    pieces = {square: other(me) for square in theirs if square not in common}
    pieces.update({square: me for square in mine if square not in common})
    return Judge(me, size, rules).value(_placed((EMPTY,) * (size * size), pieces))


def choose_setup(level: str, me: int, size: int, rules: Rules, rng: random.Random) -> list[int]:
    """The cells of a computer's setup pieces."""
    squares = range(size * size)
    if level == "1":
        return rng.sample(squares, SETUP_PIECES)
    shapes = l_shapes(size)
    if level == "2":
        return list(rng.choice(shapes))
    tried = shapes if len(shapes) <= SETUP_SHAPES else rng.sample(shapes, SETUP_SHAPES)
    opponents = [
        rng.choice(shapes) if rng.random() < 0.5 else tuple(rng.sample(squares, SETUP_PIECES))
        for _ in range(SETUP_SAMPLES)
    ]
    best = best_of(
        tried, lambda shape: sum(setup_value(shape, them, me, size, rules) for them in opponents), rng
    )
    return list(best)


class ComputerPlayer:
    """One seat, played by the computer at a level, with dice of its own (never the coin's)."""

    def __init__(self, level: str, colour: int, size: int, rules: Rules, rng: random.Random) -> None:
        if level not in LEVELS:
            raise ValueError(f"the computer's level is one of {', '.join(LEVELS)}, not {level!r}")
        self.level = level
        self.colour = colour
        self.size = size
        self.rules = rules
        self.rng = rng

    def setup(self) -> list[int]:
        return choose_setup(self.level, self.colour, self.size, self.rules, self.rng)

    def move(self, cells: Cells) -> int | None:
        return choose_move(self.level, cells, self.colour, self.size, self.rules, self.rng)
