"""Each original bug, on (as printed in 1978) and off (as the instructions describe the game)."""

from __future__ import annotations

import pytest

from life2_retro.basic.dialects import Dialect
from life2_retro.events import Stop
from life2_retro.programs.life2.bugs import BUG_NAMES, resolve_bugs

from ...support.helpers import FAITHFUL, FIXED, QUICK_GAME, boards, play

ILLEGAL = b"ILLEGAL COORDS. RETYPE"
SAME = b"SAME COORD.  SET TO 0"


def only_fixed(name: str) -> frozenset[str]:
    return FAITHFUL - {name}


# -- illegal-coords ------------------------------------------------------------------------------

SETUP_ON_PLAYER_1 = ["1,1", "1,5", "5,5", "1,1", "3,3", "3,4", "3,2"]


@pytest.mark.parametrize("dialect", list(Dialect))
def test_illegal_coords_tells_player_2_where_player_1_is(dialect):
    run = play(SETUP_ON_PLAYER_1, dialect, FAITHFUL)
    player_2 = run.output.split(b"PLAYER 2")[1]
    assert player_2.count(ILLEGAL) == 1  # "1,1" was refused: player 2 now knows a square of player 1's


@pytest.mark.parametrize("dialect", list(Dialect))
def test_fixed_setup_hides_player_1_and_empties_a_square_both_chose(dialect):
    run = play(SETUP_ON_PLAYER_1, dialect, only_fixed("illegal-coords"))
    assert ILLEGAL not in run.output and SAME not in run.output
    first = boards(run.output)[0]
    assert first[0][0] == " "  # (1,1): both chose it, so it stays empty
    assert first[4][0] == "*" and first[4][4] == "*"  # player 1's other two pieces
    assert (
        first[2][2] == "#" and first[3][2] == "#"
    )  # player 2's pieces at 3,3 and 3,4; the third went to 1,1


def test_fixed_setup_still_refuses_a_players_own_square():
    run = play(
        ["1,1", "1,1", "2,2", "4,4", "3,3", "3,3", "5,5", "1,2"],
        Dialect.GWBASIC,
        only_fixed("illegal-coords"),
    )
    assert run.output.split(b"PLAYER 2")[0].count(ILLEGAL) == 1
    assert run.output.split(b"PLAYER 2")[1].count(ILLEGAL) == 1


def test_fixed_setup_does_not_compare_with_player_1s_last_piece():
    # player 2's first square is player 1's third: no SAME COORD (it would give the square away)
    run = play(["1,1", "1,5", "5,5", "5,5", "3,3", "3,4"], Dialect.GWBASIC, only_fixed("illegal-coords"))
    assert SAME not in run.output and boards(run.output)[0][4][4] == " "


def test_squares_stay_occupied_in_the_turns_after_a_fixed_setup():
    game = ["2,2", "2,3", "3,2", "5,5", "5,4", "4,5", "2,2", "1,1"]  # player 1 names its own block square
    run = play(game, Dialect.GWBASIC, only_fixed("illegal-coords"))
    turn = run.output.split(b"PLAYER 1 X,Y")[1]
    assert ILLEGAL in turn


# -- same-coord-diagonal ------------------------------------------------------------------------

# Found with the engine: both players name column 2, row 3; the square one down and one
# right (column 3, row 4) holds a piece of player 2's.
SAME_SQUARE_GAME = ["4,4", "3,2", "4,3", "5,5", "3,4", "5,2", "2,3", "2,3"]


@pytest.mark.parametrize("dialect", list(Dialect))
def test_same_coord_kills_the_diagonal_neighbour(dialect):
    faithful = play(SAME_SQUARE_GAME, dialect, FAITHFUL)
    fixed = play(SAME_SQUARE_GAME, dialect, only_fixed("same-coord-diagonal"))
    assert SAME in faithful.output and SAME in fixed.output
    before = boards(faithful.output)[1]
    assert before[3][2] == "#"  # row 4, column 3: alive before the turn, with two neighbours
    after_faithful, after_fixed = boards(faithful.output)[2], boards(fixed.output)[2]
    assert after_faithful != after_fixed
    assert after_faithful[3][2] == " " and after_fixed[3][2] == "#"  # it died only where 741 cleared it
    assert 741 in faithful.trace and 741 in fixed.trace


def test_same_coord_places_neither_piece():
    fixed = play(SAME_SQUARE_GAME, Dialect.GWBASIC, only_fixed("same-coord-diagonal"))
    assert boards(fixed.output)[2][2][1] == " "  # the square both named stays empty


# -- fractional-coords ----------------------------------------------------------------------------


@pytest.mark.parametrize("dialect", list(Dialect))
def test_fraction_is_accepted_as_printed(dialect):
    run = play(["2.5,1", "4,4", "5,5", "1,5", "2,5", "3,5"], dialect, FAITHFUL)
    assert ILLEGAL not in run.output.split(b"PLAYER 2")[0]


@pytest.mark.parametrize("dialect", list(Dialect))
def test_fraction_is_refused_when_fixed(dialect):
    run = play(["2.5,1", "2,1", "4,4", "5,5", "1,5", "2,5", "3,5"], dialect, only_fixed("fractional-coords"))
    assert run.output.split(b"PLAYER 2")[0].count(ILLEGAL) == 1
    assert boards(run.output)[0][0][1] == "*"


def test_a_fraction_near_zero_loses_the_piece_on_the_hidden_border():
    # 0.3 rounds (GW-BASIC) to subscript 0: the piece is stored in the border, never shown or counted
    run = play(["0.3,1", "4,4", "5,5", "1,5", "2,5", "3,5"], Dialect.GWBASIC, FAITHFUL)
    first = boards(run.output)[0]
    assert sum(row.count("*") for row in first) == 2


def test_two_fractions_for_one_square_are_not_the_same_square():
    # 1.2 and 1.4 both round to column 1: no SAME COORD, both moves are placed (586), and
    # player 2's 1000 overwrites player 1's 100 in the square both named
    from life2_retro.programs.life2.program import Life2Program
    from life2_retro.session import drive
    from life2_retro.terminals.transcript import ScriptedTerminal

    game = [b"5,5", b"5,4", b"4,5", b"1,5", b"2,5", b"3,5", b"1.2,3", b"1.4,3"]
    program = Life2Program(Dialect.GWBASIC, FAITHFUL)
    seen: list[int] = []
    after_586: list[float] = []

    def on_line(number: int) -> None:
        if seen and seen[-1] == 586:
            after_586.append(program.N[3][1])
        seen.append(number)

    drive(program.run(), ScriptedTerminal(game), on_line)
    assert 586 in seen and 740 not in seen  # no SAME COORD: both moves were placed
    assert after_586 == [1000]


# -- blank-empty-squares ---------------------------------------------------------------------------


def test_empty_squares_print_as_dots_when_fixed():
    faithful = play(QUICK_GAME, Dialect.GWBASIC, FAITHFUL)
    fixed = play(QUICK_GAME, Dialect.GWBASIC, only_fixed("blank-empty-squares"))
    assert b" 1  *  .  .  .  .  1 " in fixed.output
    assert b" 1  *              1 " in faithful.output
    assert b" . " not in faithful.output


# -- missing-line-800 ------------------------------------------------------------------------------


def test_the_end_jumps_to_a_missing_line():
    run = play(QUICK_GAME, Dialect.GWBASIC, FAITHFUL)
    assert run.output.endswith(b"PLAYER 2 IS THE WINNER\r\nUndefined line number in 575\r\n")
    assert run.stop is Stop.ERROR and run.trace[-1] == 575


def test_line_800_ends_the_game_cleanly():
    run = play(QUICK_GAME, Dialect.GWBASIC, only_fixed("missing-line-800"))
    assert run.output.endswith(b"PLAYER 2 IS THE WINNER\r\n")
    assert run.stop is Stop.END and run.trace[-2:] == (575, 800)


def test_a_draw_also_reaches_line_800():
    # both players' pieces die at once
    draw = ["1,1", "3,1", "5,1", "1,5", "3,5", "5,5"]
    run = play(draw, Dialect.GWBASIC, FIXED)
    assert b"A DRAW" in run.output and run.trace[-2:] == (574, 800)


# -- the switches themselves -----------------------------------------------------------------------


def test_all_bugs_are_on_by_default_and_fixed_turns_them_off():
    assert resolve_bugs(False) == frozenset(BUG_NAMES)
    assert resolve_bugs(True) == frozenset()
    assert resolve_bugs(True, [(True, "missing-line-800")]) == {"missing-line-800"}
    assert resolve_bugs(False, [(False, "illegal-coords")]) == frozenset(BUG_NAMES) - {"illegal-coords"}
    with pytest.raises(ValueError, match="unknown bug switch"):
        resolve_bugs(False, [(False, "no-such-bug")])


def test_the_last_word_on_a_switch_wins():
    assert "illegal-coords" in resolve_bugs(False, [(False, "illegal-coords"), (True, "illegal-coords")])
    assert "illegal-coords" not in resolve_bugs(False, [(True, "illegal-coords"), (False, "illegal-coords")])


def test_fixed_mode_adds_and_replaces_exactly_the_patch_lines():
    from life2_retro.programs.life2.program import Life2Program

    faithful = Life2Program(Dialect.GWBASIC, FAITHFUL).lines
    fixed = Life2Program(Dialect.GWBASIC, FIXED).lines
    assert set(fixed) - set(faithful) == {543, 721, 800}
    changed = {n for n in faithful if faithful[n].__name__ != fixed[n].__name__}
    assert changed == {399, 540, 705, 708, 715, 741}
