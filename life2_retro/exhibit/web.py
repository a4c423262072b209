"""The exhibit on a museum's web site: each visitor's page gets a game of its own (`life2 serve`).

A visitor opens the page and chooses: a game against the computer, of any of
the programs the museum offers, or one with a friend, who is sent a link that
carries the second seat's code. Each game is a stand's game, as the kiosk
plays it (stands/): the same program, the same computer players at the same
levels, the same welcome; its terminal is the page's line (terminals/web/),
and a game with a friend has the two lines as seats (terminals/seats.py).

A game runs in a thread of its own, which waits for its player as a kiosk's
game does; the server's loop never waits for a game. A page is given a token
as it sits down, which it keeps across a reload: the same token takes the same
seat back and is shown the game as it stands. A game ends, and everything it
held is let go, when it is over, when a prompt is left alone for
`idle_seconds`, or when no page has held its lines for `away_seconds`.

Every game that began is one line in the exhibit's records (records.py), as
a kiosk's game is, under the config's `[records]` path, so `life2 exhibit
--stats` counts the web's games with the kiosk's. A game with a friend who
never came never began, and is not recorded.
"""

from __future__ import annotations

import random
import secrets
import sys
import threading
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..programs import program_entry
from ..session import drive
from ..terminals.base import IdleTimeout, SeatLost, Terminal, TerminalClosed
from ..terminals.door.codes import Penalties, make_code, matches
from ..terminals.door.notices import DoorNotices
from ..terminals.pacing import LinePace
from ..terminals.seats import Seats
from ..terminals.web.line import WebLine
from ..terminals.web.seat import look_of
from ..terminals.web.wire import BUSY, SEAT_TAKEN, WRONG_CODE, Knock, frame
from .records import GameRecord, RecordLog, now_iso
from .stands import stand_class
from .stands.base import ONE_VISITOR, TWO_VISITORS, Game, Hooks

if TYPE_CHECKING:
    from ..terminals.web.server import Refusal
    from .config import ExhibitConfig

MODES = {"computer": ONE_VISITOR, "friend": TWO_VISITORS}
MODE_OF_PLAYERS = {
    "choose": ("computer", "friend"),
    "human-computer": ("computer",),
    "two-humans": ("friend",),
}
TITLES = {"computer": "against the computer", "friend": "with a friend (a link to send them)"}


def say(message: str) -> None:
    print(f"life2 serve: {message}", file=sys.stderr, flush=True)


@dataclass(eq=False)
class Visit:
    """One game and the pages at it."""

    id: str
    game: str
    mode: str
    lines: dict[int, WebLine]
    code: str | None = None
    """The friend's seat's code (a game with a friend)."""
    tokens: dict[str, int] = field(default_factory=dict)
    """Token -> the seat it holds."""
    done: bool = False
    ended: str = ""
    thread: threading.Thread | None = None

    def last_seen(self) -> float:
        return max(line.last_seen for line in self.lines.values())

    def held(self) -> bool:
        return any(line.holder is not None for line in self.lines.values())


class WebExhibit:
    """The host of `life2 serve`'s pages (terminals/web/server.py): which game a knock opens."""

    def __init__(self, config: ExhibitConfig, seed: int | None = None, log: RecordLog | None = None) -> None:
        self.config = config
        self.log = log
        """Where each game is recorded (None: nowhere, as a test's server may choose)."""
        self._log_failed = False
        self.stopping = False
        self.random = random.Random(seed)
        self.visits: dict[str, Visit] = {}
        self.by_token: dict[str, Visit] = {}
        self.penalties = Penalties()
        self.notices = DoorNotices("a friend's seat", say)
        self.modes = MODE_OF_PLAYERS[config.web_players]
        self.choices = {f"{game}/{mode}": (game, mode) for game in config.web_games for mode in self.modes}
        self.played = 0
        self._lock = threading.Lock()
        self.baton = threading.Semaphore(1)
        """Held by the one game computing now (terminals/web/line.py)."""

    # -- the door (the server's loop asks) ---------------------------------------------------------

    def wait_for(self, address: str) -> float:
        return self.penalties.left(address, time.monotonic())

    def asks(self) -> str:
        games = [
            {"id": choice, "title": f"{stand_class(game).TITLE.split(':')[0]} {TITLES[mode]}"}
            for choice, (game, mode) in self.choices.items()
        ]
        return frame("door", {"kind": "choose", "games": games})

    def admit(self, knock: Knock, address: str) -> WebLine | Refusal:
        from ..terminals.web.server import Refusal

        again = Refusal(WRONG_CODE, "choose a game", retry=True, said=self.asks())
        visit = self.by_token.get(knock.token) if knock.token else None
        if visit is not None and not visit.done:
            return visit.lines[visit.tokens[knock.token]]
        shared = self.visits.get(knock.game)
        if shared is not None and shared.mode == "friend" and not shared.done:
            if shared.code is None or not matches(knock.code.encode("ascii", "replace"), shared.code):
                self.penalties.wrong(address, time.monotonic())
                self.notices.knock("a wrong code", address, address, time.monotonic())
                return Refusal(WRONG_CODE, "wrong code", retry=True, said=frame("door", "wrong"))
            if 2 in shared.tokens.values():
                return Refusal(SEAT_TAKEN, "the friend's seat is taken")
            self.penalties.right(address)
            return self._token(shared, 2)
        if knock.game not in self.choices:
            return again
        if len(self.visits) >= self.config.web_max_games:
            return Refusal(BUSY, "every game is taken: come back in a few minutes")
        game, mode = self.choices[knock.game]
        return self._token(self._start(game, mode), 1)

    def welcome(self, line: WebLine) -> dict[str, object]:
        said: dict[str, object] = dict(line.look)
        for visit in self.visits.values():
            for token, seat in visit.tokens.items():
                if visit.lines[seat] is line:
                    said["token"] = token
                    if visit.mode == "friend" and seat == 1:
                        said["share"] = {"game": visit.id, "code": (visit.code or "").replace(" ", "")}
        return said

    def seated(self, peer: str) -> None:
        """A page sat down (a visitor's page is not announced: a museum has many)."""

    def left(self, peer: str, why: str) -> None:
        """A page went (its game waits `away_seconds` for it)."""

    def _token(self, visit: Visit, seat: int) -> WebLine:
        for token, held in list(visit.tokens.items()):
            if held == seat:  # a seat's old token goes when a new page takes it
                del visit.tokens[token]
                self.by_token.pop(token, None)
        token = secrets.token_urlsafe(18)
        visit.tokens[token] = seat
        self.by_token[token] = visit
        return visit.lines[seat]

    # -- the games ---------------------------------------------------------------------------------

    def _start(self, game: str, mode: str) -> Visit:
        config = self.config
        look = look_of(config.web_look, config.web_baud, config.web_phosphor, True)
        seats = 2 if mode == "friend" else 1
        lines = {
            n: WebLine(LinePace(config.web_baud or None), dict(look), baton=self.baton)
            for n in range(1, seats + 1)
        }
        visit = Visit(secrets.token_urlsafe(9), game, mode, lines)
        if mode == "friend":
            visit.code = make_code()
        seed = self.random.getrandbits(32)
        visit.thread = threading.Thread(
            target=self._play, args=(visit, seed), name=f"game {visit.id}", daemon=True
        )
        with self._lock:
            self.visits[visit.id] = visit
        visit.thread.start()
        return visit

    def _play(self, visit: Visit, seed: int) -> None:
        """One visitor's game, to its end however it ends; then its lines are told, and let go."""
        config = self.config
        stand = config.stand(visit.game)
        ended = "finished"
        holding = False
        game: Game | None = None
        started_wall, started = "", 0.0
        try:
            terminal: Terminal
            if visit.mode == "friend":
                _, turns = program_entry(visit.game).seating()
                seated = Seats(visit.lines, turns, config.web_away_seconds)
                seated.wait_for_players()
                terminal = seated
            else:
                terminal = visit.lines[1]
                while not terminal.present():
                    time.sleep(0.05)
            self.baton.acquire()
            holding = True
            hooks = Hooks(random.Random(seed), idle_seconds=config.web_idle_seconds)
            started_wall, started = now_iso(), time.monotonic()
            terminal.write(stand.welcome(MODES[visit.mode]))
            game = stand.game(terminal, MODES[visit.mode], hooks)
            terminal.set_erase(game.erase)
            ended = game.ended(drive(game.run(), game.terminal))
        except IdleTimeout:
            ended = "idle"
            for line in visit.lines.values():
                line.notice("nobody typed for a while: the game is over.")
        except (TerminalClosed, SeatLost):
            ended = "operator" if self.stopping else "left"
        except Exception as exc:  # one game's failure is that game's; the others go on
            ended = "failed"
            say(f"game {visit.id} ({visit.game}) failed: {exc!r}")
        finally:
            if holding:
                self.baton.release()
            if started_wall:  # the game began
                self._record(visit, game, started_wall, time.monotonic() - started, ended)
            visit.ended = ended
            for line in visit.lines.values():
                line.finish(f"the game is over ({ended})")
            visit.done = True

    def _record(self, visit: Visit, game: Game | None, start: str, seconds: float, ended: str) -> None:
        """The game's line in the records, as the kiosk writes it (runner.py); a failed disk is said
        once, and the games go on."""
        if self.log is None:
            return
        try:
            played = game.played() if game is not None else None
        except Exception as exc:  # a game that failed may not say what it played: its ending still counts
            say(f"game {visit.id} ({visit.game}): its record is short: {exc!r}")
            played = None
        seats = 2 if visit.mode == "friend" else 1
        record = GameRecord(
            start=start,
            end=now_iso(),
            mode="visitor",
            players=played.players if played else ["human"] * seats + ["computer"] * (2 - seats),
            winner=played.winner if played else None,
            ended=ended,
            moves=played.moves if played else [],
            duration=round(seconds, 3),
            dialect=played.dialect if played else "",
            bugs=played.bugs if played else [],
            game=visit.game,
        )
        if not self.log.append(record) and not self._log_failed:
            self._log_failed = True
            say(f"games are not being recorded: {self.log.problem}")

    def tend(self) -> None:
        """Each tick of the server's loop: games nobody is at end; ended games are let go."""
        now = time.monotonic()
        for visit in list(self.visits.values()):
            if visit.done:
                if not any(line.holder is not None and line.pending() for line in visit.lines.values()):
                    self._forget(visit)
            elif not visit.held() and now - visit.last_seen() > self.config.web_away_seconds:
                for line in visit.lines.values():
                    line.hang_up()

    def _forget(self, visit: Visit) -> None:
        with self._lock:
            self.visits.pop(visit.id, None)
        for token in visit.tokens:
            self.by_token.pop(token, None)
        self.played += 1

    def stop(self) -> None:
        self.stopping = True
        for visit in list(self.visits.values()):
            for line in visit.lines.values():
                line.hang_up()
