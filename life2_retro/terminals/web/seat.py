"""`--seat 2=web,port=P`: a player at a web browser, who opens life2's page and gives the seat's code.

The seat listens on 127.0.0.1 unless `bind` says otherwise, and names on
stderr the page's address with the code in it: a link that carries the code
sits down at once; without it, the page asks. The game starts once the
player has sat down. When the page goes (closed, reloaded, the network gone),
the game waits as it does for any seat: the next page with the code takes
the seat back and is shown where the game is.
"""

from __future__ import annotations

import sys
import time
from typing import TYPE_CHECKING, Any

from ..pacing import LinePace
from ..window.crt import PHOSPHORS
from .door import Door, seat_code
from .line import WebLine
from .options import BAUD, CODE, ERASE, LOOK, PHOSPHOR, SOUND, WEB_OPTIONS
from .wire import Knock, frame

if TYPE_CHECKING:
    from .server import Refusal

WAIT_POLL = 0.05


def say(message: str) -> None:
    print(f"life2: {message}", file=sys.stderr, flush=True)


def look_of(look: str, baud: int, phosphor: str, sound: bool, erase: str = "_") -> dict[str, Any]:
    """What a page is told of its terminal: the look and its settings."""
    colour = PHOSPHORS[phosphor].color if look == "crt" else None
    return {"look": look, "baud": baud, "phosphor": colour, "sound": sound, "erase": erase}


class WebSeat(WebLine):
    """A player at a page served by life2; the game starts once they have sat down."""

    DESCRIPTION = "a player at a web browser, who opens the page life2 serves and gives the seat's code"
    OPTIONS = WEB_OPTIONS

    def __init__(
        self,
        port: int,
        *,
        bind: str = "127.0.0.1",
        code: str | None = CODE.default,
        look: str = LOOK.default,
        baud: int = BAUD.default,
        phosphor: str = PHOSPHOR.default,
        sound: bool = SOUND.default,
        erase: str = ERASE.default,
    ) -> None:
        try:
            self.code = seat_code(code, bind)
        except ValueError as exc:
            raise OSError(str(exc)) from None
        super().__init__(LinePace(baud or None), look_of(look, baud, phosphor, sound, erase))
        self.door = Door()
        from .server import WebServer  # aiohttp, when a web seat is made

        self.server = WebServer(self)
        try:
            host, port = self.server.run_in_thread(bind, port)
        except OSError as exc:
            why = exc.strerror or str(exc)
            raise OSError(f"cannot listen on {bind} port {port}: {why}") from None
        shown = f"[{host}]" if ":" in host else host
        link = f"http://{shown}:{port}/" + (f"?code={self.code}" if self.code else "")
        code_said = f" (code {self.code})" if self.code else " (no code)"
        say(f"waiting for a web player on {host} port {port}{code_said}: {link}")
        try:
            while not self.seated_once:
                time.sleep(WAIT_POLL)
        except BaseException:
            self.server.stop_thread()
            raise
        say(f"the web player on port {port} sat down from {self.holder.address if self.holder else '?'}")
        self.port = port

    def admit(self, knock: Knock, address: str) -> WebLine | Refusal:
        from .server import Refusal
        from .wire import SEAT_TAKEN, WRONG_CODE

        if not knock.code and self.code is not None:
            return Refusal(WRONG_CODE, "no code", retry=True, said=frame("door", "code"))
        if not self.door.opens(self.code, knock.code, address):
            return Refusal(WRONG_CODE, "wrong code", retry=True, said=frame("door", "wrong"))
        if self.holder is not None:
            return Refusal(SEAT_TAKEN, "the seat is taken")
        return self

    def asks(self) -> str:
        return frame("door", "code")

    def welcome(self, line: WebLine) -> dict[str, object]:
        return dict(self.look)

    def set_erase(self, key: str) -> None:
        self.look["erase"] = key

    def close(self) -> None:
        super().close()
        # the page is given its last frames (bounded), then the server stops
        until = time.monotonic() + 2
        while self.holder is not None and time.monotonic() < until:
            time.sleep(WAIT_POLL)
        self.server.stop_thread()
