"""Cell Life (Larson, 2008) at the exhibit: the C program's own computers, and its functions beside it.

Cell Life's computers are the program's own (or our levels, the config says):
no player outside the program decides anything. So the table only answers
what the program asks before the game (how many players, who is a computer,
which board), shows those answers as a person's keys would be shown, and
then, in attract mode, presses ENTER for each generation; in a visitor's game
it hands every question to the visitor. It reads the program's output as a
person would, for the round limit and the record: whose prompt is waiting,
how many generations have passed, and how the game ended.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from ...events import Stop
from ...programs import program_entry
from ...programs.cell_life.bugs import BUG_NAMES
from ...programs.cell_life.players import LEVELS
from ...reference import original_words
from ...terminals.base import KeyHook, Terminal
from ...terminals.options import Option
from ...terminals.unix_tty import for_program
from ..table import Table
from .base import ATTRACT, Game, Hooks, Panel, Played, Stand, variables_of
from .settings import bug_switches

_PROMPT = re.compile(rb"Generation \d+, player (\d) \(.\) <X,Y>: $")
_ASKED_AGAIN = b"Retry. x,y : "
_WINS = re.compile(rb"Player (\d) wins!")
GENERATION = b"Press ENTER to advance the generation:"
WELCOME = {
    1: b"\r\n\r\nCELL LIFE: YOU ARE PLAYER 1 (0). THE COMPUTERS PLAY THE OTHERS.\r\n\r\n",
    2: b"\r\n\r\nCELL LIFE: PLAYER 1 IS 0, PLAYER 2 IS X. THE COMPUTERS PLAY THE OTHERS.\r\n\r\n",
}
BOARDS = ("small", "large")
TITLE = "CELL LIFE (2008) - THE FUNCTION NOW RUNNING"


class CellLifeTable(Table):
    def __init__(
        self,
        terminal: Terminal,
        setup: list[bytes],
        visitor: bool,
        on_generation: Callable[[int], None] | None = None,
        on_key: KeyHook | None = None,
        idle_seconds: float | None = None,
    ) -> None:
        super().__init__(terminal, on_key, idle_seconds)
        self.setup = list(setup)
        """The answers to the questions before the game, in the order the program asks them."""
        self.visitor = visitor
        self.on_generation = on_generation
        self.generations = 0
        self._tail = b""
        self._asking = 1
        self.waiting_for: str | None = None
        """What the paper asks for last: "square" (a move), "enter" (the next generation), or None."""
        self.winner: int | str | None = None

    def read_paper(self, data: bytes) -> None:
        self._tail = (self._tail + data)[-400:]
        prompt = _PROMPT.search(self._tail)
        if prompt is not None:
            self._asking = int(prompt[1])
        if data:
            self.waiting_for = (
                "square"
                if prompt is not None or self._tail.endswith(_ASKED_AGAIN)
                else "enter"
                if self._tail.endswith(GENERATION + b"\r\n")
                else None
            )
        if GENERATION in data or (GENERATION in self._tail and GENERATION not in self._tail[: -len(data)]):
            self.generations += 1
            if self.on_generation is not None:
                self.on_generation(self.generations)
        if (won := _WINS.search(self._tail)) is not None:
            self.winner = int(won[1])
        elif b"Total extinction." in self._tail:
            self.winner = "extinction"
        elif b"Hybred takeover!" in self._tail:
            self.winner = "hybrids"

    def read_line(self, idle_seconds: float | None = None) -> bytes | None:
        if self.setup:
            answer = self.setup.pop(0)
            self.show_typing(answer)
            return answer
        if not self.visitor or self.winner is not None:
            # ENTER for the next generation when only computers play, and for the program's last
            # getchar after its ending: the exhibit shows the result for its own while
            self.show_typing(b"")
            return b""
        line = self.read_visitor()
        if line is not None and self.waiting_for == "square":
            self.moves.append([self._asking, line.decode("ascii", "replace")])
        return line


class CellLifeGame(Game):
    table: CellLifeTable

    def __init__(self, stand: CellLifeStand, terminal: Terminal, visitors: int, hooks: Hooks) -> None:
        settings = stand.settings
        players: int = settings["players"]
        computer: str = settings["computer"]
        self.seats = ["human" if seat < visitors else "computer" for seat in range(players)]
        setup = [str(players).encode()]
        setup += [b"1" if seat == "human" else b"2" for seat in self.seats]
        setup.append(b"2" if settings["board"] == "large" else b"1")
        entry = program_entry("cell-life")
        words = original_words(entry.name, entry.text_from_original)  # the C program's own, read from it
        self._program = entry.make(
            "c", settings["bugs"], hooks.random.getrandbits(31), person=True, computer=computer, words=words
        )
        self.erase = entry.erase_key("c")
        self.computer = computer
        self.bugs = sorted(settings["bugs"])
        attract = visitors == ATTRACT
        self.table = CellLifeTable(
            terminal,
            setup,
            visitor=not attract,
            on_generation=hooks.on_round,
            on_key=hooks.on_key,
            idle_seconds=hooks.idle_seconds,
        )
        self.terminal = for_program(self.table, entry.through_a_tty)

    def ended(self, stop: Stop) -> str:
        if self.table.winner is not None:
            return "finished"
        return {Stop.RUNAWAY: "runaway", Stop.UNREPRODUCIBLE: "unreproducible"}.get(stop, "stopped")

    def played(self) -> Played:
        return Played(
            players=[name if name == "human" else f"computer-{self.computer}" for name in self.seats],
            winner=self.table.winner,
            moves=self.table.moves,
            dialect="c",
            bugs=self.bugs,
        )

    def variables(self) -> list[tuple[str, str]]:
        program = self._program
        counts = [program.word(program.POP + k) for k in range(5)]
        shown = [(f"P{k + 1}", str(counts[k])) for k in range(min(4, program.players))]
        return [*shown, ("HYBRIDS", str(counts[4])), ("GENERATION", str(self.table.generations))]


def _computer(value: Any) -> str:
    """ "c", or a level written as a number or a string: TOML keeps 3 and "3" apart, and a museum
    should not have to."""
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    if value not in LEVELS:
        raise ValueError
    return str(value)


class CellLifeStand(Stand):
    NAME = "cell-life"
    TITLE = "Cell Life, Joseph Larson (2008): 2 to 4 players and hybrid cells, the program's own computers"
    BANNER = "PRESS ANY KEY TO PLAY CELL LIFE"
    OPTIONS = (
        Option(
            "players",
            "2 to 4; a visitor has seat 1, two visitors 1 and 2, the computers the seats left",
            3,
            int,
            low=2,
            high=4,
        ),
        Option("board", "small (5 x 5) or large (25 x 18)", "small", choices=BOARDS),
        bug_switches(BUG_NAMES, "the 2008 program's bugs kept", "the program as printed"),
        Option(
            "computer",
            'how its computers play: "c", the 2008 program\'s own, or our levels 1, 2, 3',
            "c",
            convert=_computer,
            allows='"c" (the 2008 program\'s own), or our levels 1, 2, 3',
            written='"c"',
        ),
    )

    def summary(self) -> str:
        settings = self.settings
        computer = (
            "the 2008 program's own" if settings["computer"] == "c" else f"level {settings['computer']}"
        )
        return (
            f"{settings['players']} players on the {settings['board']} board, {len(settings['bugs'])} of "
            f"{len(BUG_NAMES)} bugs kept, the computers {computer}"
        )

    def welcome(self, visitors: int) -> bytes:
        return WELCOME[visitors]

    def game(self, terminal: Terminal, visitors: int, hooks: Hooks) -> Game:
        return CellLifeGame(self, terminal, visitors, hooks)

    def panel(self, pygame: Any, running: Callable[[], Game | None]) -> Panel | None:
        from ..annotations import cell_life_rows
        from ..panel import ListingPanel

        rows, functions = cell_life_rows()
        return ListingPanel(pygame, rows, TITLE, variables_of(running), label="FUNCTION", places=functions)


STAND = CellLifeStand
