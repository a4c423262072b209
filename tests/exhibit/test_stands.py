"""The exhibit's stands: every game played to its end in attract mode and by a visitor, on the Teletype,
the glass terminal and a serial line; a stand of the test's own runs as the others do; and the runner
knows no game.
"""

from __future__ import annotations

import ast
import re
import sys
import threading
from pathlib import Path

import pygame
import pytest

from life2_retro.events import INPUT_REQUEST, Run, Stop
from life2_retro.exhibit import stands
from life2_retro.exhibit.config import parse_config
from life2_retro.exhibit.records import RecordLog, read_records, summarize
from life2_retro.exhibit.runner import CHOOSE_PROMPT, Exhibit
from life2_retro.exhibit.stands.base import Game, Hooks, Played, Stand
from life2_retro.exhibit.stands.cell_life import CellLifeTable
from life2_retro.exhibit.table import Table
from life2_retro.programs import PROGRAMS
from life2_retro.terminals.base import Terminal
from life2_retro.terminals.options import Option

from ..support.exhibitrig import Rig, press, type_line
from ..support.serialpty import FarEnd

SQUARES = [f"{x},{y}" for x in (3, 2, 4, 1, 5) for y in (3, 2, 4, 1, 5)]
FINISHING_SEED = {"life2": 1, "cell-life": 8, "p2life": 6}
"""An exhibit seed whose first attract game of the stand (as VISITOR_GAME sets it) ends with a result,
not at the round limit, and whose visitor's game is short."""
VISITOR_GAME: dict[str, dict[str, dict[str, object]]] = {
    "life2": {"life2": {"computer_level": 1}},
    "cell-life": {"cell-life": {"players": 2, "bugs": "none"}},
    "p2life": {"p2life": {"computer_level": 1, "rounds": 6}},
}
"""Each stand as its visitor's game is played here: one visitor and one computer, a game that ends."""
PROMPT = {
    "life2": re.compile(rb"\? $"),
    "cell-life": re.compile(rb"(<X,Y>: |x,y : |the generation:\r\n)$"),
    "p2life": re.compile(rb"\? $"),
}
"""How the paper ends when the stand's game waits for the visitor, as a serial line sends it."""


def settings_for(game: str, **exhibit: object) -> dict[str, dict[str, object]]:
    return {"exhibit": {"games": [game], **exhibit}, **VISITOR_GAME[game]}


def answer(rig_or_tail: Rig | bytes, typed: list[str], game: str) -> str:
    """The visitor's next answer: Return where Cell Life asks to go on, else the next square."""
    if game == "cell-life":
        if isinstance(rig_or_tail, Rig):
            table = rig_or_tail.exhibit.table
            assert isinstance(table, CellLifeTable)  # a visitor answers only while the game is at its table
            waiting = table.waiting_for
        else:
            waiting = "enter" if rig_or_tail.endswith(b"the generation:\r\n") else "square"
        if waiting == "enter":
            return ""
    square = SQUARES[len(typed) % len(SQUARES)]
    typed.append(square)
    return square


# -- every stand on every terminal -------------------------------------------------------------------


@pytest.mark.parametrize("terminal", ["teletype", "crt"])
@pytest.mark.parametrize("game", list(stands.STANDS))
def test_each_stand_plays_to_its_end_in_attract_mode_and_with_a_visitor(rigs, game, terminal):
    rig = rigs(
        settings=settings_for(game, terminal=terminal, players="human-computer"),
        seed=FINISHING_SEED[game],
        baud=None,
    )
    rig.exhibit.run(games=1)  # nobody comes: the computers' game to its end
    typed: list[str] = []

    def visitor(rig: Rig) -> None:
        if rig.exhibit.mode == "attract":
            press(pygame.K_SPACE, " ")
        elif rig.reading and rig.reads != state["answered"]:
            state["answered"] = rig.reads
            type_line(answer(rig, typed, game))

    state = {"answered": -1}
    rig.visitor = visitor
    rig.exhibit.run(visits=1)
    records = rig.records()
    attract, visit = records[0], records[-1]
    assert (attract.game, attract.mode, attract.ended) == (game, "attract", "finished")
    assert attract.winner is not None and all(p.startswith("computer-") for p in attract.players)
    assert (visit.game, visit.mode, visit.ended) == (game, "visitor", "finished"), visit
    assert visit.players[0] == "human" and visit.winner is not None
    assert [square for player, square in visit.moves if player == 1] == typed and typed
    assert rig.printed.count(rig.exhibit.stands[game].welcome(1)) == 1


@pytest.mark.parametrize("game", list(stands.STANDS))
def test_each_stand_plays_to_its_end_on_a_serial_teletype(tmp_path, game):
    """The far end of a pty is the Teletype: it waits for the banner and some of the computers' game,
    strikes a key, and answers each prompt as a visitor would, until the game is over."""
    from life2_retro.exhibit.build import build_terminal

    far = FarEnd(tmp_path / "ttyTELETYPE")
    config = parse_config(
        {
            **settings_for(game, terminal="serial", players="human-computer", result_seconds=0),
            "attract": {"pause_seconds": 0},
            "serial": {"port": str(far.link), "baud": 115200},
        },
        tmp_path,
    )
    problems: list[BaseException] = []
    done = threading.Event()
    typed: list[str] = []

    def teletype() -> None:
        try:
            banner = f"*** {config.banner(game)} ***".encode()
            far.read_until(banner, count=2)  # the first attract game is over, the second begins
            far.read_until(b"\n", count=far.output.count(b"\n") + 8)
            far.type(b"x")
            welcome = stands.stand_class(game)({}).welcome(1).strip()
            far.read_until(welcome)
            answered = len(far.output)
            while not done.is_set():
                got = far.read_available(0.05)
                tail = far.output.replace(b"\0", b"")
                if got or len(far.output) == answered or not PROMPT[game].search(tail[-40:]):
                    continue
                answered = len(far.output)
                far.type(answer(tail, typed, game).encode() + b"\r")
        except BaseException as exc:  # a failure here must fail the test, not vanish with the thread
            problems.append(exc)

    operator = threading.Thread(target=teletype)
    terminal = build_terminal(config, pace_baud=4_000_000)  # the line's bytes as fast as the pty takes them
    try:
        operator.start()
        exhibit = Exhibit(config, terminal, RecordLog(config.records_path), seed=FINISHING_SEED[game])
        exhibit.run(visits=1, games=12)  # bounded: a teletype that fails to strike ends the test
    finally:
        done.set()
        operator.join(timeout=30)
        terminal.close()
        far.close()
    assert problems == [] and not operator.is_alive()
    records = read_records(config.records_path)[0]
    assert (records[0].mode, records[0].ended, records[0].game) == ("attract", "finished", game)
    assert records[1].ended == "visitor"  # the key stopped the second attract game
    visit = records[-1]
    assert (visit.mode, visit.ended, visit.game) == ("visitor", "finished", game), visit
    assert [square for player, square in visit.moves if player == 1] == typed and typed


def test_attract_mode_rotates_the_three_stands_and_each_shows_its_own_panel(rigs):
    rig = rigs(
        settings={"exhibit": {"games": ["life2", "cell-life", "p2life"]}, "attract": {"max_rounds": 3}},
        baud=None,
    )
    seen: dict[str, set[str]] = {}

    def watch(rig: Rig) -> None:
        panel = rig.terminal.side_panel
        seen.setdefault(rig.exhibit.game, set()).add(type(panel).__name__)

    rig.visitor = watch
    rig.exhibit.run(games=6)
    assert [record.game for record in rig.records()] == ["life2", "cell-life", "p2life"] * 2
    assert seen == {"life2": {"ListingPanel"}, "cell-life": {"ListingPanel"}, "p2life": {"RulesPanel"}}


def test_the_p2life_panel_shows_the_rule_of_the_last_birth_as_the_paper_has_it(rigs):
    """The panel's view is the game's last generation once the paper has printed its heading, and the
    last birth it names was born by the rule it marks, from the neighbours it counts."""
    from life2_retro.automata.rules import P2LIFE, next_state
    from life2_retro.exhibit.stands.p2life import P2LifeGame

    rig = rigs(settings={"exhibit": {"games": ["p2life"]}, "attract": {"max_rounds": 12}}, baud=None)
    views = []

    def watch(rig: Rig) -> None:
        game = rig.exhibit.current
        if isinstance(game, P2LifeGame):
            views.append((game.view(), game.table.generations))

    rig.visitor = watch
    rig.exhibit.run(games=2)
    births = [view.birth for view, _ in views if view.birth is not None]
    assert births and all(view.generations == shown for view, shown in views)
    for birth in births:
        around = [piece for index, piece in enumerate(birth.around) if index != 4 and piece > 0]
        assert (birth.white, birth.black) == (around.count(1), around.count(2))
        coin = P2LIFE.coin_decides(birth.white, birth.black)
        assert birth.by_coin == coin
        if not coin:
            assert next_state(0, birth.white, birth.black, True, P2LIFE) == birth.colour
    # and what the box shows is what the paper printed last
    paper = rig.printed.decode("ascii")
    last = re.findall(r"WHITE \(O\) (\d+), BLACK \(#\) (\d+)\.", paper)[-1]
    view = views[-1][0]
    assert (str(view.white), str(view.black)) == last


def test_the_stats_count_each_stand_apart(rigs):
    rig = rigs(settings={"exhibit": {"games": ["p2life", "life2"]}, "attract": {"max_rounds": 2}}, baud=None)
    rig.exhibit.run(games=4)
    summary = summarize(rig.records())
    assert "By game: life2 2, p2life 2" in summary


# -- a stand of the test's own ------------------------------------------------------------------------


class ToyProgram:
    """Counts down from `start`; each turn a player names a number to take, 1 to 3. Whoever takes
    the last one wins."""

    def __init__(self, start: int) -> None:
        self.left = start
        self.turns = 0

    def run(self) -> Run:
        player = 1
        while self.left > 0:
            yield f"{self.left} LEFT. PLAYER {player}, TAKE 1 TO 3\r\n? ".encode()
            line = yield INPUT_REQUEST
            if line is None:
                return Stop.INPUT_ENDED
            taken = int(line) if line.strip().isdigit() and 1 <= int(line) <= 3 else 1
            self.left -= min(taken, self.left)
            self.turns += 1
            yield b"\r\n"
            if self.left == 0:
                yield f"PLAYER {player} WINS\r\n".encode()
                return Stop.END
            player = 3 - player
        return Stop.END


class ToyTable(Table):
    visitor_seat = False
    """Whether the visitor answers the next prompt."""
    two_seats = False
    """Whether a visitor and the computer take turns (else one of them answers every prompt)."""

    def read_line(self, idle_seconds: float | None = None) -> bytes | None:
        line = self.read_visitor() if self.visitor_seat else b"2"
        self.visitor_seat = not self.visitor_seat if self.two_seats else self.visitor_seat
        self.moves.append([len(self.moves) % 2 + 1, (line or b"").decode()])
        return line


class ToyGame(Game):
    def __init__(self, terminal: Terminal, visitors: int, hooks: Hooks, start: int) -> None:
        self._program = ToyProgram(start)
        self.table = ToyTable(terminal, hooks.on_key, hooks.idle_seconds)
        self.table.visitor_seat, self.table.two_seats = visitors > 0, visitors == 1
        self.terminal = self.table
        self.visitors = visitors

    def ended(self, stop: Stop) -> str:
        return "finished" if self._program.left == 0 else "stopped"

    def played(self) -> Played:
        seats = ["human" if self.visitors else "computer-1", "computer-1"]
        winner = (self._program.turns - 1) % 2 + 1 if self._program.left == 0 else None
        return Played(seats, winner, self.table.moves, "python")


class ToyStand(Stand):
    NAME = "toy"
    TITLE = "a toy of the test's own"
    BANNER = "PRESS ANY KEY TO PLAY THE TOY"
    OPTIONS = (Option("start", "how many there are to take", 7, int, low=1, high=99),)

    def welcome(self, visitors: int) -> bytes:
        return b"\r\nTHE TOY\r\n"

    def game(self, terminal: Terminal, visitors: int, hooks: Hooks) -> Game:
        return ToyGame(terminal, visitors, hooks, self.settings["start"])


STAND = ToyStand


def test_a_fourth_game_is_a_stand_module_and_a_registry_line(rigs, monkeypatch):
    monkeypatch.setitem(stands.STANDS, "toy", __name__)  # the one line
    rig = rigs(
        settings={"exhibit": {"games": ["toy", "life2"], "players": "human-computer"}, "toy": {"start": 9}}
    )
    rig.exhibit.run(games=2)  # attract: the toy, then LIFE2, in turn

    def visitor(rig: Rig) -> None:
        if rig.exhibit.mode == "attract":
            press(pygame.K_SPACE, " ")
        elif rig.reading and rig.reads != state["answered"]:
            state["answered"] = rig.reads
            type_line("3")

    state = {"answered": -1}
    rig.visitor = visitor
    rig.exhibit.run(visits=1)
    records = rig.records()
    assert [(r.game, r.mode) for r in records[:2]] == [("toy", "attract"), ("life2", "attract")]
    assert records[0].ended == "finished" and records[0].winner == 1
    assert records[0].moves == [[1, "2"], [2, "2"], [1, "2"], [2, "2"], [1, "2"]]
    visit = records[-1]
    assert (visit.game, visit.mode, visit.ended) == ("toy", "visitor", "finished")
    assert visit.players == ["human", "computer-1"] and visit.winner == 2
    assert visit.moves == [[1, "3"], [2, "2"], [1, "3"], [2, "2"]]
    assert b"THE TOY" in rig.printed and b"9 LEFT. PLAYER 1" in rig.printed
    with pytest.raises(Exception, match="toy.start"):
        parse_config({"toy": {"start": 0}}, Path("."))
    assert "toy" in summarize(records)


# -- the runner names no game ---------------------------------------------------------------------------


def test_the_runner_names_no_game_and_tests_no_program_class():
    source = Path(sys.modules[Exhibit.__module__].__file__).read_text()
    tree = ast.parse(source)
    names = {*PROGRAMS, *stands.STANDS}
    strings = {
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
    }
    assert not strings & names
    imported = {node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert not {
        module
        for module in imported
        if "programs" in module or module.startswith("stands.") and module != "stands.base"
    }
    tested = [
        ast.unparse(node.args[1])
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "isinstance"
    ]
    assert set(tested) <= {"int", "str", "bytes"}, tested  # what a program yields, never what it is
    code = re.sub(r"#.*", "", re.sub(r'""".*?"""', "", source, flags=re.S))
    assert not re.search(r"cell.life|p2life|life2(?! exhibit:)", code, re.I)  # the command's name aside


def test_two_visitors_share_p2life_and_the_stats_name_its_rows(rigs):
    """Two visitors take white and black in turn; then one plays the computer. The records say who
    typed what, and --stats counts p2life's games beside LIFE2's, the visitor's results by the
    computer's level."""
    rig = rigs(settings={"exhibit": {"games": ["p2life", "life2"]}, "p2life": {"rounds": 3}}, baud=None)
    typed: list[str] = []
    choices = iter(["2", "1"])

    def visitor(rig: Rig) -> None:
        exhibit = rig.exhibit
        if exhibit.mode == "attract":
            if exhibit.game == "p2life":
                press(pygame.K_SPACE, " ")
        elif rig.reading and rig.reads != state["answered"]:
            state["answered"] = rig.reads
            prompt = rig.printed[-300:]
            type_line(next(choices) if prompt.endswith(CHOOSE_PROMPT) else answer(rig, typed, "p2life"))

    state = {"answered": -1}
    rig.visitor = visitor
    rig.exhibit.run(visits=2)
    visits = [record for record in rig.records() if record.mode == "visitor"]
    assert [record.players for record in visits] == [["human", "human"], ["human", "computer-2"]]
    assert all(record.game == "p2life" and record.ended == "finished" for record in visits)
    both = visits[0].moves
    assert {player for player, _ in both} == {1, 2} and [square for _, square in both] == typed[: len(both)]
    summary = summarize(rig.records())
    assert "Two visitors at p2life: 1 games, 1 finished" in summary
    assert re.search(r"p2life level 2 +1 ", summary) or re.search(r"\n  level 2 +1 ", summary), summary


def test_a_stand_never_reaches_back_into_the_runner():
    """The runner hands a stand's game plain hooks; no stand module imports the runner, the config or
    the window's dressing, so the dependency points one way."""
    folder = Path(sys.modules[stands.__name__].__file__).parent
    for path in folder.glob("*.py"):
        tree = ast.parse(path.read_text())
        imported = {node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
        assert not {name for name in imported if name.split(".")[-1] in ("runner", "build", "config")}, path


@pytest.mark.parametrize("terminal", ["teletype", "crt"])
def test_the_games_take_turns_at_the_window_without_laying_it_out_again(rigs, terminal):
    """Every stand's panel has the same width, so a new game's panel leaves the terminal its size:
    its look is not made anew at every attract game (on the glass terminal that was a third of a
    second a game, and whole-window surfaces made and dropped, which let the heap creep in a soak)."""
    rig = rigs(
        settings={
            "exhibit": {"games": list(stands.STANDS), "terminal": terminal},
            "attract": {"max_rounds": 2},
        },
        baud=None,
    )
    display = rig.terminal.display
    sizes: list[tuple[int, int]] = []
    resized = display._resized
    display._resized = lambda size: (sizes.append(size), resized(size))[1]
    panels = set()
    rig.visitor = lambda rig: panels.add(id(rig.terminal.side_panel))
    rig.exhibit.run(games=6)
    assert len(panels) == 3 and sizes == []  # three panels shown in turn, the terminal never resized
