"""A player at any telnet client: life2 listens on a port, and the player connects to it.

The port is a door (door/): a connection is asked for the seat's code before
anything of the game is sent, and the one that gives it holds the seat. The
server negotiates what a game needs (protocol.py): the client sends each key
as it is struck and echoes nothing, so a move is typed unseen unless `echo`
is on. The keys then go through the serial line's discipline (discipline.py),
with its 1970s conventions: RUBOUT and Ctrl-U edit, Ctrl-C stops the game,
lower case is folded, a line holds 72 characters, and every other control
byte is dropped, so nothing a player types ever reaches anyone as a control
sequence. The output is shaped as on a line (CR LF, printable ASCII only),
without fill characters: a network needs no time for a carriage.

It listens on 127.0.0.1 unless `bind` says otherwise: a game is offered to
the network only when asked. When the holder goes away (its connection
dropped, or its output left untaken), the game waits: the next connection to
give the code takes the seat back, is shown where the game is (the board and
the prompt waiting, as the program marked them), and the game goes on; a
seat's watch (seats.py) tells the other players meanwhile.
"""

from __future__ import annotations

import contextlib
import sys
import threading
import time

from ..base import IdleTimeout, KeyHook, LineInterrupted
from ..door.address import bind_address, door_of, is_loopback, listen
from ..door.codes import code_setting
from ..door.door import Away, Door, DoorRules
from ..options import Option
from ..redisplay import RedisplayingTerminal
from ..serial.discipline import CTRL_C, LineDiscipline, LineOutput
from .protocol import TelnetFraming, to_client

POLL = 0.02
"""Seconds a look for keys waits: short, so a seat's watch hears of a wait promptly."""


def _port_number(text: str) -> int:
    number = int(text) if text.strip().isascii() and text.strip().isdigit() else -1
    if not 0 <= number <= 65535:
        raise ValueError(text)
    return number


PORT = Option(
    "port",
    "the TCP port to listen on (0: any free one, named on stderr)",
    required=True,
    parse=_port_number,
    allows="a port number from 0 to 65535",
    metavar="PORT",
    written="2323",
)
BIND = Option(
    "bind",
    "the address to listen on (default 127.0.0.1, this machine only; 0.0.0.0 or :: offers the game to "
    "the network)",
    default="127.0.0.1",
    parse=bind_address,
    allows="an IP address of this machine, as 127.0.0.1, ::1, 0.0.0.0 or ::, or localhost",
    metavar="ADDRESS",
)
ECHO = Option(
    "echo",
    "echo each key to the client (off by default, so the opponent cannot read the move)",
    default=False,
    kind=bool,
)
CODE = Option(
    "code",
    "what a player types to sit down (default: six digits made at the start and shown on stderr); "
    "none: no code, for a seat on this machine only",
    default=None,
    parse=code_setting,
    allows="letters, digits, spaces and dashes, up to 32, or none",
    metavar="CODE",
)


def _seconds(value: object) -> float:
    """A wait from 1 s to an hour, written as text or a number (`inf`, `nan` and 5,000 figures are not)."""
    if isinstance(value, bool) or not isinstance(value, str | int | float):
        raise ValueError
    seconds = float(value)
    if not 1 <= seconds <= 3600:  # nan too: it compares false with everything
        raise ValueError
    return seconds


CODE_WAIT = Option(
    "code_wait",
    "seconds a connection has to give the code before it is closed",
    default=60.0,
    convert=_seconds,
    allows="a number of seconds from 1 to 3600",
    metavar="SECONDS",
)
STALL = Option(
    "stall",
    "seconds a player's client may leave its output untaken, or go unheard, before the seat is away",
    default=20.0,
    convert=_seconds,
    allows="a number of seconds from 1 to 3600",
    metavar="SECONDS",
)
SEAT = Option("seat", "the player whose seat it is, named in the host's notices", default=None, internal=True)


_SAYING = threading.Lock()


def say(message: str) -> None:
    """A line on stderr for the host; each seat's door says its own from its own thread, whole."""
    with _SAYING:
        sys.stderr.write(f"life2: {message}\n")
        sys.stderr.flush()


class TelnetTerminal(RedisplayingTerminal):
    """The game's terminal is a telnet client; the game's first bytes wait until it has sat down."""

    DESCRIPTION = "a player at a telnet client, who connects to the port life2 listens on"
    OPTIONS = (PORT, BIND, ECHO, CODE, CODE_WAIT, STALL, SEAT)

    def __init__(
        self,
        port: int,
        *,
        bind: str = BIND.default,
        echo: bool = ECHO.default,
        code: str | None = CODE.default,
        code_wait: float = CODE_WAIT.default,
        stall: float = STALL.default,
        seat: int | None = SEAT.default,
    ) -> None:
        super().__init__()
        self.output = LineOutput(0, 0)
        self.discipline = LineDiscipline(echo=echo)
        self._lines: list[bytes] = []
        self._interrupted = False
        address, self.code = door_of(bind, code, BIND.allows)
        self.who = f"player {seat}" if seat else "the player"
        listener = listen(address, port)
        self.address = listener.getsockname()[:2]
        self.bind = address
        self.door = Door(listener, DoorRules(self.code, code_wait, stall), TelnetFraming, self.who, say)
        """The seat's door: who knocks, who holds the seat, and the holder's queues."""
        self._generation = 0
        """The holder the game talks to (the door counts them): 0 until the first sits down."""
        say(self._announcement())

    def _announcement(self) -> str:
        where = f"waiting for {self.who} (telnet) on {self.address[0]} port {self.address[1]}"
        code = "no code" if self.code is None else f"code {self.code}"
        if is_loopback(self.bind):
            return f"{where}: {code}"
        return f"{where}, offered to the network (any machine that reaches this one may connect): {code}"

    def invitation(self) -> str | None:
        if self.door.held:
            return None
        code = ", no code" if self.code is None else f", code {self.code}"
        return f"telnet {self.address[0]} {self.address[1]}{code}"

    def present(self) -> bool:
        return self._generation > 0 or self.door.held

    # -- the terminal contract ------------------------------------------------------------------

    def write(self, data: bytes, on_key: KeyHook | None = None) -> None:
        self.remember(data)
        self._first_player()
        try:
            self._take(self.door.take_keys(self._generation))
            self._send(self.output.shape(data))
        except Away:
            self._recover()

    def echo(self, data: bytes) -> None:
        """The program's echo of the whole line: the discipline has echoed each key (or not)."""

    def read_line(self, idle_seconds: float | None = None) -> bytes | None:
        self._first_player()
        last_key = time.monotonic()
        while not self._lines:
            try:
                if self._take(self.door.take_keys(self._generation, POLL)):
                    last_key = time.monotonic()
            except Away:
                self._recover()
                last_key = time.monotonic()  # the time away is not the player's
            if self.meanwhile is not None:
                self.meanwhile()
            if idle_seconds is not None and time.monotonic() - last_key >= idle_seconds:
                self.discard_input()
                raise IdleTimeout
        return self._lines.pop(0)

    def idle(self, seconds: float, on_key: KeyHook | None = None) -> None:
        self._first_player()
        until = time.monotonic() + seconds
        while (left := until - time.monotonic()) > 0:
            try:
                if self._take(self.door.take_keys(self._generation, min(POLL, left))) and on_key:
                    on_key()
            except Away:
                self._recover()

    def tend(self) -> None:
        """Another seat's turn: a Ctrl-C typed here is seen now; a drop is seen at the next write."""
        if self._generation:
            with contextlib.suppress(Away):
                self._take(self.door.take_keys(self._generation))

    def discard_input(self) -> None:
        """Keys typed and not read are dropped, as a line not listening drops them (a Ctrl-C stays)."""
        self.discipline.discard()
        self._lines.clear()
        if self._generation:
            with contextlib.suppress(Away):
                self._interrupted |= CTRL_C in self.door.take_keys(self._generation)

    def tell(self, text: str) -> None:
        """Sent if the player is there; nobody is waited for if not."""
        with contextlib.suppress(Away):
            self._send(self.output.shape(b"\r\n" + text.encode("ascii", "replace") + b"\r\n"))

    def close(self) -> None:
        self.door.close()

    # -- the connection -------------------------------------------------------------------------

    def _send(self, data: bytes) -> None:
        self.door.send(self._generation, to_client(data))

    def _first_player(self) -> None:
        """The game's first bytes wait for a player to sit down (as long as it takes)."""
        while not self._generation:
            self._generation = self.door.wait_seated(0, POLL) or 0

    def _take(self, keys: bytes) -> bool:
        """Typed keys: lines to hand over, an echo to send, or the game to stop; True if any key
        counted (noise does not)."""
        if self._interrupted:
            keys = bytes([CTRL_C])
        if not keys:
            return False
        keyed = self.discipline.feed(keys)
        if keyed.interrupted:
            self._interrupted = False
            with contextlib.suppress(Away):  # stopping anyway
                self._send(b"\r\n")
            if self.watch is None:  # a seat's game says who ended it (seats.py)
                say(f"{self.who} stopped the game (Ctrl-C)")
            raise LineInterrupted
        self._lines += keyed.lines
        if keyed.echo:
            self._send(self.output.shape(keyed.echo))
        return keyed.keys > 0

    def _recover(self) -> None:
        """The holder went away: wait for the code again, then show the player where the game is. The
        wait runs from the drop; connections that never sit down do not restart it."""
        self.discipline.discard()
        self._lines.clear()
        self._interrupted = False
        lost_at = self.door.lost_at or time.monotonic()
        while True:
            while (generation := self.door.wait_seated(self._generation, POLL)) is None:
                if self.watch is not None:
                    self.watch.away(time.monotonic() - lost_at)
            self._generation = generation
            try:
                self._send(self.output.shape(b"\r\n" + self.redisplay()))
            except Away:
                continue
            if self.watch is not None:
                self.watch.back()
            return
