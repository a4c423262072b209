"""Computer opponents, levels 1-3, that play from the printed game alone.

A player decides each round's move(s) in `commit`, which the exhibit loop calls
for every computer at every input request, before any visitor's answer of that
round is read; `answer` then only types what was committed, or, after ILLEGAL
COORDS, a replacement. Each round draws from its own `random.Random` seeded
from (seed, round), so a decision is a function of the seed and what was
printed, and of nothing a visitor typed that round.

1. random squares;
2. greedy: the square that leaves the best piece difference after the
   generation, as if the opponent placed nothing; the setup is an L of three,
   which grows into a block;
3. each turn is a simultaneous-move game: a payoff matrix over (own square,
   opponent's square) built with the rules model, solved as a zero-sum game by
   fictitious play, and a square drawn from the mixed strategy. Its setup is
   the L that does best against a sample of opponent setups.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from ..strategy import WIN, best_of, strategy
from ..strategy import score as score_counts
from .bugs import ILLEGAL_COORDS, SAME_COORD_DIAGONAL
from .observer import GameObserver
from .rules import (
    ALL_MOVES,
    SIZE,
    Board,
    Masks,
    Move,
    generation_masks,
    index_of,
    legal_moves,
    move_of,
    setup_legal_moves,
    spread,
    to_masks,
    turn_masks,
)

LEVELS = (1, 2, 3)
LOOKAHEAD = 0.5
"""Weight of the generation after next (nobody placing): a shape that is about to die is worth less."""
SETUP_SAMPLES = 12
"""Opponent setups the level-3 setup is tried against."""
REPEAT = 3.0
"""What a board already printed costs, for each time it was: without it two good players settle into
still lifes, every new piece dies, and the same board is printed for ever."""
PASS = -1
"""All squares with no piece within two squares: each is as good as placing nothing (see `_actions`)."""


def _l_shapes() -> tuple[int, ...]:
    """Every L of three in a 2x2 square: each has two neighbours, and the fourth corner is born."""
    shapes = []
    for row in range(SIZE - 1):
        for col in range(SIZE - 1):
            corners = [
                row * SIZE + col,
                row * SIZE + col + 1,
                (row + 1) * SIZE + col,
                (row + 1) * SIZE + col + 1,
            ]
            for left_out in corners:
                shapes.append(sum(1 << i for i in corners if i != left_out))
    return tuple(shapes)


L_SHAPES = _l_shapes()


def _bits(mask: int) -> list[int]:
    return [i for i in range(SIZE * SIZE) if mask >> i & 1]


def _line(move: Move) -> bytes:
    return f"{move[0]},{move[1]}".encode("ascii")


# -- judging a position ---------------------------------------------------------------------------


def score(me: int, one: int, two: int) -> float:
    """The position after a generation, for player `me`: a result if lines 570-572 end the game there,
    else the difference in pieces."""
    mine, theirs = (one, two) if me == 1 else (two, one)
    return score_counts(mine.bit_count(), theirs.bit_count())


def value(me: int, one: int, two: int) -> float:
    """`score`, plus a look at the generation after, which the next turn starts from."""
    now = score(me, one, two)
    if abs(now) >= WIN or (one == 0 and two == 0):
        return now
    return now + LOOKAHEAD * score(me, *generation_masks(one, two))


# -- level 1 and 2 ---------------------------------------------------------------------------------


def random_move(board: Board, rng: random.Random) -> Move:
    return rng.choice(legal_moves(board))


def greedy_move(
    board: Board, me: int, rng: random.Random, printed: Mapping[Masks, int] | None = None
) -> Move:
    """The square whose piece leaves the best difference after one generation (ties at random),
    a board printed before counting less, as in `payoff_matrix`."""
    one, two = to_masks(board)
    seen = printed or {}

    def value(move: Move) -> float:
        bit = 1 << index_of(move)
        after = generation_masks(one | bit, two) if me == 1 else generation_masks(one, two | bit)
        return score(me, *after) - REPEAT * seen.get(after, 0)

    return best_of(legal_moves(board), value, rng)


# -- level 3: the turn as a matrix game -----------------------------------------------------------


def _actions(one: int, two: int) -> tuple[list[int], list[int]]:
    """The squares worth telling apart, and the rest.

    A square with no piece within two squares cannot change the generation: its
    piece dies alone (at most the other new piece beside it), and it cannot help
    a birth, which needs a third piece within two squares of it. Two players who
    both name such a square change nothing either (the diagonal line 741 empties
    is empty). So all of them are one action, PASS.
    """
    occupied = one | two
    near = spread(spread(occupied))
    relevant = [i for i in range(SIZE * SIZE) if near >> i & 1 and not occupied >> i & 1]
    isolated = [i for i in range(SIZE * SIZE) if not (near | occupied) >> i & 1]
    return relevant, isolated


def _outcome(one: int, two: int, move1: int, move2: int, diagonal: bool) -> tuple[int, int]:
    if move1 == PASS or move2 == PASS:
        if move1 != PASS:
            one |= 1 << move1
        if move2 != PASS:
            two |= 1 << move2
        return generation_masks(one, two)
    return turn_masks(one, two, move1, move2, diagonal)


def payoff_matrix(
    board: Board, me: int, actions: Sequence[int], diagonal: bool, printed: Mapping[Masks, int] | None = None
) -> list[list[float]]:
    """Rows: my actions; columns: the opponent's; entries: `value` for me of the turn's outcome,
    less REPEAT for each time that outcome was `printed` before."""
    one, two = to_masks(board)
    printed = printed or {}
    known: dict[Masks, float] = {}
    matrix = []
    for mine in actions:
        row = []
        for theirs in actions:
            move1, move2 = (mine, theirs) if me == 1 else (theirs, mine)
            after = _outcome(one, two, move1, move2, diagonal)
            got = known.get(after)
            if got is None:
                got = known[after] = value(me, *after) - REPEAT * printed.get(after, 0)
            row.append(got)
        matrix.append(row)
    return matrix


def matrix_move(
    board: Board,
    me: int,
    bugs: frozenset[str],
    rng: random.Random,
    printed: Mapping[Masks, int] | None = None,
) -> Move:
    one, two = to_masks(board)
    relevant, isolated = _actions(one, two)
    actions = relevant + ([PASS] if isolated else [])
    matrix = payoff_matrix(board, me, actions, SAME_COORD_DIAGONAL in bugs, printed)
    action = rng.choices(actions, strategy(matrix))[0]
    return move_of(rng.choice(isolated) if action == PASS else action)


def turn_move(
    level: int,
    me: int,
    board: Board,
    bugs: frozenset[str],
    rng: random.Random,
    printed: Mapping[Masks, int] | None = None,
) -> Move:
    """A level's square for a turn on `board`; `printed` counts the boards printed so far."""
    if level == 1:
        return random_move(board, rng)
    if level == 2:
        return greedy_move(board, me, rng, printed)
    return matrix_move(board, me, bugs, rng, printed)


# -- the setup ---------------------------------------------------------------------------------------


def _setup_value(me: int, mine: int, theirs: int, bugs: frozenset[str]) -> float:
    """How three squares do against the opponent's, through the first print and the generation after.

    A square both chose: with illegal-coords off it prints empty (33); with it on,
    player 2 is refused it and plays elsewhere, which is ignored here.
    """
    common = mine & theirs
    if ILLEGAL_COORDS in bugs:
        if me == 1:
            theirs &= ~common
        else:
            mine &= ~common
    else:
        mine &= ~common
        theirs &= ~common
    one, two = (mine, theirs) if me == 1 else (theirs, mine)
    return value(me, *generation_masks(one, two))


def choose_setup(level: int, me: int, bugs: frozenset[str], rng: random.Random) -> list[Move]:
    """Three squares for the setup, typed in this order."""
    if level == 1:
        return rng.sample(ALL_MOVES, 3)
    if level == 2:
        shape = rng.choice(L_SHAPES)
    else:
        opponents = [
            rng.choice(L_SHAPES) if rng.random() < 0.5 else sum(1 << i for i in rng.sample(range(25), 3))
            for _ in range(SETUP_SAMPLES)
        ]
        shape = best_of(
            L_SHAPES, lambda shape: sum(_setup_value(me, shape, other, bugs) for other in opponents), rng
        )
    squares = [move_of(i) for i in _bits(shape)]
    rng.shuffle(squares)
    return squares


def setup_replacement(
    level: int,
    me: int,
    kept: Sequence[Move],
    refused: Iterable[Move],
    bugs: frozenset[str],
    rng: random.Random,
) -> Move:
    """Another setup square when the planned one is gone (refused: with illegal-coords on, player 1's).

    `kept` are this player's squares the program took; a refused square is
    the opponent's, and counted so.
    """
    refused = set(refused)
    choices = [move for move in setup_legal_moves(me, kept, (), bugs) if move not in refused]
    if level == 1:
        return rng.choice(choices)
    mine = sum(1 << index_of(move) for move in kept)
    theirs = sum(1 << index_of(move) for move in refused)
    return best_of(choices, lambda move: _setup_value(me, mine | 1 << index_of(move), theirs, bugs), rng)


# -- the player ---------------------------------------------------------------------------------------


class ComputerPlayer:
    """One seat at the table, played by the computer at a level, under the game's bug switches."""

    def __init__(self, number: int, level: int, bugs: Iterable[str], seed: int | None = None) -> None:
        if number not in (1, 2):
            raise ValueError(f"player {number}: LIFE2 has players 1 and 2")
        if level not in LEVELS:
            raise ValueError(f"level {level}: choose from {', '.join(map(str, LEVELS))}")
        self.number = number
        self.level = level
        self.bugs = frozenset(bugs)
        self.name = f"computer-{level}"
        self._base = random.Random(seed).getrandbits(64)
        self._round: int | None = None
        self._rng = random.Random(0)
        self._plan: list[Move] = []
        self._typed: Move | None = None
        self._kept: list[Move] = []
        self._refused: set[Move] = set()
        self._answers: dict[int, bytes] = {}
        self._counts: Counter[Masks] = Counter()
        self._counted = 0

    @property
    def committed(self) -> tuple[int | None, tuple[Move, ...]]:
        """(round, squares) decided for the round: what `answer` will type unless refused."""
        return self._round, tuple(self._plan)

    def commit(self, observer: GameObserver) -> None:
        """Decide this round from what is printed; a second call in the same round changes nothing."""
        if observer.ended or observer.round == self._round:
            return
        self._round = observer.round
        self._rng = random.Random(f"{self._base}:{observer.round}")
        self._typed = None
        self._kept = []
        self._refused = set()
        self._answers = {}
        if observer.phase == "setup":
            self._plan = choose_setup(self.level, self.number, self.bugs, self._rng)
        else:
            assert observer.board is not None
            self._plan = [self._turn_move(observer.board, self._printed(observer.history))]

    def _printed(self, history: Sequence[Board]) -> Counter[Masks]:
        """How often each board was printed: counted as the history grows, not over again each turn."""
        if len(history) < self._counted:  # another game's observer
            self._counts, self._counted = Counter(), 0
        self._counts.update(to_masks(board) for board in history[self._counted :])
        self._counted = len(history)
        return self._counts

    def _turn_move(self, board: Board, printed: Mapping[Masks, int]) -> Move:
        return turn_move(self.level, self.number, board, self.bugs, self._rng, printed)

    def answer(self, observer: GameObserver) -> bytes:
        """The line to type at the prompt waiting for this player (the same line if asked again)."""
        self.commit(observer)
        line = self._answers.get(observer.prompts)
        if line is None:
            line = self._answers[observer.prompts] = _line(self._next(observer))
        return line

    def _next(self, observer: GameObserver) -> Move:
        if self._typed is not None:  # what became of the last square typed this round
            if observer.refused:
                self._refused.add(self._typed)
            elif observer.phase == "setup":
                self._kept.append(self._typed)
        if observer.phase == "setup":
            planned = [move for move in self._plan if move not in self._kept and move not in self._refused]
            if planned:
                self._typed = planned[0]
            else:
                self._typed = setup_replacement(
                    self.level, self.number, self._kept, self._refused, self.bugs, self._rng
                )
                self._plan.append(self._typed)
        elif self._plan[0] not in self._refused:
            self._typed = self._plan[0]
        else:  # the program refused the committed square (it never should): any other empty square
            assert observer.board is not None
            choices = [move for move in legal_moves(observer.board) if move not in self._refused]
            self._typed = self._rng.choice(choices)
        return self._typed
