"""The exhibit's life: attract mode until a visitor comes, a game with them, back to attract.

* **Attract.** Two computers play each other at the terminal's own pace, with
  a banner asking visitors to press a key. A key stops that game at once.
* **A visitor.** They play a computer or each other, as the config says or as
  they choose on the terminal. A prompt left alone for `idle_seconds` abandons
  the game, drops whatever was half typed, and attract mode comes back.
* **Records.** Every game, however it ended, is one JSON line in the log.
* **Operator.** Only the exit chord ends the exhibit (OperatorExit).

The runner names no game: each is a stand (stands/), which makes the game,
seats its players and says how it ended; the runner plays what it is given.

Nothing here waits on its own: the terminal paces and draws, so a window stays
alive through every pause. A game that counts its old machine's cycles (LIFE2
at the historical speed) is held for them at its clock, through the terminal too.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..session import drive
from ..terminals.base import IdleTimeout, LineInterrupted, OperatorExit, Terminal
from ..terminals.pacing import HistoricalPace
from .config import ExhibitConfig
from .records import GameRecord, RecordLog, now_iso
from .stands.base import ATTRACT, VISITORS_OF, Game, Hooks, Stand
from .table import Table

if TYPE_CHECKING:  # a contract for the type checker only (basic/cycles.py)
    from ..basic.cycles import CycleCount


class VisitorArrived(Exception):
    """A key was pressed while computers were playing."""


class RoundLimit(Exception):
    """Two computers have played `attract.max_rounds` turns: a fresh game shows more to visitors.

    Strong players can keep a position alive for hundreds of turns, hours at 10 characters a
    second."""


CHOOSE_PROMPT = b"\r\n\r\nTYPE 1 TO PLAY THE COMPUTER, 2 FOR TWO PLAYERS\r\n? "


class Exhibit:
    def __init__(
        self,
        config: ExhibitConfig,
        terminal: Terminal,
        log: RecordLog,
        *,
        seed: int | None = None,
        show_banner: Callable[[bool], None] | None = None,
        on_line: Callable[[int | str, object], None] | None = None,
        monotonic: Callable[[], float] = time.monotonic,
    ) -> None:
        self.config = config
        self.terminal = terminal
        self.log = log
        self.random = random.Random(seed)
        self.show_banner = show_banner or self._print_banner
        self.on_line = on_line
        self.monotonic = monotonic
        self.stands: dict[str, Stand] = {name: config.stand(name) for name in config.games}
        """Each game on show, by name: what differs from game to game."""
        self.game = config.games[0]
        """The game on show: attract mode plays them in turn, and a visitor plays this one."""
        self.current: Game | None = None
        """The game being played (or the last one played)."""
        self._turn = -1
        self.on_game: Callable[[str], None] | None = None
        """Told when attract mode moves on to another game (the window shows its own panel)."""
        self.mode = "attract"
        self.visits = 0
        self.games = 0
        self._log_failed = False
        self.historical: HistoricalPace | None = None
        """The old machine's time, when the game on show counts its cycles (LIFE2's historical speed)."""
        self.cycles_held = 0
        """Of the meter's cycles, those the historical speed has held the game for."""

    @property
    def stand(self) -> Stand:
        return self.stands[self.game]

    @property
    def program(self) -> Any:
        return None if self.current is None else self.current.program

    @property
    def table(self) -> Table | None:
        return None if self.current is None else self.current.table

    @property
    def meter(self) -> CycleCount | None:
        return None if self.current is None else self.current.meter

    # -- the cycle ----------------------------------------------------------------------------

    def run(self, visits: int | None = None, games: int | None = None) -> None:
        """Attract mode and visitors, until the operator's chord (or, for tests and the soak, until
        `visits` visits or `games` games in all, whichever comes first)."""
        visitor_waiting = False
        while (visits is None or self.visits < visits) and (games is None or self.games < games):
            try:
                if visitor_waiting:
                    visitor_waiting = False
                    self.visitor()
                else:
                    self.attract()
            except VisitorArrived:
                visitor_waiting = True
            except LineInterrupted:  # Ctrl-C or BREAK at the Teletype: during attract, a visitor
                visitor_waiting = self.mode == "attract"

    def attract(self) -> None:
        """Computers play each other until a key is pressed, with a pause between games; with more
        than one game configured, each attract game is the next in turn."""
        self.mode = "attract"
        self._turn = (self._turn + 1) % len(self.config.games)
        if self.config.games[self._turn] != self.game or self._turn == 0:
            self.game = self.config.games[self._turn]
            if self.on_game is not None:
                self.on_game(self.game)
        self.show_banner(True)
        hooks = Hooks(self.random, on_key=self._visitor_arrived, on_round=self._count_rounds)
        self.play(self.stand.game(self.terminal, ATTRACT, hooks))
        self.terminal.idle(self.config.attract_pause_seconds, on_key=self._visitor_arrived)

    def visitor(self) -> None:
        """A visitor pressed a key: their game (or their choice of one), then back to attract."""
        self.visits += 1
        self.mode = "visitor"
        terminal = self.terminal
        self.show_banner(False)
        terminal.discard_input()
        try:
            players = self._choose()
            if players is None:
                return
            visitors = VISITORS_OF[players]
            terminal.write(self.stand.welcome(visitors))
            hooks = Hooks(self.random, idle_seconds=self.config.idle_seconds)
            ended = self.play(self.stand.game(terminal, visitors, hooks))
            if ended == "finished":  # a key: the next game at once
                terminal.idle(self.config.result_seconds, on_key=self._visitor_arrived)
        except (IdleTimeout, LineInterrupted):
            terminal.discard_input()  # nobody is there any more: attract mode again

    def _choose(self) -> str | None:
        if self.config.players != "choose":
            return self.config.players
        while True:
            self.terminal.write(CHOOSE_PROMPT)
            answer = self.terminal.read_line(self.config.idle_seconds)
            if answer is None:
                return None
            choice = answer.strip()
            if choice in (b"1", b"2"):
                return "human-computer" if choice == b"1" else "two-humans"

    def _visitor_arrived(self) -> None:
        self.terminal.stop_output()  # the computers' game stops printing at once
        raise VisitorArrived

    def _count_rounds(self, rounds: int) -> None:
        if rounds > self.config.attract_max_rounds:
            raise RoundLimit

    def _print_banner(self, on: bool) -> None:
        """A terminal without a window (a real Teletype) gets the banner on paper."""
        if on:
            banner = self.config.banner(self.game)
            self.terminal.write(b"\r\n\r\n*** " + banner.upper().encode("ascii", "replace") + b" ***\r\n")

    # -- one game -----------------------------------------------------------------------------

    def play(self, game: Game) -> str:
        """One game at this terminal, recorded however it ends; returns how it ended. A visitor, the
        idle time, BREAK and the operator end it from outside and go on outward."""
        self.current = game
        self.terminal.set_erase(game.erase)
        self.historical, self.cycles_held = None, 0
        if game.meter is not None:
            self.historical = HistoricalPace(self.monotonic, clock_hz=game.clock_hz)
        started_wall, started = now_iso(), self.monotonic()
        ended = "stopped"
        try:
            ended = game.ended(drive(game.run(), game.terminal, self._line))
        except VisitorArrived:
            ended = "visitor"
            raise
        except RoundLimit:
            ended = "limit"
        except IdleTimeout:
            ended = "idle"
            raise
        except LineInterrupted:
            ended = "interrupted"
            raise
        except (OperatorExit, SystemExit, KeyboardInterrupt):
            ended = "operator"  # the chord, or the host stopping the service
            raise
        finally:
            self.games += 1
            self._record(game, started_wall, self.monotonic() - started, ended)
        return ended

    def variables(self) -> list[tuple[str, str]]:
        """What the panel's box shows of the game being played."""
        return [] if self.current is None else self.current.variables()

    def _line(self, number: int | str) -> None:
        game = self.current
        if self.on_line is not None and game is not None:
            self.on_line(number, game.program)
        if (
            game is not None
            and game.meter is not None
            and self.historical is not None
            and isinstance(number, int)
        ):
            # the segments before this line are done: hold them for what they cost the old machine
            cycles = game.meter.cycles
            wait = self.historical.charge_cycles(cycles - self.cycles_held)
            self.cycles_held = cycles
            if wait:
                game.table.idle(wait)  # with the game's own wake-up: a visitor still stops it

    def _record(self, game: Game, start: str, seconds: float, ended: str) -> None:
        played = game.played()
        record = GameRecord(
            start=start,
            end=now_iso(),
            mode=self.mode,
            players=played.players,
            winner=played.winner,
            ended=ended,
            moves=played.moves,
            duration=round(seconds, 3),
            dialect=played.dialect,
            bugs=played.bugs,
            game=self.game,
        )
        if not self.log.append(record) and not self._log_failed:
            self._log_failed = True  # say it once; the exhibit goes on without its records
            print(f"life2 exhibit: games are not being recorded: {self.log.problem}", file=sys.stderr)
