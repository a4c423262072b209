"""Our computer players for Cell Life: the greedy shortcut is the full computation, and the levels are
stronger than the program's own and than chance."""

from __future__ import annotations

import random
import re

from life2_retro.programs.cell_life.players import _block_gain, choose, counts, generation
from life2_retro.programs.cell_life.program import CellLifeProgram
from life2_retro.session import run_in_memory


def random_board(rng: random.Random, width: int, height: int) -> list[list[int]]:
    board = [[0] * (height + 2) for _ in range(width + 2)]
    for x in range(1, width + 1):
        for y in range(1, height + 1):
            board[x][y] = rng.choice((0, 0, 0, 1, 2, 3, 4, 5))
    return board


def test_the_3x3_shortcut_equals_a_whole_generation():
    rng = random.Random(7)
    for _ in range(60):
        width, height = rng.choice(((5, 5), (25, 18), (8, 3)))
        board = random_board(rng, width, height)
        base = counts(generation(board, width, height), width, height)
        for x in range(1, width + 1):
            for y in range(1, height + 1):
                if board[x][y]:
                    continue
                token = rng.randint(1, 4)
                change = _block_gain(board, x, y, token, width, height)
                board[x][y] = token
                whole = counts(generation(board, width, height), width, height)
                board[x][y] = 0
                assert [a + b for a, b in zip(base, change, strict=True)][1:] == whole[1:]


def test_every_level_takes_a_free_square():
    rng = random.Random(3)
    for level in "123":
        board = random_board(rng, 5, 5)
        x, y = choose(level, board, 1, 5, 5, rng)
        assert 1 <= x <= 5 and 1 <= y <= 5 and board[x][y] == 0


def winner(player_levels: tuple[str, str], seed: int) -> int:
    """A game of two computers on the small board, player 1 at one level and player 2 at the other;
    0 for a game with no winner."""
    program = CellLifeProgram((), seed)  # fixed: one ENTER a generation
    mixed = _MixedLevels(program, player_levels)
    run = run_in_memory(mixed.run(), [b"2", b"2", b"2", b"1"] + [b""] * 300)
    found = re.search(rb"Player (\d) wins!", run.output)
    return int(found[1]) if found else 0


class _MixedLevels:
    """The program with each computer at its own level."""

    def __init__(self, program: CellLifeProgram, levels: tuple[str, str]) -> None:
        self.program = program
        self.levels = levels
        original = program.compyturn

        def compyturn(p: int, g: int) -> None:
            program.computer = levels[p]
            original(p, g)

        program.compyturn = compyturn  # type: ignore[method-assign]

    def run(self):
        return self.program.run()


def test_the_stronger_levels_win_more_often():
    games = 24
    against_chance = sum(winner(("2", "1"), seed) == 1 for seed in range(games))
    against_own = sum(winner(("3", "c"), seed) == 1 for seed in range(games))
    assert against_chance > games * 0.6, against_chance
    assert against_own > games * 0.65, against_own
