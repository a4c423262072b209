"""Computer players: legal whole squares, what each level aims for, and only public information.

The whole games run the real program, with a table terminal that does what the
exhibit loop does: every computer commits at every input request, before the
answer is read, and the observer sees the output only.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from life2_retro.basic.dialects import Dialect
from life2_retro.commands.bench.players import bench, bench_positions
from life2_retro.programs.life2 import players, rules
from life2_retro.programs.life2.bugs import SAME_COORD_DIAGONAL
from life2_retro.programs.life2.observer import GameObserver
from life2_retro.programs.life2.players import ComputerPlayer
from life2_retro.programs.life2.program import Life2Program
from life2_retro.programs.life2.rules import ONE, TWO, Board, Move
from life2_retro.programs.strategy import WIN
from life2_retro.session import drive
from life2_retro.terminals.base import KeyHook, Terminal

from ...support.helpers import FAITHFUL, FIXED
from .test_rules import parse

Human = Callable[[GameObserver], bytes | None]


class Table(Terminal):
    """Two seats at one program: a ComputerPlayer or a scripted human, as the exhibit loop seats them."""

    def __init__(
        self, program: Life2Program, seats: dict[int, ComputerPlayer | Human], max_rounds: int
    ) -> None:
        self.program = program
        self.seats = seats
        self.max_rounds = max_rounds
        self.observer = GameObserver()
        self.typed: list[tuple[int, int, str, bool, bytes]] = []
        """(round, player, phase, refused, line) for every answer."""

    def write(self, data: bytes, on_key: KeyHook | None = None) -> None:
        self.observer.feed(data)

    def read_line(self, idle_seconds: float | None = None) -> bytes | None:
        seen = self.observer
        assert seen.prompted == self.program.v.B
        if seen.round > self.max_rounds:
            return None
        for seat in self.seats.values():
            if isinstance(seat, ComputerPlayer):
                seat.commit(seen)
        seat = self.seats[seen.prompted]
        line = seat.answer(seen) if isinstance(seat, ComputerPlayer) else seat(seen)
        if line is not None:
            self.typed.append((seen.round, seen.prompted, seen.phase, seen.refused, line))
        return line


def play_table(seats, dialect=Dialect.GWBASIC, bugs=FAITHFUL, max_rounds=600) -> Table:
    program = Life2Program(dialect, bugs)
    table = Table(program, seats, max_rounds)
    drive(program.run(), table)
    return table


def squares_typed(line: bytes) -> Move:
    first, second = line.split(b",")
    return int(first), int(second)


def random_board(rng: random.Random) -> Board:
    while True:
        density = rng.choice((0.1, 0.25, 0.4))
        board = tuple(
            tuple(rng.choice((ONE, TWO)) if rng.random() < density else 0 for _ in range(5)) for _ in range(5)
        )
        if rules.result(board) is None and rules.legal_moves(board):
            return board


# -- the player as the loop sees it ---------------------------------------------------------------


def test_names_and_arguments():
    assert ComputerPlayer(2, 3, FAITHFUL, seed=1).name == "computer-3"
    assert ComputerPlayer(1, 1, FIXED).name == "computer-1"
    with pytest.raises(ValueError):
        ComputerPlayer(3, 1, FIXED)
    with pytest.raises(ValueError):
        ComputerPlayer(1, 4, FIXED)


@pytest.mark.parametrize("level", players.LEVELS)
def test_every_level_types_an_empty_square_in_whole_numbers(level):
    rng = random.Random(level)
    for n in range(60):
        board = random_board(rng)
        me = 1 + n % 2
        move = players.turn_move(level, me, board, FAITHFUL if n % 3 else FIXED, random.Random(n))
        assert move in rules.legal_moves(board)
        assert players._line(move) == f"{move[0]},{move[1]}".encode()


def alone_after(board: Board, me: int, square: Move) -> float:
    """The score after the generation with only this player's piece placed."""
    placed = [list(row) for row in board]
    placed[square[1] - 1][square[0] - 1] = me
    one, two = rules.to_masks(rules.next_generation(tuple(map(tuple, placed))))
    return players.score(me, one, two)


def test_greedy_takes_the_best_difference_after_the_generation():
    rng = random.Random(7)
    for n in range(80):
        board = random_board(rng)
        me = 1 + n % 2
        move = players.greedy_move(board, me, random.Random(n))
        best = max(alone_after(board, me, square) for square in rules.legal_moves(board))
        assert alone_after(board, me, move) == best


def test_greedy_makes_a_block_of_an_l():
    board = parse("**... ..... ..... ...## .....")
    # (1,2) or (2,2) completes an L of *: a block of four; #'s pair dies
    assert players.greedy_move(board, 1, random.Random(0)) in [(1, 2), (2, 2)]


# -- level 3 ------------------------------------------------------------------------------------------


def test_the_payoff_matrix_is_the_rules_model_for_every_pair_of_squares():
    """Squares with no piece within two are one action (PASS): the matrix must still be exact."""
    rng = random.Random(11)
    checked_pass = 0
    for n in range(25):
        board = random_board(rng)
        me = 1 + n % 2
        bugs = FAITHFUL if n % 2 else FIXED
        one, two = rules.to_masks(board)
        relevant, isolated = players._actions(one, two)
        actions = relevant + ([players.PASS] if isolated else [])
        matrix = players.payoff_matrix(board, me, actions, SAME_COORD_DIAGONAL in bugs)

        def action(square: Move, actions=actions, isolated=isolated) -> int:
            index = rules.index_of(square)
            return actions.index(players.PASS if index in isolated else index)

        for mine in rules.legal_moves(board):
            for theirs in rules.legal_moves(board):
                move1, move2 = (mine, theirs) if me == 1 else (theirs, mine)
                after = rules.to_masks(rules.apply_turn(board, move1, move2, bugs))
                assert matrix[action(mine)][action(theirs)] == players.value(me, *after)
                checked_pass += rules.index_of(mine) in isolated
    assert checked_pass > 100


def test_the_same_coord_bug_is_part_of_the_search():
    # both naming column 1, row 1 empties row 2, column 2 (line 741): the middle of #'s blinker
    board = parse(".#... .#... .#... ...** ...**")
    one, two = rules.to_masks(board)
    relevant, _ = players._actions(one, two)
    corner = relevant.index(0)
    on = players.payoff_matrix(board, 1, relevant, True)
    off = players.payoff_matrix(board, 1, relevant, False)
    assert on[corner][corner] >= WIN  # every # is gone, the block stands: * wins
    assert off[corner][corner] < WIN


def test_repeated_boards_cost_the_search():
    board = parse("**... **... ..... ...## ...##")  # two blocks: nothing a single piece does helps
    one, two = rules.to_masks(board)
    relevant, isolated = players._actions(one, two)
    actions = relevant + [players.PASS]
    fresh = players.payoff_matrix(board, 1, actions, False)
    tired = players.payoff_matrix(board, 1, actions, False, {(one, two): 4})
    last = len(actions) - 1
    assert tired[last][last] == fresh[last][last] - 4 * players.REPEAT


# -- the setup -----------------------------------------------------------------------------------------


def test_setups():
    for seed in range(20):
        rng = random.Random(seed)
        me = 1 + seed % 2
        squares = players.choose_setup(1, me, FAITHFUL, rng)
        assert len(set(squares)) == 3
        for level in (2, 3):
            squares = players.choose_setup(level, me, FAITHFUL if seed % 3 else FIXED, rng)
            mask = sum(1 << rules.index_of(square) for square in squares)
            assert mask in players.L_SHAPES
            alone = (
                rules.setup_board(squares, [], FIXED) if me == 1 else rules.setup_board([], squares, FIXED)
            )
            assert rules.population(rules.next_generation(alone))[me - 1] == 4  # it grows into a block


def scripted(lines: list[bytes]) -> Human:
    answers = iter(lines)
    return lambda seen: next(answers, None)


@pytest.mark.parametrize("level", players.LEVELS)
def test_a_refused_setup_square_is_replaced_and_never_typed_again(level):
    """With illegal-coords on, player 2 is refused player 1's squares: here the visitor took all three."""
    spy = ComputerPlayer(2, level, FAITHFUL, seed=5)
    spy.commit(GameObserver())
    _, planned = spy.committed
    human = scripted([f"{a},{b}".encode() for a, b in planned])
    table = play_table({1: human, 2: ComputerPlayer(2, level, FAITHFUL, seed=5)}, max_rounds=0)
    prompts = [(refused, squares_typed(line)) for _, player, _, refused, line in table.typed if player == 2]
    typed = [square for _, square in prompts]
    assert typed[:3] == list(planned)
    assert [refused for refused, _ in prompts] == [False, True, True, True, False, False]
    assert len(set(typed)) == 6  # no square typed twice
    assert rules.population(table.observer.history[0]) == (3, 3)


# -- only public information ------------------------------------------------------------------------------


def visitor(setup: list[Move], turn_move: Move) -> tuple[Human, list[Move]]:
    """A scripted visitor as player 1: three setup squares, then `turn_move` if it is free."""
    typed: list[Move] = []

    def answer(seen: GameObserver) -> bytes | None:
        if seen.phase == "setup":
            square = setup[len(typed)]
        elif seen.round == 1 and seen.board is not None:
            free = rules.legal_moves(seen.board)
            square = turn_move if turn_move in free else free[0]
        else:
            return None
        typed.append(square)
        return f"{square[0]},{square[1]}".encode()

    return answer, typed


def first_turn(level: int, seed: int, move: Move, bugs: frozenset[str]) -> tuple[bytes | None, Move | None]:
    """(what the computer typed in turn 1, what the visitor typed there)."""
    human, typed = visitor([(1, 1), (2, 1), (1, 2)], move)
    table = play_table({1: human, 2: ComputerPlayer(2, level, bugs, seed=seed)}, bugs=bugs, max_rounds=1)
    answers = [line for round_, player, *_, line in table.typed if round_ == 1 and player == 2]
    return (answers[0] if answers else None), (typed[3] if len(typed) > 3 else None)


@pytest.mark.parametrize("level", players.LEVELS)
@pytest.mark.parametrize("bugs", [FAITHFUL, FIXED], ids=["bugs-on", "fixed"])
def test_what_the_visitor_types_in_a_turn_cannot_change_the_computers_answer(level, bugs):
    # the first seed whose game reaches turn 1 (the computer's setup may die in the first generation)
    seed = next(seed for seed in range(100) if first_turn(level, seed, (5, 5), bugs)[0] is not None)
    games = [first_turn(level, seed, move, bugs) for move in [(5, 5), (3, 3), (1, 3), (4, 2), (3, 1)]]
    assert (
        len({visitor_typed for _, visitor_typed in games}) >= 3
    )  # the visitor really typed different squares
    assert len({computer_typed for computer_typed, _ in games}) == 1


@pytest.mark.parametrize("level", players.LEVELS)
def test_the_visitors_setup_cannot_change_the_computers_setup(level):
    def setup(human_squares: list[bytes]) -> list[bytes]:
        human = scripted(human_squares)
        table = play_table({1: human, 2: ComputerPlayer(2, level, FIXED, seed=9)}, bugs=FIXED, max_rounds=0)
        return [line for round_, player, *_, line in table.typed if round_ == 0 and player == 2]

    assert setup([b"1,1", b"2,1", b"1,2"]) == setup([b"5,5", b"3,3", b"4,4"])


# -- whole games ------------------------------------------------------------------------------------------

PAIRINGS = [(level1, level2) for level1 in players.LEVELS for level2 in players.LEVELS]


@pytest.mark.parametrize(("level1", "level2"), PAIRINGS)
def test_computer_against_computer_ends_with_a_result(level1, level2):
    games = [(0, Dialect.MS1978, FAITHFUL), (1, Dialect.GWBASIC, FIXED), (2, Dialect.GWBASIC, FAITHFUL)]
    turns = 0
    for seed, dialect, bugs in games:
        seats = {
            1: ComputerPlayer(1, level1, bugs, seed=seed),
            2: ComputerPlayer(2, level2, bugs, seed=seed + 50),
        }
        table = play_table(seats, dialect, bugs)
        seen = table.observer
        assert seen.ended and seen.winner in (1, 2, "draw"), (seed, seen.round)
        for _, _, phase, refused, line in table.typed:
            first, second = squares_typed(line)
            assert 1 <= first <= 5 and 1 <= second <= 5
            if phase == "turn":
                assert not refused  # never an illegal move in a turn
                turns += 1
    assert turns > 0  # (a game may end in the generation right after the setup, but not all of them)


# -- the bench ------------------------------------------------------------------------------------------------


def test_bench_positions_are_games_in_progress():
    positions = bench_positions(20, seed=3)
    assert len(positions) == 20
    assert all(rules.result(board) is None for board, _, _ in positions)
    assert len({board for board, _, _ in positions}) > 15


def test_bench_prints_every_level(capsys):
    assert bench(positions=3, seed=2) == 0
    out = capsys.readouterr().out
    for level in players.LEVELS:
        assert f"level {level} turn" in out and f"level {level} setup" in out
    rows = [line.split() for line in out.splitlines() if line.startswith("level")]
    assert all(row[3] == "3" for row in rows)  # three moves timed each
