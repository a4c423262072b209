"""The exhibit's life: attract mode until a visitor comes, a game with them, back to attract.

* **Attract.** Two computers play each other at the terminal's own pace, with
  a banner asking visitors to press a key. A key stops that game at once.
* **A visitor.** They play a computer or each other, as the config says or as
  they choose on the terminal. A prompt left alone for `idle_seconds` abandons
  the game, drops whatever was half typed, and attract mode comes back.
* **Records.** Every game, however it ended, is one JSON line in the log.
* **Operator.** Only the exit chord ends the exhibit (OperatorExit).

Nothing here waits on its own: the terminal paces and draws, so a window stays
alive through every pause. The historical speed, when set, holds each BASIC
line for the cycles it cost the 1977 6502 BASIC (programs/life2_cycles.py) at
the configured clock, through the terminal too.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from datetime import UTC, datetime

from ..basic.cycles import CycleMeter
from ..basic.dialects import Dialect
from ..events import Stop
from ..programs import program_entry
from ..programs.cell_life import CellLifeProgram
from ..programs.life2 import Life2Program
from ..programs.life2_cycles import count_cycles
from ..session import drive
from ..terminals.base import IdleTimeout, LineInterrupted, OperatorExit, Terminal
from ..terminals.pacing import HistoricalPace
from ..terminals.unix_tty import UnixTty
from .cell_life_table import CellLifeTable
from .config import ExhibitConfig
from .players import ComputerPlayer
from .records import GameRecord, RecordLog
from .table import GameTable


class VisitorArrived(Exception):
    """A key was pressed while computers were playing."""


class RoundLimit(Exception):
    """Two computers have played `attract.max_rounds` turns: a fresh game shows more to visitors.

    Strong players can keep a position alive for hundreds of turns, hours at 10 characters a
    second."""


PANEL_VARIABLES = ("B", "X(1)", "Y(1)", "X(2)", "Y(2)", "M2", "M3")
"""The variables the listing panel shows: whose turn, the squares typed, the two populations."""

CELL_LIFE_WELCOME = {
    "human-computer": b"\r\n\r\nCELL LIFE: YOU ARE PLAYER 1 (0). THE COMPUTERS PLAY THE OTHERS.\r\n\r\n",
    "two-humans": b"\r\n\r\nCELL LIFE: PLAYER 1 IS 0, PLAYER 2 IS X. THE COMPUTERS PLAY THE OTHERS.\r\n\r\n",
}

CHOOSE_PROMPT = b"\r\n\r\nTYPE 1 TO PLAY THE COMPUTER, 2 FOR TWO PLAYERS\r\n? "
WELCOME = {
    "human-computer": b"\r\n\r\nYOU ARE PLAYER 1 (*). THE COMPUTER IS PLAYER 2 (#).\r\n\r\n",
    "two-humans": b"\r\n\r\nTWO PLAYERS: PLAYER 1 IS *, PLAYER 2 IS #. TAKE TURNS AT THE KEYS.\r\n\r\n",
}


def now_iso() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


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
        self.dialect = Dialect.named(config.dialect)
        self.program: Life2Program | CellLifeProgram | None = None
        self.table: GameTable | CellLifeTable | None = None
        self.game = config.games[0]
        """The game on show: attract mode plays them in turn, and a visitor plays this one."""
        self._turn = -1
        self.on_game: Callable[[str], None] | None = None
        """Told when attract mode moves on to another game (the window shows its own panel)."""
        self.mode = "attract"
        self.visits = 0
        self.games = 0
        self._log_failed = False
        self._secret_round: int | None = None
        self.historical = (
            HistoricalPace(monotonic, clock_hz=config.clock_hz) if config.historical_speed else None
        )
        self.meter: CycleMeter | None = None
        """The 1977 ROM's cycles of the LIFE2 game on show, when the historical speed is on."""
        self.cycles_held = 0
        """Of the meter's cycles, those the historical speed has held the game for."""

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
        if self.game == "cell-life":
            self.play_cell_life(humans=0)
        else:
            level1, level2 = self.config.attract_levels
            self.play({1: self._computer(1, level1), 2: self._computer(2, level2)})
        self.terminal.idle(self.config.attract_pause, on_key=self._visitor_arrived)

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
            if self.game == "cell-life":
                terminal.write(CELL_LIFE_WELCOME[players])
                ended = self.play_cell_life(humans=1 if players == "human-computer" else 2)
            else:
                terminal.write(WELCOME[players])
                level = self.config.computer_level
                seats = {1: None, 2: self._computer(2, level) if players == "human-computer" else None}
                ended = self.play(seats)
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

    def _computer(self, number: int, level: int) -> ComputerPlayer:
        return ComputerPlayer(number, level, self.config.bugs, seed=self.random.getrandbits(32))

    def _print_banner(self, on: bool) -> None:
        """A terminal without a window (a real Teletype) gets the banner on paper."""
        if on:
            self.terminal.write(
                b"\r\n\r\n*** " + self.config.banner.upper().encode("ascii", "replace") + b" ***\r\n"
            )

    # -- one game -----------------------------------------------------------------------------

    def play_cell_life(self, humans: int) -> str:
        """One game of Cell Life: `humans` visitors in the first seats, the program's computers in the
        rest; the set-up answered as the config says. Returns how it ended, as recorded."""
        config = self.config
        attract = humans == 0
        seats = ["human" if seat < humans else "computer" for seat in range(config.cell_life_players)]
        setup = [str(config.cell_life_players).encode()]
        setup += [b"1" if seat == "human" else b"2" for seat in seats]
        setup.append(b"2" if config.cell_life_board == "large" else b"1")
        program = program_entry("cell-life").make(  # the registry gives it the C program's own words
            "c",
            config.cell_life_bugs,
            self.random.getrandbits(31),
            person=True,
            computer=config.cell_life_computer,
        )
        table = CellLifeTable(
            self.terminal,
            setup,
            visitor=not attract,
            on_generation=self._cell_life_generation if attract else None,
            on_key=self._visitor_arrived if attract else None,
            idle_seconds=None if attract else config.idle_seconds,
        )
        self.program, self.table, self.meter = program, table, None  # compiled C: no 6502 cycles
        players = [name if name == "human" else f"computer-{config.cell_life_computer}" for name in seats]

        def record(start: str, seconds: float, ended: str) -> None:
            self._append(
                GameRecord(
                    start=start,
                    end=now_iso(),
                    mode=self.mode,
                    players=players,
                    winner=table.winner,
                    ended=ended,
                    moves=table.moves,
                    duration=round(seconds, 3),
                    dialect="c",
                    bugs=sorted(config.cell_life_bugs),
                    game="cell-life",
                )
            )

        def game() -> str:
            stop = drive(program.run(), UnixTty(table), self._line)
            if table.winner is not None:
                return "finished"
            return {Stop.RUNAWAY: "runaway", Stop.UNREPRODUCIBLE: "unreproducible"}.get(stop, "stopped")

        return self._played(game, record)

    def _cell_life_generation(self, generations: int) -> None:
        if generations > self.config.attract_rounds:
            raise RoundLimit

    def _played(self, game: Callable[[], str], record: Callable[[str, float, str], None]) -> str:
        """Run one game and record how it ended, whatever ends it; a visitor, the idle time, BREAK and
        the operator end it from outside and go on outward."""
        started_wall, started = now_iso(), self.monotonic()
        ended = "stopped"
        try:
            ended = game()
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
            record(started_wall, self.monotonic() - started, ended)
        return ended

    def play(self, seats: dict[int, ComputerPlayer | None]) -> str:
        """One game of the 1978 program at this terminal; returns how it ended, as recorded."""
        program = Life2Program(self.dialect, self.config.bugs)
        if self.historical is not None:
            self.meter, self.cycles_held = count_cycles(program), 0
        attract = self.mode == "attract"
        table = GameTable(
            self.terminal,
            seats,
            # computers' games are cut at their round limit; a visitor's moves are kept off the panel
            on_answer=self._count_rounds if attract else self._answered,
            ask_again_when_empty=self.config.empty_answer == "ask-again",
            # a key during the computers' game brings a visitor; a visitor's prompt waits so long
            on_key=self._visitor_arrived if attract else None,
            idle_seconds=None if attract else self.config.idle_seconds,
        )
        self.program, self.table = program, table

        def game() -> str:
            stop = drive(program.run(), table, self._line)
            table.observer.stopped(stop)
            if table.observer.winner is None:
                return "error" if stop is Stop.ERROR else "stopped"
            return "finished"

        return self._played(
            game, lambda start, seconds, ended: self._record(table, seats, start, seconds, ended)
        )

    def _count_rounds(self, number: int, line: bytes) -> None:
        if isinstance(self.table, GameTable) and self.table.observer.round > self.config.attract_rounds:
            raise RoundLimit

    def _answered(self, number: int, line: bytes) -> None:
        if isinstance(self.table, GameTable):
            self._secret_round = self.table.observer.round

    def variables(self) -> list[tuple[str, str]]:
        """What the listing panel shows. In a visitor's game the squares typed (X, Y) stay hidden
        until the board that places them is printed: the panel must not give a move away."""
        program, table = self.program, self.table
        if isinstance(program, CellLifeProgram) and isinstance(table, CellLifeTable):
            counts = [program.word(program.POP + k) for k in range(5)]
            shown = [(f"P{k + 1}", str(counts[k])) for k in range(min(4, program.players))]
            return [*shown, ("HYBRIDS", str(counts[4])), ("GENERATION", str(table.generations))]
        if not isinstance(program, Life2Program) or not isinstance(table, GameTable):
            return []
        hidden = self.mode == "visitor" and table.observer.round == self._secret_round

        shown = program.variables()

        def number(name: str) -> str:
            return "?" if hidden and name[0] in "XY" else f"{shown[name]:g}"

        return [(name, number(name)) for name in PANEL_VARIABLES]

    def _line(self, number: int | str) -> None:
        if self.on_line is not None and self.program is not None:
            self.on_line(number, self.program)
        meter = self.meter
        if meter is not None and self.table is not None and isinstance(number, int):
            # the segments before this line are done: hold them for what they cost the 6502
            cycles = meter.cycles
            wait = self.historical.charge_cycles(cycles - self.cycles_held)  # type: ignore[union-attr]
            self.cycles_held = cycles
            if wait:
                self.table.idle(wait)  # with the game's own wake-up: a visitor still stops it

    def _record(
        self,
        table: GameTable,
        seats: dict[int, ComputerPlayer | None],
        start: str,
        seconds: float,
        ended: str,
    ) -> None:
        record = GameRecord(
            start=start,
            end=now_iso(),
            mode=self.mode,
            players=[seats[n].name if seats[n] is not None else "human" for n in (1, 2)],  # type: ignore[union-attr]
            winner=table.observer.winner,
            ended=ended,
            moves=table.moves,
            duration=round(seconds, 3),
            dialect=self.config.dialect,
            bugs=sorted(self.config.bugs),
        )
        self._append(record)

    def _append(self, record: GameRecord) -> None:
        if not self.log.append(record) and not self._log_failed:
            self._log_failed = True  # say it once; the exhibit goes on without its records
            print(f"life2 exhibit: games are not being recorded: {self.log.problem}", file=sys.stderr)
