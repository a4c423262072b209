"""p2life's computers: legal squares, the coin weighed and never seen, the shortcut level 2 takes
exact, a decision made before the other side's move is read, and the levels' order of strength."""

from __future__ import annotations

import itertools
import random
import re

import pytest

from life2_retro.automata.rules import BLACK, EMPTY, P2LIFE, VARIANTS, WHITE
from life2_retro.programs.p2life.board import generation, population
from life2_retro.programs.p2life.players import (
    LEVELS,
    PASS,
    Judge,
    choose_move,
    choose_setup,
    greedy_values,
    payoff_matrix,
)
from life2_retro.programs.p2life.program import P2LifeProgram
from life2_retro.programs.strategy import score
from life2_retro.session import run_in_memory


def random_position(rng: random.Random, size: int) -> tuple[int, ...]:
    """A board a game could show: a random soup, one generation on."""
    density = rng.uniform(0.15, 0.6)
    cells = tuple(rng.choice((WHITE, BLACK)) if rng.random() < density else EMPTY for _ in range(size * size))
    return generation(cells, size, P2LIFE, lambda: rng.random() < 0.5).cells


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("size", [5, 8])
def test_every_level_plays_legal_squares(level, size):
    rng = random.Random(f"{level}:{size}")
    for _ in range(8):
        setup = choose_setup(level, WHITE, size, P2LIFE, rng)
        assert len(set(setup)) == 3 and all(0 <= square < size * size for square in setup)
        cells = random_position(rng, size)
        move = choose_move(level, cells, rng.choice((WHITE, BLACK)), size, P2LIFE, rng)
        assert (move is None) == (EMPTY not in cells)
        assert move is None or cells[move] == EMPTY
    assert choose_move(level, (WHITE,) * 25, BLACK, 5, P2LIFE, rng) is None  # a full board: no square


def test_the_judge_weighs_the_coin_by_its_chances_exactly():
    """Its tally for k undecided cells is the mean over all 2^k faces of the coin."""
    judge = Judge(WHITE, 5, P2LIFE)
    for white, black, coins in [(3, 3, 1), (0, 0, 1), (0, 2, 2), (5, 1, 3), (1, 0, 0)]:
        faces = list(itertools.product((WHITE, BLACK), repeat=coins))
        mean = sum(score(white + f.count(WHITE), black + f.count(BLACK)) for f in faces) / len(faces)
        assert judge.tally(white, black, coins) == pytest.approx(mean)
    assert Judge(BLACK, 5, P2LIFE).tally(1, 4, 0) == 3.0


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_level_2s_shortcut_equals_judging_the_whole_board(variant):
    """Only a piece's 3x3 block can change: the shortcut must give what a whole board's count gives."""
    rules = VARIANTS[variant]
    rng = random.Random(variant)
    for size in (5, 7):
        for _ in range(6):
            cells = random_position(rng, size)
            colour = rng.choice((WHITE, BLACK))
            judge = Judge(colour, size, rules)
            for square, value in greedy_values(cells, colour, size, rules).items():
                placed = cells[:square] + (colour,) + cells[square + 1 :]
                assert value == judge.tally(*judge.counts(placed))


def test_the_payoff_matrix_is_the_turn_played_out():
    """Each entry is the board the two squares make (both on one square: neither), judged."""
    rng = random.Random(5)
    cells = random_position(rng, 5)
    empty = [i for i, cell in enumerate(cells) if cell == EMPTY][:6]
    mine, theirs = empty[:4] + [PASS], empty[2:] + [PASS]
    matrix = payoff_matrix(cells, BLACK, mine, theirs, 5, P2LIFE)
    judge = Judge(BLACK, 5, P2LIFE)
    for row, my_square in enumerate(mine):
        for column, their_square in enumerate(theirs):
            board = list(cells)
            if my_square != their_square:
                if my_square != PASS:
                    board[my_square] = BLACK
                if their_square != PASS:
                    board[their_square] = WHITE
            assert matrix[row][column] == judge.value(tuple(board))


def test_level_2_finishes_an_l_into_a_block_of_four():
    # white's pair on row 1 dies alone; a piece at 1,2 or 2,2 makes an L, whose fourth corner is born
    cells = [EMPTY] * 25
    cells[0] = cells[1] = WHITE
    cells[24] = BLACK
    choices = {choose_move("2", tuple(cells), WHITE, 5, P2LIFE, random.Random(seed)) for seed in range(20)}
    assert choices <= {5, 6}


def taken(text: bytes, colour: bytes) -> list[bytes]:
    return re.findall(colour + rb" \(.\) TOOK (\d+,\d+)", text)


@pytest.mark.parametrize("level", LEVELS)
def test_a_computer_decides_before_the_humans_move_is_read(level):
    """Two games alike but for white's move: black, the computer, takes the same square in the turn
    white's moves differ in (it cannot have seen them)."""
    setup = [b"2,2", b"3,2", b"2,3"]
    for seed in range(40):  # a game where black's setup lives on, so that there is a turn
        one = run_in_memory(P2LifeProgram(seed, computer=level).run(), setup + [b"5,1"]).output
        if taken(one, b"BLACK"):
            break
    two = run_in_memory(P2LifeProgram(seed, computer=level).run(), setup + [b"1,5"]).output
    assert taken(one, b"WHITE") == [b"5,1"] and taken(two, b"WHITE") == [b"1,5"]
    assert taken(one, b"BLACK") == taken(two, b"BLACK") and len(taken(one, b"BLACK")) == 1


def test_the_coin_is_the_seeds_own_stream_and_no_computer_draws_from_it():
    """Every face the transcript reports is the seed's next toss, in order, and nothing else drew from
    that stream in between, however much the computers thought."""
    reported = 0
    for seed in range(6):
        program = P2LifeProgram(seed, rounds=25, computer="3,2")
        text = run_in_memory(program.run(), []).output
        faces = re.findall(rb"THE COIN GAVE \d+,\d+ TO (WHITE|BLACK)", text)
        coin = random.Random(seed)
        assert faces == [b"WHITE" if coin.random() < 0.5 else b"BLACK" for _ in faces]
        assert program.coin.getstate() == coin.getstate()
        reported += len(faces)
    assert reported > 0


def test_the_levels_are_in_order_of_strength():
    """Two computers, colours swapped game by game (tools/p2life_levels.py plays more)."""
    results = {}
    for stronger, weaker in (("3", "2"), ("2", "1")):
        won = lost = 0
        for seed in range(8):
            levels = (stronger, weaker) if seed % 2 == 0 else (weaker, stronger)
            text = run_in_memory(P2LifeProgram(seed, rounds=30, computer=",".join(levels)).run(), []).output
            found = re.search(rb"^(WHITE|BLACK) \(.\) IS THE WINNER", text, re.M)
            if found:
                stronger_colour = b"WHITE" if seed % 2 == 0 else b"BLACK"
                won, lost = (won + 1, lost) if found[1] == stronger_colour else (won, lost + 1)
        results[stronger, weaker] = (won, lost)
    assert all(won > lost for won, lost in results.values()), results


def test_a_whole_computers_game_ends_and_counts_right():
    text = run_in_memory(P2LifeProgram(2, rounds=40, computer="3,3").run(), []).output.decode()
    counts = re.findall(r"WHITE \(O\) (\d+), BLACK \(#\) (\d+)\.", text)
    boards = re.findall(r"((?:  \d  (?:[.O#]  ){5}\d\r\n){5})", text)
    assert len(counts) == len(boards) >= 2
    for (white, black), board in zip(counts, boards, strict=True):
        pieces = "".join(re.findall(r"[.O#]", board))
        assert (pieces.count("O"), pieces.count("#")) == (int(white), int(black))
    cells = tuple({".": EMPTY, "O": WHITE, "#": BLACK}[c] for c in re.findall(r"[.O#]", boards[-1]))
    assert population(cells) == tuple(map(int, counts[-1]))
    assert re.search(r"(IS THE WINNER|A DRAW)", text.rsplit("GENERATION", 1)[1])
