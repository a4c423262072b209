"""How computer players choose, whatever the game: fictitious play, the mixed strategy, the score."""

from __future__ import annotations

import random

from life2_retro.programs.strategy import WIN, best_of, score, solve, strategy


def test_fictitious_play_solves_small_games():
    pennies = solve([[1, -1], [-1, 1]])
    assert abs(pennies[0] - 0.5) < 0.05
    dominant = solve([[0, 0, 0], [1, 2, 1], [-1, 3, 0]])
    assert dominant[1] > 0.95
    rock = solve([[0, -1, 1], [1, 0, -1], [-1, 1, 0]], 900)
    assert all(abs(p - 1 / 3) < 0.05 for p in rock)


def test_level_3_plays_only_a_sure_win_when_there_is_one():
    # row 1 wins against every column; row 2 wins more often but can lose
    weights = strategy([[1, 2, 3], [WIN, WIN + 1, WIN], [-WIN, WIN + 20, WIN + 20]])
    assert weights == [0.0, 1.0, 0.0]


def test_level_3_never_plays_a_row_fictitious_play_left_behind():
    # a dominated row picks up no weight; the other two share it as in matching pennies
    weights = strategy([[1, -1], [-1, 1], [-5, -5]])
    assert weights[2] == 0.0 and abs(weights[0] - 0.5) < 0.05


def test_the_score_is_a_result_once_a_side_is_gone_else_the_difference():
    assert score(4, 1) == 3.0 and score(1, 4) == -3.0
    assert score(2, 0) == WIN + 2 and score(0, 5) == -WIN - 5
    assert score(0, 0) == 0.0  # both gone: a draw


def test_best_of_draws_among_the_ties_only():
    picks = {best_of([1, 2, 3, 4], lambda n: n % 2, random.Random(seed)) for seed in range(40)}
    assert picks == {1, 3}
