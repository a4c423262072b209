"""p2life at the exhibit: LIFE2's game on Levene and Roussos's rules, with the rules beside the paper.

The program seats its own computers (programs/p2life/players.py, our levels),
so the table only hands a visitor's lines on and reads the paper for the
record: whose square is asked for, the generations, the winner. In attract
mode both colours are the computer's and nothing is asked at all; the
generations go by until one side is gone or the round limit cuts the game.

p2life's rules are new to every visitor, so its panel is not a listing but the
rules themselves, with the one that made the last birth marked, the
neighbourhood it saw, and what the last generation did (rules_panel.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ...automata.rules import BLACK, EMPTY, VARIANTS, WHITE, Rules
from ...events import Stop
from ...programs import program_entry
from ...programs.p2life.board import LARGEST, SMALLEST, Cells, neighbours, square_of
from ...programs.p2life.players import LEVELS
from ...terminals.base import KeyHook, Terminal
from ...terminals.options import Option
from ..table import Table
from .base import ONE_VISITOR, Game, Hooks, Panel, Played, Stand
from .settings import attract_levels_of, levels_said, opponent_level

COLOURS = {b"WHITE": WHITE, b"BLACK": BLACK}
_ASKED = re.compile(rb"^(WHITE|BLACK) \(.\)(?:: PLACE \d+ PIECES\.| X,Y)$")
_GENERATION = re.compile(rb"^GENERATION (\d+)$")
_COUNTS = re.compile(rb"^WHITE \(O\) (\d+), BLACK \(#\) (\d+)\.$")
_WINNER = re.compile(rb"^(WHITE|BLACK) \(.\) IS THE WINNER")
WELCOME = {
    1: b"\r\n\r\nP2LIFE: YOU ARE WHITE (O). THE COMPUTER IS BLACK (#).\r\n\r\n",
    2: b"\r\n\r\nP2LIFE: TWO PLAYERS: WHITE IS O, BLACK IS #. TAKE TURNS AT THE KEYS.\r\n\r\n",
}
LEVEL_NUMBERS = tuple(int(level) for level in LEVELS)


class P2LifeTable(Table):
    """Reads the paper line by line: whose square is asked for, the generations, the counts, the end;
    each once it is printed."""

    reads_first = False

    def __init__(
        self,
        terminal: Terminal,
        on_generation: Callable[[int], None] | None = None,
        on_key: KeyHook | None = None,
        idle_seconds: float | None = None,
    ) -> None:
        super().__init__(terminal, on_key, idle_seconds)
        self.on_generation = on_generation
        self.asking = WHITE
        self.generations = 0
        self.counts = (0, 0)
        """(white, black) as last printed."""
        self.winner: int | str | None = None
        self._line = bytearray()

    def read_paper(self, data: bytes) -> None:
        """Every line first, then the news of a generation: a round limit it raises must not leave the
        counts printed below the heading unread."""
        generations = self.generations
        for byte in data:
            if byte == 0x0A:
                self._read(bytes(self._line).rstrip(b"\r"))
                self._line.clear()
            elif len(self._line) < 200:
                self._line.append(byte)
        if self.generations != generations and self.on_generation is not None:
            self.on_generation(self.generations)

    def _read(self, line: bytes) -> None:
        if (asked := _ASKED.match(line)) is not None:
            self.asking = COLOURS[asked[1]]
        elif (counts := _COUNTS.match(line)) is not None:
            self.counts = (int(counts[1]), int(counts[2]))
        elif (won := _WINNER.match(line)) is not None:
            self.winner = COLOURS[won[1]]
        elif line.startswith(b"A DRAW"):
            self.winner = "draw"
        elif (generation := _GENERATION.match(line)) is not None:
            self.generations = int(generation[1])

    def read_line(self, idle_seconds: float | None = None) -> bytes | None:
        line = self.read_visitor()
        if line is not None:
            self.moves.append([self.asking, line.decode("ascii", "replace")])
        return line


@dataclass(frozen=True)
class Birth:
    """A square born in a generation, and why: what was around it on the board before."""

    square: tuple[int, int]
    colour: int
    white: int
    black: int
    by_coin: bool
    around: tuple[int, ...]
    """The 3 by 3 squares centred on it, row by row, before the generation; -1 off the board."""


@dataclass(frozen=True)
class View:
    """What the rules panel shows of the game now."""

    rules: Rules
    generations: int
    white: int
    black: int
    birth: Birth | None
    """The last birth of the game so far (None before the first)."""
    born: int = 0
    lived: int = 0
    died: int = 0
    """What the last generation did: squares born, pieces that lived on, pieces that died."""


def births(before: Cells, after: Cells, size: int, coins: tuple[int, ...]) -> list[Birth]:
    """The squares empty before a generation and taken after, in reading order, each with its reason."""
    around = neighbours(size)
    found = []
    for index, (was, now) in enumerate(zip(before, after, strict=True)):
        if was != EMPTY or now == EMPTY:
            continue
        white = sum(1 for other in around[index] if before[other] == WHITE)
        black = sum(1 for other in around[index] if before[other] == BLACK)
        found.append(
            Birth(square_of(index, size), now, white, black, index in coins, _window(before, index, size))
        )
    return found


def _window(cells: Cells, index: int, size: int) -> tuple[int, ...]:
    row, col = divmod(index, size)
    return tuple(
        cells[r * size + c] if 0 <= r < size and 0 <= c < size else -1
        for r in (row - 1, row, row + 1)
        for c in (col - 1, col, col + 1)
    )


class P2LifeGame(Game):
    table: P2LifeTable

    def __init__(self, stand: P2LifeStand, terminal: Terminal, visitors: int, hooks: Hooks) -> None:
        settings = stand.settings
        if visitors:
            levels = {
                WHITE: "human",
                BLACK: str(settings["computer_level"]) if visitors == ONE_VISITOR else "human",
            }
        else:
            white, black = settings["attract_levels"]
            levels = {WHITE: str(white), BLACK: str(black)}
        computers = [levels[colour] for colour in (WHITE, BLACK) if levels[colour] != "human"]
        computer = ",".join(computers) if computers else None
        entry = program_entry("p2life")
        chosen: dict[str, Any] = {"board": settings["board"], "variant": settings["variant"]}
        if visitors and settings["rounds"]:  # attract mode's games end at the exhibit's limit
            chosen["rounds"] = settings["rounds"]
        self._program = entry.make(
            "python", (), hooks.random.getrandbits(31), person=True, computer=computer, **chosen
        )
        self.erase = entry.erase_key("python")
        self.levels = levels
        self.on_round = hooks.on_round
        self.table = P2LifeTable(terminal, self._generation, hooks.on_key, hooks.idle_seconds)
        self.terminal = self.table
        self._last_birth: Birth | None = None
        self._did = (0, 0, 0)

    def _generation(self, shown: int) -> None:
        """The paper has printed generation `shown`, and the program waits while it is read: its last
        generation is that one, whose births and deaths the panel shows from now on."""
        program = self._program
        if program.generations == shown and program.before is not None:
            before, after = program.before, program.board
            found = births(before, after, program.size, program.coins)
            if found:
                self._last_birth = ([birth for birth in found if birth.by_coin] or found)[-1]
            pairs = list(zip(before, after, strict=True))
            lived = sum(1 for was, now in pairs if was != EMPTY and now == was)
            died = sum(1 for was, now in pairs if was != EMPTY and now == EMPTY)
            self._did = (len(found), lived, died)
        if self.on_round is not None:
            self.on_round(shown)

    def ended(self, stop: Stop) -> str:
        return "finished" if self.table.winner is not None else "stopped"

    def played(self) -> Played:
        return Played(
            players=[name if name == "human" else f"computer-{name}" for name in self.levels.values()],
            winner=self.table.winner,
            moves=self.table.moves,
            dialect="python",
        )

    def variables(self) -> list[tuple[str, str]]:
        """What the paper has shown: the counts as printed, the generation as headed."""
        white, black = self.table.counts
        return [("GENERATION", str(self.table.generations)), ("WHITE O", str(white)), ("BLACK #", str(black))]

    def view(self) -> View:
        """The rules panel's picture of the game, as far as the paper has printed it (the table reads
        what is printed): the panel never runs ahead of the paper."""
        white, black = self.table.counts
        return View(self._program.rules, self.table.generations, white, black, self._last_birth, *self._did)


class P2LifeStand(Stand):
    NAME = "p2life"
    TITLE = "p2life, after Levene & Roussos: LIFE2's game on a two-colour rule set, our computers"
    BANNER = "PRESS ANY KEY TO PLAY P2LIFE"
    OPTIONS = (
        Option(
            "board",
            f"the board, N by N squares, {SMALLEST} to {LARGEST}",
            SMALLEST,
            int,
            low=SMALLEST,
            high=LARGEST,
        ),
        Option(
            "variant",
            "the rules: 0 the paper's, or its variant 1, 2, 3, 4a or 4b",
            "0",
            choices=tuple(VARIANTS),
        ),
        opponent_level(LEVEL_NUMBERS, "1 random, 2 greedy, 3 each turn solved as a game"),
        attract_levels_of(LEVEL_NUMBERS, ", white's and black's"),
        Option(
            "rounds",
            "a visitor's game ends after this many rounds, the more pieces winning",
            0,
            int,
            low=1,
            high=10_000,
            zero="no limit",
        ),
    )

    def summary(self) -> str:
        settings = self.settings
        rules = "the paper's rules" if settings["variant"] == "0" else f"variant {settings['variant']}"
        rounds = f"{settings['rounds']} rounds a visitor's game" if settings["rounds"] else "no round limit"
        return f"{settings['board']} by {settings['board']}, {rules}, {levels_said(settings)}, {rounds}"

    def welcome(self, visitors: int) -> bytes:
        return WELCOME[visitors]

    def game(self, terminal: Terminal, visitors: int, hooks: Hooks) -> Game:
        return P2LifeGame(self, terminal, visitors, hooks)

    def panel(self, pygame: Any, running: Callable[[], Game | None]) -> Panel | None:
        from ..rules_panel import RulesPanel

        def view() -> View | None:
            game = running()
            return game.view() if isinstance(game, P2LifeGame) else None

        return RulesPanel(pygame, view)


STAND = P2LifeStand
