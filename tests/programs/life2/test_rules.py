"""The exhibit's model of LIFE2's rules, checked against the program itself.

The differential games are the authority: random (seeded) games run through
Life2Program, and the model must predict every board printed, every answer the
program refuses, and how the game ends, in both dialects, bugs on and off.
"""

from __future__ import annotations

import random

import pytest

from life2_retro.basic.dialects import Dialect
from life2_retro.events import Stop
from life2_retro.programs.life2 import rules
from life2_retro.programs.life2.program import DATA, Life2Program
from life2_retro.programs.life2.rules import EMPTY, ONE, TWO, Board, Move
from life2_retro.session import drive
from life2_retro.terminals.base import KeyHook, Terminal

from ...support.helpers import FAITHFUL, FIXED, QUICK_GAME, boards, play

ILLEGAL = b"ILLEGAL COORDS. RETYPE"
SAME = b"SAME COORD.  SET TO 0"
_SYMBOL = {" ": EMPTY, ".": EMPTY, "*": ONE, "#": TWO}


def to_board(printed: list[str]) -> Board:
    return tuple(tuple(_SYMBOL[char] for char in row) for row in printed)


def printed_boards(output: bytes) -> list[Board]:
    return [to_board(found) for found in boards(output)]


def parse(text: str) -> Board:
    """A board written as five rows of `.`, `*` and `#`."""
    return tuple(tuple(_SYMBOL[char] for char in row) for row in text.split())


# -- the generation, read literally off the listing ---------------------------------------------


def literal_generation(board: Board) -> Board:
    """Lines 50-65, 200-239 and 90-126 done on a 7x7 array of codes, as the program does them."""
    offsets = DATA[13]
    array = [[0] * 7 for _ in range(7)]
    for row in range(5):
        for col in range(5):
            array[row + 1][col + 1] = (0, 100, 1000)[board[row][col]]
    for j in range(1, 6):
        for k in range(1, 6):
            if array[j][k] > 99:
                add = 10 if array[j][k] > 999 else 1
                for o in range(0, 16, 2):
                    array[j + offsets[o]][k + offsets[o + 1]] += add
    return tuple(tuple(rules.fate_of_code(array[j][k]) for k in range(1, 6)) for j in range(1, 6))


def random_board(rng: random.Random) -> Board:
    density = rng.choice((0.2, 0.4, 0.6, 0.9))
    return tuple(
        tuple(rng.choice((ONE, TWO)) if rng.random() < density else EMPTY for _ in range(5)) for _ in range(5)
    )


def test_generation_matches_the_listing_read_literally():
    rng = random.Random(56)
    for _ in range(3000):
        board = random_board(rng)
        assert rules.next_generation(board) == literal_generation(board), board


def test_the_table_is_life_with_births_to_the_majority():
    # Read off DATA: any piece with 2 or 3 neighbours of either colour lives; an empty square with
    # 3 neighbours is born to the colour that has 2 or 3 of them.
    assert rules.fate_of_code(100 + 1 + 10 * 1) == ONE
    assert rules.fate_of_code(1000 + 3) == TWO
    assert rules.fate_of_code(100 + 4) == EMPTY
    assert rules.fate_of_code(2 + 10) == ONE and rules.fate_of_code(1 + 20) == TWO
    assert rules.fate_of_code(3) == ONE and rules.fate_of_code(30) == TWO
    assert rules.fate_of_code(33) == EMPTY  # a setup square both players chose (illegal-coords off)
    assert rules.fate_of_code(2) == EMPTY and rules.fate_of_code(11) == EMPTY


def test_blinker_and_block():
    blinker = parse("..... ..*.. ..*.. ..*.. .....")
    assert rules.next_generation(blinker) == parse("..... ..... .***. ..... .....")
    block = parse("##... ##... ..... ..... .....")
    assert rules.next_generation(block) == block


def test_a_mixed_birth_goes_to_the_majority():
    board = parse("*.#.. ..... *.... ..... .....")  # (row 2, col 2) has two * and one #
    assert rules.next_generation(board)[1][1] == ONE


# -- orientation ------------------------------------------------------------------------------------


@pytest.mark.parametrize("dialect", list(Dialect))
def test_a_typed_move_is_column_then_row(dialect):
    run = play(QUICK_GAME, dialect, FAITHFUL)
    first = printed_boards(run.output)[0]
    squares1 = [(1, 1), (1, 5), (5, 5)]
    squares2 = [(3, 2), (3, 3), (3, 4)]
    assert first == rules.setup_board(squares1, squares2, FAITHFUL)
    assert rules.cell(first, (3, 2)) == TWO and first[1][2] == TWO  # printed row 2, column 3
    assert rules.cell(first, (1, 5)) == ONE and first[4][0] == ONE  # printed row 5, column 1
    assert rules.index_of((3, 2)) == 1 * 5 + 2 and rules.move_of(7) == (3, 2)


# -- turns, setup and results -----------------------------------------------------------------------


def test_same_coord_with_the_bug_empties_the_square_below_right():
    board = parse(".#... .#... .#... ..... .....")
    # both name column 1, row 1: the middle of the blinker (row 2, column 2) dies, so all of it does
    after = rules.apply_turn(board, (1, 1), (1, 1), FAITHFUL)
    assert after == rules.EMPTY_BOARD and rules.result(after) == "draw"
    # fixed, nothing is placed and the blinker turns as usual
    assert rules.apply_turn(board, (1, 1), (1, 1), FIXED) == parse("..... ###.. ..... ..... .....")


def test_same_coord_on_the_last_row_or_column_hits_the_border():
    board = parse("..... ..... ..... ...** ...**")
    assert rules.apply_turn(board, (5, 1), (5, 1), FAITHFUL) == board
    assert rules.apply_turn(board, (1, 5), (1, 5), FAITHFUL) == board


def test_different_squares_place_both_pieces():
    board = parse("..... .**.. ..... ..... .....")
    after = rules.apply_turn(board, (2, 3), (5, 5), FAITHFUL)
    assert after == rules.next_generation(parse("..... .**.. .*... ..... ....#"))
    assert rules.population(after) == (4, 0) and rules.result(after) == 1


def test_a_taken_square_is_refused():
    board = parse("*.... ..... ..... ..... .....")
    assert (1, 1) not in rules.legal_moves(board) and len(rules.legal_moves(board)) == 24
    with pytest.raises(ValueError):
        rules.apply_turn(board, (1, 1), (2, 2), FIXED)
    with pytest.raises(ValueError):
        rules.apply_turn(board, (2, 2), (6, 1), FIXED)


def test_results():
    assert rules.result_of_counts(0, 0) == "draw"
    assert rules.result_of_counts(3, 0) == 1
    assert rules.result_of_counts(0, 1) == 2
    assert rules.result_of_counts(2, 1) is None


def test_setup_acceptance_follows_the_bug_switch():
    p1 = [(1, 1), (2, 2)]
    assert not rules.setup_accepts(1, (1, 1), p1, p1, FIXED)
    assert not rules.setup_accepts(2, (1, 1), [], p1, FAITHFUL)  # player 1's square, refused
    assert rules.setup_accepts(2, (1, 1), [], p1, FIXED)
    assert not rules.setup_accepts(2, (0, 1), [], p1, FIXED)
    assert rules.setup_board([(1, 1)], [(1, 1)], FIXED) == rules.EMPTY_BOARD


# -- the differential games -------------------------------------------------------------------------


class RandomTyping(Terminal):
    """Types seeded random answers from what the program printed, and logs what became of each.

    Mostly legal squares, sometimes a taken square, sometimes player 1's square of
    the turn (SAME COORD), and in the setup repeats and player 1's squares.
    Whether an answer was taken is read from the program's output, not the model.
    """

    def __init__(self, program: Life2Program, rng: random.Random, max_turns: int = 25) -> None:
        self.program = program
        self.rng = rng
        self.max_turns = max_turns
        self.output = bytearray()
        self.read_from = 0
        self.setup: dict[int, list[Move]] = {1: [], 2: []}
        self.turns: list[tuple[Move, Move]] = []
        self.board: Board | None = None
        self.move1: Move | None = None
        self.pending: tuple[int, Move, tuple] | None = None
        self.answers: list[tuple[tuple, int, Move, bool]] = []
        self.askers: list[tuple[int, int]] = []

    def write(self, data: bytes, on_key: KeyHook | None = None) -> None:
        self.output += data

    def settle(self) -> bytes:
        new = bytes(self.output[self.read_from :])
        self.read_from = len(self.output)
        if self.pending is not None:
            player, move, context = self.pending
            taken = ILLEGAL not in new
            self.answers.append((context, player, move, taken))
            if taken:
                if context[0] == "setup":
                    self.setup[player].append(move)
                elif player == 1:
                    self.move1 = move
                else:
                    assert self.move1 is not None
                    self.turns.append((self.move1, move))
                    self.move1 = None
            self.pending = None
        return new

    def read_line(self, idle_seconds: float | None = None) -> bytes | None:
        new = self.settle()
        found = printed_boards(new)
        if found:
            self.board = found[-1]
        player = self.program.v.B
        in_setup = len(self.setup[1]) + len(self.setup[2]) < 6
        expected = (1 if len(self.setup[1]) < 3 else 2) if in_setup else (2 if self.move1 else 1)
        self.askers.append((player, expected))
        if in_setup:
            move, context = self.setup_answer(player)
        else:
            if player == 1 and len(self.turns) >= self.max_turns:
                return None
            move, context = self.turn_answer(player)
        self.pending = (player, move, context)
        return f"{move[0]},{move[1]}".encode()

    def setup_answer(self, player: int) -> tuple[Move, tuple]:
        own, first = self.setup[player], self.setup[1]
        roll = self.rng.random()
        if own and roll < 0.1:
            move = self.rng.choice(own)
        elif player == 2 and roll < 0.3:
            move = self.rng.choice(first)
        else:
            move = self.rng.choice(rules.ALL_MOVES)
        return move, ("setup", tuple(own), tuple(first))

    def turn_answer(self, player: int) -> tuple[Move, tuple]:
        assert self.board is not None
        free = rules.legal_moves(self.board)
        taken = [move for move in rules.ALL_MOVES if move not in free]
        roll = self.rng.random()
        if taken and roll < 0.08:
            move = self.rng.choice(taken)
        elif player == 2 and roll < 0.25 and self.move1 is not None:
            move = self.move1
        elif roll < 0.7 and (near := [move for move in free if touches(self.board, move)]):
            move = self.rng.choice(near)
        else:
            move = self.rng.choice(free)
        return move, ("turn", self.board)


def touches(board: Board, move: Move) -> bool:
    """Whether a square has a piece among its eight neighbours (a move there can live or give birth)."""
    col, row = move[0] - 1, move[1] - 1
    return any(
        board[r][c] != EMPTY
        for r in range(max(row - 1, 0), min(row + 2, 5))
        for c in range(max(col - 1, 0), min(col + 2, 5))
        if (r, c) != (row, col)
    )


def predicted_game(typing: RandomTyping, bugs: frozenset[str]) -> tuple[list[Board], rules.Result]:
    """Every board the model says the program prints for the answers it took, and the result."""
    board = rules.setup_board(typing.setup[1], typing.setup[2], bugs)
    predicted = [board]
    board = rules.next_generation(board)
    predicted.append(board)
    for move1, move2 in typing.turns:
        if rules.result(board) is not None:
            break
        board = rules.apply_turn(board, move1, move2, bugs)
        predicted.append(board)
    return predicted, rules.result(board)


def play_random_game(seed: int, dialect: Dialect, bugs: frozenset[str]) -> tuple[RandomTyping, Stop]:
    program = Life2Program(dialect, bugs)
    typing = RandomTyping(program, random.Random(seed))
    stop = drive(program.run(), typing)
    typing.settle()
    return typing, stop


GAMES_PER_CASE = 100
CASES = [(dialect, bugs) for dialect in Dialect for bugs in (FAITHFUL, FIXED)]


@pytest.mark.parametrize(
    ("dialect", "bugs"), CASES, ids=lambda c: getattr(c, "name", None) or ("bugs-on" if c else "fixed")
)
def test_the_model_predicts_every_board_the_program_prints(dialect, bugs):
    outcomes = {1: 0, 2: 0, "draw": 0, None: 0}
    same_coords = refused = 0
    for seed in range(GAMES_PER_CASE):
        typing, stop = play_random_game(seed, dialect, bugs)
        output = bytes(typing.output)
        predicted, result = predicted_game(typing, bugs)
        assert printed_boards(output) == predicted, f"seed {seed}"
        for context, player, move, taken in typing.answers:
            if context[0] == "setup":
                expect = rules.setup_accepts(player, move, context[1], context[2], bugs)
            else:
                expect = move in rules.legal_moves(context[1])
            assert taken == expect, (seed, context, player, move)
        assert all(asked == expected for asked, expected in typing.askers), f"seed {seed}"
        if result == "draw":
            assert b"A DRAW" in output
        elif result is not None:
            assert f"PLAYER {result} IS THE WINNER".encode() in output
        else:
            assert stop is Stop.INPUT_ENDED and b"WINNER" not in output and b"DRAW" not in output
        outcomes[result] += 1
        same_coords += output.count(SAME)
        refused += sum(1 for *_, taken in typing.answers if not taken)
    # the games reach every ending and both special paths
    assert min(outcomes[1], outcomes[2], outcomes["draw"]) > 0, outcomes
    assert same_coords > 20 and refused > 20
