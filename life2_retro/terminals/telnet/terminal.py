"""A player at any telnet client: life2 listens on a port, and the player connects to it.

The server negotiates what a game needs (protocol.py): the client sends each
key as it is struck and echoes nothing, so a move is typed unseen unless
`echo` is on. The keys then go through the serial line's discipline
(discipline.py), with its 1970s conventions: RUBOUT and Ctrl-U edit, Ctrl-C
stops the game, lower case is folded, a line holds 72 characters, and every
other control byte is dropped, so nothing a player types ever reaches anyone
as a control sequence. The output is shaped as on a line (CR LF, printable
ASCII only), without fill characters: a network needs no time for a carriage.

It listens on 127.0.0.1 unless `bind` says otherwise: a game is offered to
the network only when asked. When the connection drops, the game waits: the
next client to connect to the port takes the seat, is shown where the game
is (the board and the prompt waiting, as the program marked them), and the
game goes on; a seat's watch (seats.py) tells the other players meanwhile.
"""

from __future__ import annotations

import contextlib
import os
import select
import sys
import time
from typing import TYPE_CHECKING

from ..base import IdleTimeout, KeyHook, LineInterrupted
from ..options import Option
from ..redisplay import RedisplayingTerminal
from ..serial.discipline import LineDiscipline, LineOutput
from .protocol import OFFER, TelnetReader, to_client

if TYPE_CHECKING:
    import socket

POLL = 0.02
"""Seconds a look at the socket waits: short, so a seat's watch hears of a wait promptly."""


def _port_number(text: str) -> int:
    number = int(text)
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
    "the address to listen on (default 127.0.0.1, this machine only; 0.0.0.0 offers the game to the network)",
    default="127.0.0.1",
    metavar="ADDRESS",
)
ECHO = Option(
    "echo",
    "echo each key to the client (off by default, so the opponent cannot read the move)",
    default=False,
    kind=bool,
)


class ConnectionLost(OSError):
    """The client went away."""


def say(message: str) -> None:
    print(f"life2: {message}", file=sys.stderr, flush=True)


class TelnetTerminal(RedisplayingTerminal):
    """The game's terminal is a telnet client; the game starts once it has connected."""

    DESCRIPTION = "a player at a telnet client, who connects to the port life2 listens on"
    OPTIONS = (PORT, BIND, ECHO)

    def __init__(self, port: int, *, bind: str = BIND.default, echo: bool = ECHO.default) -> None:
        super().__init__()
        self.output = LineOutput(0, 0)
        self.discipline = LineDiscipline(echo=echo)
        self._lines: list[bytes] = []
        self._connection: socket.socket | None = None
        self._reader = TelnetReader()
        import socket  # here, not at the top: the command line reads this module for its settings

        try:
            self._listener = socket.create_server((bind, port))
        except OSError as exc:  # the system's words for it, without Python's note of the address
            why = os.strerror(exc.errno) if exc.errno else str(exc)
            raise OSError(f"cannot listen on {bind} port {port}: {why}") from None
        self.address = self._listener.getsockname()[:2]
        self._listener.setblocking(False)
        say(f"waiting for a telnet player on {self.address[0]} port {self.address[1]}")
        while not self._accept(None):
            pass
        say(f"the telnet player on port {self.address[1]} is here; Ctrl-C here ends the game")

    # -- the terminal contract ------------------------------------------------------------------

    def write(self, data: bytes, on_key: KeyHook | None = None) -> None:
        self.remember(data)
        try:
            self._take(self._receive(0.0))
            self._send(self.output.shape(data))
        except ConnectionLost:
            self._recover()

    def echo(self, data: bytes) -> None:
        """The program's echo of the whole line: the discipline has echoed each key (or not)."""

    def read_line(self, idle_seconds: float | None = None) -> bytes | None:
        last_key = time.monotonic()
        while not self._lines:
            try:
                if self._take(self._receive(POLL)):
                    last_key = time.monotonic()
            except ConnectionLost:
                self._recover()
                last_key = time.monotonic()  # the time away is not the player's
            if self.meanwhile is not None:
                self.meanwhile()
            if idle_seconds is not None and time.monotonic() - last_key >= idle_seconds:
                self.discard_input()
                raise IdleTimeout
        return self._lines.pop(0)

    def idle(self, seconds: float, on_key: KeyHook | None = None) -> None:
        until = time.monotonic() + seconds
        while time.monotonic() < until:
            try:
                if self._take(self._receive(min(POLL, max(0.0, until - time.monotonic())))) and on_key:
                    on_key()
            except ConnectionLost:
                self._recover()

    def discard_input(self) -> None:
        self.discipline.discard()
        self._lines.clear()

    def close(self) -> None:
        self._drop()
        self._listener.close()

    # -- the connection -------------------------------------------------------------------------

    def _accept(self, wait: float | None) -> bool:
        """A client, if one connects within `wait` seconds (None: a poll's worth); True if one did."""
        if not select.select([self._listener], [], [], POLL if wait is None else wait)[0]:
            return False
        try:
            connection, _ = self._listener.accept()
        except (BlockingIOError, InterruptedError):
            return False
        connection.setblocking(True)
        import socket

        connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self._connection = connection
        self._reader = TelnetReader()
        self.discipline.discard()
        self._send(OFFER, raw=True)
        return True

    def _drop(self) -> None:
        connection, self._connection = self._connection, None
        if connection is not None:
            connection.close()

    def _receive(self, wait: float) -> bytes:
        """What the client sent, waiting at most `wait` seconds for it; ConnectionLost if it left."""
        connection = self._connection
        if connection is None:
            raise ConnectionLost("no client")
        if not select.select([connection], [], [], wait)[0]:
            return b""
        try:
            data = connection.recv(4096)
        except OSError as exc:
            raise ConnectionLost(str(exc)) from None
        if not data:
            raise ConnectionLost("the client closed the connection")
        received = self._reader.feed(data)
        if received.reply:
            self._send(received.reply, raw=True)
        return received.keys

    def _send(self, data: bytes, raw: bool = False) -> None:
        connection = self._connection
        if connection is None:
            raise ConnectionLost("no client")
        try:
            connection.sendall(data if raw else to_client(data))
        except OSError as exc:
            raise ConnectionLost(str(exc)) from None

    def _take(self, keys: bytes) -> bool:
        """Typed keys: lines to hand over, an echo to send, or the game to stop; True if any key
        counted (noise does not)."""
        if not keys:
            return False
        keyed = self.discipline.feed(keys)
        if keyed.interrupted:
            with contextlib.suppress(ConnectionLost):  # stopping anyway
                self._send(b"\r\n")
            say("the telnet player stopped the game (Ctrl-C)")
            raise LineInterrupted
        self._lines += keyed.lines
        if keyed.echo:
            self._send(self.output.shape(keyed.echo))
        return keyed.keys > 0

    def _recover(self) -> None:
        """The client went away: wait for one to connect, then show it where the game is."""
        self._drop()
        self.discard_input()
        say(f"the telnet player on port {self.address[1]} went away; waiting for one to connect")
        lost_at = time.monotonic()
        while True:
            while not self._accept(None):
                if self.watch is not None:
                    self.watch.away(time.monotonic() - lost_at)
            try:
                self._send(self.output.shape(b"\r\n" + self.redisplay()))
            except ConnectionLost:
                self._drop()
                continue
            say(f"a telnet player is back on port {self.address[1]} after {time.monotonic() - lost_at:.1f} s")
            if self.watch is not None:
                self.watch.back()
            return
