"""Cell Life at the exhibit, headless: alone or in turn with LIFE2, computers in attract mode, a
visitor's game to its end, a visitor who walks away, and the panel that follows its functions."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from life2_retro.exhibit.stands.cell_life import CellLifeTable
from life2_retro.programs.cell_life.program import CellLifeProgram

from ..support.exhibitrig import Rig, press, type_line

SQUARES = [f"{x},{y}" for x in (3, 2, 4, 1, 5) for y in (3, 2, 4, 1, 5)]
CELL_LIFE_ENDINGS = {"finished", "limit", "runaway", "unreproducible"}
CELL_LIFE_WINNERS = {1, 2, 3, 4, "extinction", "hybrids"}


def cell_life_visitor(choice: str, squares: list[str], leave_after: int | None = None):
    """A visitor who presses a key in attract mode, chooses `choice`, then answers what the paper
    asks: the next of `squares` at a move, Return at "Press ENTER". After `leave_after` squares the
    visitor walks away, and stays away."""
    state: dict[str, Any] = {"chosen": False, "typed": [], "answered": -1, "gone": False}

    def visitor(rig: Rig) -> None:
        exhibit = rig.exhibit
        if exhibit.mode == "attract":
            if not state["gone"] and exhibit.visits == 0:
                press(pygame.K_SPACE, " ")
            return
        if not rig.reading or state["answered"] == rig.reads or state["gone"]:
            return
        state["answered"] = rig.reads
        table = exhibit.table
        if not state["chosen"]:
            state["chosen"] = True
            type_line(choice)
        elif isinstance(table, CellLifeTable) and table.waiting_for == "enter":
            type_line("")
        elif isinstance(table, CellLifeTable) and table.waiting_for == "square":
            if leave_after is not None and len(state["typed"]) >= leave_after:
                state["gone"] = True
                return
            square = squares[len(state["typed"]) % len(squares)]
            state["typed"].append(square)
            type_line(square)

    return visitor, state


def test_attract_mode_shows_the_games_in_turn_and_the_panel_follows_each(rigs):
    rig = rigs(
        settings={"exhibit": {"games": ["life2", "cell-life"]}, "attract": {"max_rounds": 4}}, baud=None
    )
    panels: dict[str, set[str]] = {"life2": set(), "cell-life": set()}
    entered: list[int | str] = []
    boxes: list[list[tuple[str, str]]] = []
    follow = rig.exhibit.on_line

    def spy(where, program) -> None:
        entered.append(where)
        follow(where, program)

    rig.exhibit.on_line = spy

    def watch(rig: Rig) -> None:
        exhibit = rig.exhibit
        panel = rig.terminal.side_panel
        if exhibit.program is not None:
            game = "cell-life" if isinstance(exhibit.program, CellLifeProgram) else "life2"
            panels[game].add(panel.label)
            if game == "cell-life" and entered:
                assert panel.where == entered[-1]  # the function running now is the one marked
                boxes.append(exhibit.variables())
        if exhibit.games >= 4:
            raise KeyboardInterrupt

    rig.visitor = watch
    with pytest.raises(KeyboardInterrupt):
        rig.exhibit.run()
    records = rig.records()
    assert [record.game for record in records[:4]] == ["life2", "cell-life", "life2", "cell-life"]
    for record in records[:4]:
        assert record.mode == "attract"
        if record.game == "cell-life":
            assert record.players == ["computer-c"] * 3 and record.dialect == "c"
            assert record.ended in CELL_LIFE_ENDINGS
            assert record.ended != "finished" or record.winner in CELL_LIFE_WINNERS
            assert record.moves == []  # nobody typed: the computers are the program's own
    # the panel is the listing for LIFE2 and the function list for Cell Life, never the other way
    assert panels == {"life2": {"LINE"}, "cell-life": {"FUNCTION"}}
    functions = {where for where in entered if isinstance(where, str)}
    assert {"main", "intro", "init", "play", "print_bd", "compyturn", "generation"} <= functions
    names = {name for box in boxes for name, _ in box}
    assert names == {"P1", "P2", "P3", "HYBRIDS", "GENERATION"}


def test_a_computers_game_of_cell_life_is_cut_at_its_generation_limit(rigs):
    rig = rigs(settings={"exhibit": {"games": ["cell-life"]}, "attract": {"max_rounds": 2}}, baud=None)

    def watch(rig: Rig) -> None:
        if rig.exhibit.games >= 3:
            raise KeyboardInterrupt

    rig.visitor = watch
    with pytest.raises(KeyboardInterrupt):
        rig.exhibit.run()
    records = rig.records()[:3]
    assert {record.game for record in records} == {"cell-life"}
    assert {record.ended for record in records} <= CELL_LIFE_ENDINGS
    assert "limit" in {record.ended for record in records}


@pytest.mark.parametrize("board", ["small", "large"])
def test_a_visitor_plays_cell_life_to_its_end(rigs, board):
    rig = rigs(
        settings={
            "exhibit": {"games": ["cell-life"]},
            "cell-life": {"players": 2, "board": board, "bugs": "none"},
        },
        baud=None,
    )
    visitor, state = cell_life_visitor("1", SQUARES)
    rig.visitor = visitor
    rig.exhibit.run(visits=1)
    games = [record for record in rig.records() if record.mode == "visitor"]
    assert len(games) == 1
    (game,) = games
    assert game.game == "cell-life" and game.players == ["human", "computer-c"]
    assert game.ended == "finished" and game.winner in CELL_LIFE_WINNERS
    # every square the visitor typed is recorded as player 1's, in order, and nothing else is
    assert game.moves == [[1, square] for square in state["typed"]]
    assert len(state["typed"]) >= 3  # the three set-up pieces at least
    paper = rig.printed.decode("ascii")
    assert "CELL LIFE: YOU ARE PLAYER 1 (0)" in paper
    assert "Press ENTER to advance the generation:\r\n" in paper and "\t" not in paper


def test_two_visitors_share_cell_life_with_the_computers(rigs):
    rig = rigs(
        settings={"exhibit": {"games": ["cell-life"]}, "cell-life": {"players": 4, "bugs": "none"}},
        baud=None,
    )
    visitor, state = cell_life_visitor("2", SQUARES)
    rig.visitor = visitor
    rig.exhibit.run(visits=1)
    (game,) = [record for record in rig.records() if record.mode == "visitor"]
    assert game.players == ["human", "human", "computer-c", "computer-c"]
    assert game.ended == "finished"
    assert [square for _, square in game.moves] == state["typed"]
    assert {player for player, _ in game.moves} == {1, 2}


def test_a_visitor_who_walks_away_from_cell_life_brings_attract_mode_back(rigs):
    rig = rigs(settings={"exhibit": {"games": ["cell-life"]}, "cell-life": {"players": 2}})
    visitor, state = cell_life_visitor("1", SQUARES, leave_after=2)
    rig.visitor = visitor
    rig.exhibit.run(visits=1)
    rig.visitor = lambda rig: None
    modes = []

    def watch(rig: Rig) -> None:
        modes.append(rig.exhibit.mode)
        if rig.exhibit.games >= 3:
            raise KeyboardInterrupt

    rig.visitor = watch
    with pytest.raises(KeyboardInterrupt):
        rig.exhibit.run()
    (game,) = [record for record in rig.records() if record.mode == "visitor"]
    assert game.ended == "idle" and game.moves == [[1, "3,3"], [1, "3,2"]]
    assert rig.modes[:3] == ["attract", "visitor", "attract"] and set(modes) == {"attract"}


def test_a_letter_in_the_faithful_program_ends_the_visitors_game_not_the_exhibit(rigs):
    """After a square off the board, the 2008 program asks again for ever at a letter (scanf leaves
    it in the buffer, and x, y stay off the board); the exhibit stops that game, records it, and
    goes back to attract mode. (A letter at the first question keeps the last square instead.)"""
    rig = rigs(settings={"exhibit": {"games": ["cell-life"]}, "cell-life": {"players": 2}}, baud=None)
    visitor, _ = cell_life_visitor("1", ["9,9", "Q"])
    rig.visitor = visitor
    rig.exhibit.run(visits=1)
    (game,) = [record for record in rig.records() if record.mode == "visitor"]
    assert game.ended == "runaway" and game.moves == [[1, "9,9"], [1, "Q"]]
    assert "Invalad location. Retry. x,y : " * 3 in rig.printed.decode("ascii")
