"""`--seat 2=web,port=P`: a player at a web browser, who opens life2's page and gives the seat's code.

The seat is a network seat, with the telnet seat's door (door/): its code
(given, or six digits made and shown on stderr), the wait a wrong code earns
its address, one holder, and the host's notices with the peer's address. The
page is served on 127.0.0.1 unless `bind` says otherwise; life2 names the
link with the code in it, which sits down at once (without it, the page
asks). When the page goes (closed, reloaded, the network gone, or its output
left untaken for `stall` seconds), the game waits as it does for any seat: the
next page with the code takes the seat back and is shown where the game is.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from ..door.address import door_of, is_loopback
from ..door.codes import Penalties, matches
from ..door.notices import DoorNotices
from ..pacing import LinePace
from ..telnet.terminal import say
from ..window.crt import PHOSPHORS
from .line import POLL, WebLine
from .options import BAUD, BIND, CODE, CODE_WAIT, ERASE, LOOK, PHOSPHOR, SEAT, SOUND, STALL, WEB_OPTIONS
from .wire import SEAT_TAKEN, WRONG_CODE, Knock, frame

if TYPE_CHECKING:
    from .server import Refusal, WebServer


def look_of(look: str, baud: int, phosphor: str, sound: bool, erase: str = "_") -> dict[str, Any]:
    """What a page is told of its terminal: the look and its settings."""
    colour = PHOSPHORS[phosphor].color if look == "crt" else None
    return {"look": look, "baud": baud, "phosphor": colour, "sound": sound, "erase": erase}


def link_to(host: str, port: int, code: str | None) -> str:
    """The page's address, with the code in it (its spaces left out: the door ignores them)."""
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/" + (f"?code={code.replace(' ', '')}" if code else "")


class WebSeat(WebLine):
    """A player at a page served by life2; the game's first bytes wait until they have sat down."""

    DESCRIPTION = "a player at a web browser, who opens the page life2 serves and gives the seat's code"
    OPTIONS = WEB_OPTIONS

    def __init__(
        self,
        port: int,
        *,
        bind: str = BIND.default,
        code: str | None = CODE.default,
        code_wait: float = CODE_WAIT.default,
        stall: float = STALL.default,
        look: str = LOOK.default,
        baud: int = BAUD.default,
        phosphor: str = PHOSPHOR.default,
        sound: bool = SOUND.default,
        erase: str = ERASE.default,
        seat: int | None = SEAT.default,
    ) -> None:
        address, self.code = door_of(bind, code, BIND.allows)
        super().__init__(LinePace(baud or None), look_of(look, baud, phosphor, sound, erase))
        self.who = f"player {seat}" if seat else "the player"
        self.penalties = Penalties()
        self.notices = DoorNotices(self.who, say)
        self._left_at: float | None = None
        try:
            from .server import Limits, WebServer  # aiohttp, when a web seat is made
        except ImportError as missing:  # the web extra is not installed: one line says how
            raise OSError(str(missing)) from None

        self.server: WebServer = WebServer(
            self, Limits(knock_seconds=code_wait, not_reading_seconds=stall, heartbeat=stall)
        )
        host, self.port = self.server.run_in_thread(address, port)
        self.link = link_to(host, self.port, self.code)
        where = f"waiting for {self.who} (web) on {host} port {self.port}"
        code_said = "no code" if self.code is None else f"code {self.code}"
        offered = (
            "" if is_loopback(address) else ", offered to the network (any machine that reaches this one)"
        )
        say(f"{where}{offered}: {code_said}: {self.link}")

    # -- the seat among the others (seats.py) ----------------------------------------------------------

    def present(self) -> bool:
        return self.seated_once

    def invitation(self) -> str | None:
        if self.holder is not None:
            return None
        return f"open {self.link}" + (f", code {self.code}" if self.code else "")

    def tell(self, text: str) -> None:
        """Said if the page is there; nobody is waited for if not."""
        if self.holder is not None:
            self.notice(text)

    def write(self, data: bytes, on_key: Any = None) -> None:
        self._first_player()
        super().write(data, on_key)

    def read_line(self, idle_seconds: float | None = None) -> bytes | None:
        self._first_player()
        return super().read_line(idle_seconds)

    def read_shown_line(self, idle_seconds: float | None = None) -> bytes | None:
        self._first_player()
        return super().read_shown_line(idle_seconds)

    def _first_player(self) -> None:
        """The game's first bytes wait for a player to sit down (as long as it takes)."""
        while not self.seated_once:
            time.sleep(POLL)

    # -- the door (the server's loop asks) ---------------------------------------------------------------

    def wait_for(self, address: str) -> float:
        return self.penalties.left(address, time.monotonic())

    def asks(self) -> str:
        return frame("door", "code")

    def admit(self, knock: Knock, address: str) -> WebLine | Refusal:
        from .server import Refusal

        if self.code is not None and not knock.code.strip():
            return Refusal(WRONG_CODE, "no code", retry=True, said=frame("door", "code"))
        if self.code is not None and not matches(knock.code.encode("ascii", "replace"), self.code):
            self.penalties.wrong(address, time.monotonic())
            self.notices.knock("a wrong code", address, address, time.monotonic())
            return Refusal(WRONG_CODE, "wrong code", retry=True, said=frame("door", "wrong"))
        if self.holder is not None:
            self.notices.knock("turned away (the seat is taken)", address, address, time.monotonic())
            return Refusal(SEAT_TAKEN, "the seat is taken")
        self.penalties.right(address)
        return self

    def seated(self, peer: str) -> None:
        left_at, self._left_at = self._left_at, None
        if left_at is None:
            self.notices.event(f"{self.who} sat down from {peer}")
        else:
            self.notices.event(
                f"{self.who} is back, from {peer}, {time.monotonic() - left_at:.1f} s after going away"
            )

    def left(self, peer: str, why: str) -> None:
        if not self.over:
            self._left_at = time.monotonic()
            self.notices.event(
                f"{self.who}'s page from {peer} went away ({why}); the seat waits for its code"
            )

    def welcome(self, line: WebLine) -> dict[str, object]:
        return dict(self.look)

    def set_erase(self, key: str) -> None:
        self.look["erase"] = key

    def close(self) -> None:
        super().close()
        # the page is given its last frames (bounded), then the server stops
        until = time.monotonic() + 2
        while self.holder is not None and time.monotonic() < until:
            time.sleep(POLL)
        self.server.stop_thread()
