"""What a stand gives the exhibit, and what the exhibit gives a stand's game.

The runner keeps the exhibit's life: attract mode, a visitor's arrival, the
idle time, the result, the records and the operator's chord. A stand knows
its game: it makes the program through the program registry, seats computers
and visitors at a table (table.py), welcomes a visitor, says how a game ended
and what its record holds, and draws the panel beside the paper.

The runner hands a stand's game only `Hooks`, plain functions and numbers;
a stand never sees the runner, so the dependency points one way.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from ...events import Run, Stop
from ...terminals.base import KeyHook, Terminal
from ...terminals.options import Option
from ..table import Table

if TYPE_CHECKING:  # a contract for the type checker only (basic/cycles.py)
    from ...basic.cycles import CycleCount

ATTRACT, ONE_VISITOR, TWO_VISITORS = 0, 1, 2
"""Who is at the game: computers only (attract mode), a visitor and the computer, or two visitors."""
VISITORS_OF = {"human-computer": ONE_VISITOR, "two-humans": TWO_VISITORS}
"""The config's `players` (and a visitor's choice) as a count of visitors."""


@dataclass(frozen=True)
class Hooks:
    """What the runner lets a game know of the exhibit's life."""

    random: random.Random
    """Where the game draws its seeds: the exhibit's own stream, so a seed replays a day."""
    on_key: KeyHook | None = None
    """Attract mode: a key struck while the game prints brings a visitor (it raises)."""
    on_round: Callable[[int], None] | None = None
    """Told the rounds (or generations) played so far after each; attract mode's round limit raises."""
    idle_seconds: float | None = None
    """How long a visitor's prompt waits before the game is abandoned; None in attract mode."""


@dataclass
class Played:
    """What the record of a game holds beyond the exhibit's own fields (times, mode, how it ended)."""

    players: list[str]
    """Each seat, in turn: "human" or "computer-LEVEL"."""
    winner: int | str | None
    moves: list[list[object]]
    dialect: str
    """The runtime it ran on: a BASIC dialect, "c" or "python"."""
    bugs: list[str] = field(default_factory=list)


class Game(ABC):
    """One game as a stand hands it to the runner: a program to drive, and the table to drive it on."""

    table: Table
    """The exhibit's terminal with the computers' seats answered, reading the game off the paper."""
    terminal: Terminal
    """What the program is driven on: the table, or the table behind a Unix tty (a C program's)."""
    erase: str = "_"
    """What Backspace sends while this game is on (the runtime's own erase)."""
    meter: CycleCount | None = None
    """The 1977 ROM's cycles of the game as it runs, when the exhibit holds it to the historical speed."""
    clock_hz: float = 0.0
    """The old machine's clock, with `meter`."""

    _program: Any
    """The program the stand made through the program registry."""

    def run(self) -> Run:
        """The program's events, once."""
        run: Run = self._program.run()
        return run

    @property
    def program(self) -> Any:
        """The running program, for whoever follows its lines (the live listing, tests)."""
        return self._program

    @abstractmethod
    def ended(self, stop: Stop) -> str:
        """How the game ended, as the records say it (a key of records.ENDINGS), once the program stops."""

    @abstractmethod
    def played(self) -> Played:
        """The record's fields of the game so far (a game cut short is recorded too)."""

    def variables(self) -> list[tuple[str, str]]:
        """What the panel's box shows now, as (name, value); never anything a visitor must not see."""
        return []


class Panel(Protocol):
    """A side panel of the window terminals (display.SidePanel), which also follows the program."""

    fraction: float

    def draw(self, surface: Any, rect: tuple[int, int, int, int]) -> None: ...

    def follow(self, entered: int | str) -> None:
        """The program entered a line (a number) or a part of itself (a name)."""


class Stand(ABC):
    """One game at the exhibit. A subclass declares its config table and makes its games."""

    NAME: ClassVar[str]
    """The game's name, as the program registry, the config's `games` and the records give it."""
    TITLE: ClassVar[str]
    """What the game is, in a few words, for the config's documentation."""
    BANNER: ClassVar[str]
    """Attract mode's banner, unless the config sets one for every game."""
    OPTIONS: ClassVar[tuple[Option, ...]] = ()
    """Its table of the config, `[NAME]`: the checks, `--check` and the documentation all come from it."""
    MOVED: ClassVar[Mapping[tuple[str, str], str]] = {}
    """Keys an older config held elsewhere (table, key) -> this table's key: still read, with a note."""

    def __init__(self, settings: Mapping[str, Any], finds_references: bool = True) -> None:
        self.settings = dict(settings)
        """Every key of the table, checked, the defaults filled in."""
        self.finds_references = finds_references
        """Whether the stand may show an original its settings do not name, found as every command
        finds it (its variable, then ../shared/reference/). A screenshot's stand may not: the picture
        is then the same on every machine, and a picture the project keeps carries no line of it."""

    @classmethod
    def problems(cls, settings: Mapping[str, Any]) -> list[str]:
        """Mistakes only the keys together show (each alone was allowed), one message each."""
        return []

    def check(self) -> list[str]:
        """What `--check` finds beyond the keys: files the stand reads, one message each."""
        return []

    def summary(self) -> str:
        """One line for `--check`: how the game will be shown."""
        return ", ".join(f"{option.name} {_said(self.settings[option.name])}" for option in self.OPTIONS)

    @abstractmethod
    def welcome(self, visitors: int) -> bytes:
        """What the terminal prints when a visitor's game begins: who plays whom."""

    @abstractmethod
    def game(self, terminal: Terminal, visitors: int, hooks: Hooks) -> Game:
        """A new game at `terminal`: ATTRACT, ONE_VISITOR (against the computer) or TWO_VISITORS."""

    def panel(self, pygame: Any, running: Callable[[], Game | None]) -> Panel | None:
        """The panel beside the paper while this game is on show (None: the paper alone); `running`
        gives the game now running, whose state the panel shows."""
        return None


def variables_of(running: Callable[[], Game | None]) -> Callable[[], list[tuple[str, str]]]:
    """The box's values of whatever game is running, for a panel that shows them."""

    def variables() -> list[tuple[str, str]]:
        game = running()
        return [] if game is None else game.variables()

    return variables


def _said(value: Any) -> str:
    if isinstance(value, frozenset | set):
        return f"[{', '.join(sorted(value))}]" if value else "none"
    if isinstance(value, tuple | list):
        return ",".join(map(str, value))
    return str(value)
