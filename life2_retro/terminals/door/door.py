"""The door: connections knock, give the seat's code, and one of them holds the seat.

The door serves its port on a thread of its own, so a knock is answered and a
holder's output is sent whatever the game is doing (a console seat reading
its player's keys, a window drawing). The game talks to the holder through
two bounded queues: `send` never waits, and `take_keys` waits only as long as
it is told to.

A connection is a knock until it gives the code. What it sent before it was
asked (a short while after it connected, or after the wait a wrong code
earned) is thrown away; a knock has a few tries and `code_wait` seconds in
all; several may knock at once, and none keeps another out. The first to give
the code holds the seat; while it does, a new connection is told the seat is
taken and closed at once, and every knock still at the door with it.

A holder is away, exactly as if its connection had dropped, when it closes,
when the system gives its connection up (TCP keepalive, with timings from
`stall`: a client gone without a word is found within about `stall` seconds),
when its output has waited `stall` seconds untaken, or when more output waits
than the queue holds (a client that asks for replies and reads none). The
seat then waits for its code again, and `lost_at` is when it went: only a
connection that sits down ends the wait.
"""

from __future__ import annotations

import contextlib
import os
import select
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from ..serial.discipline import LineDiscipline
from .address import host_of, named
from .codes import Penalties, matches
from .notices import DoorNotices


class Framing(Protocol):
    """A connection's wire format as the door sees it: keys in, bytes out. Telnet's (negotiation,
    CR NUL) and a WebSocket's (a handshake, frames) are the door's only difference."""

    def greeting(self) -> bytes:
        """What is sent as the connection is taken (telnet's offer of echo and no go-ahead)."""
        ...

    def feed(self, data: bytes) -> tuple[bytes, bytes]:
        """Bytes from the client: (the keys typed, what must be sent back at once)."""
        ...

    def frame(self, data: bytes) -> bytes:
        """Text for the client, framed for the wire."""
        ...


@dataclass(frozen=True)
class DoorRules:
    code: str | None
    """The code that sits down; None: the first connection sits down (loopback binds only)."""
    code_wait: float = 60.0
    """Seconds a knock has to give the code before it is closed."""
    stall: float = 20.0
    """Seconds a holder's output may wait untaken, and about how long a dead connection goes unseen."""
    settle: float = 0.2
    """Seconds after a connection before it is asked: what it sends meanwhile was typed ahead."""
    tries: int = 3
    """Wrong codes a connection may give before it is closed."""
    knocks: int = 16
    """Connections at the door at once, at most (4 from one address)."""
    queue: int = 65536
    """Bytes of output a holder may leave waiting; more and it is away."""


class Away(Exception):
    """Nobody holds the seat now (or not the holder the caller was talking to)."""


KNOCKS_PER_HOST = 4
KNOCK_QUEUE = 4096
"""Bytes a knock may leave untaken (the door's few words and its negotiation) before it is closed."""
INBOX = 4096
"""Keys from the holder kept until the game reads them; more are dropped, as a full line drops them."""
READ = 65536
TICK = 0.25
"""Seconds the door sleeps at most: its clocks (a knock's time, a stall, the notices) are looked at."""
CTRL_C = 0x03


@dataclass(eq=False)
class _Link:
    """One connection: a knock, or the holder."""

    sock: socket.socket
    peer: str
    host: str
    framing: Framing
    opened: float
    out: bytearray = field(default_factory=bytearray)
    moved: float = 0.0
    """When the output last moved (or began to wait): the stall clock."""
    ask_at: float = 0.0
    asked: bool = False
    tries: int = 0
    line: LineDiscipline = field(default_factory=LineDiscipline)
    inbox: bytearray = field(default_factory=bytearray)
    doomed: str | None = None
    """Why the game found the holder away (its queue full): the door closes it next."""


def keep_alive(sock: socket.socket, stall: float) -> None:
    """TCP keepalive with short timings, so a connection whose client vanished (no FIN: unplugged, a
    laptop shut) is given up in about `stall` seconds, and a small send buffer, so untaken output is
    seen soon: it waits in the door's queue, not in the system's."""
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1)
    idle, interval = max(1, int(stall / 2)), max(1, int(stall / 6))
    for name, value in (("TCP_KEEPIDLE", idle), ("TCP_KEEPINTVL", interval), ("TCP_KEEPCNT", 3)):
        if hasattr(socket, name):
            sock.setsockopt(socket.IPPROTO_TCP, getattr(socket, name), value)
    if hasattr(socket, "TCP_USER_TIMEOUT"):  # output sent and never acknowledged: the same end
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_USER_TIMEOUT, int(stall * 1000))
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 32768)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)


def _why(exc: OSError) -> str:
    return os.strerror(exc.errno) if exc.errno else str(exc)


class Door:
    """One seat's port: knocks, the holder, and the host's notices."""

    def __init__(
        self,
        listener: socket.socket,
        rules: DoorRules,
        framing: Callable[[], Framing],
        who: str,
        say: Callable[[str], None],
    ) -> None:
        self.listener = listener
        self.rules = rules
        self.who = who
        self.notices = DoorNotices(who, say)
        self.penalties = Penalties()
        self.generation = 0
        """Counts the connections that sat down: the game talks to one of them."""
        self.lost_at: float | None = None
        """When the last holder went away (time.monotonic()); None while nobody ever left."""
        self.failure: str | None = None
        self._framing = framing
        self._changed = threading.Condition()
        self._holder: _Link | None = None
        self._knocks: list[_Link] = []
        self._closing = False
        self._wake_in, self._wake_out = socket.socketpair()
        self._wake_in.setblocking(False)
        self._wake_out.setblocking(False)
        self._thread = threading.Thread(target=self._serve, name=f"door of {who}", daemon=True)
        self._thread.start()

    # -- the game's side ------------------------------------------------------------------------

    @property
    def held(self) -> bool:
        with self._changed:
            return self._holder is not None and self._holder.doomed is None

    def wait_seated(self, known: int, wait: float) -> int | None:
        """The generation of a holder other than `known` once one sits down, waiting at most `wait`
        seconds; None if nobody did."""
        with self._changed:
            self._changed.wait_for(lambda: self._seated_since(known) or self.failure is not None, wait)
            self._check()
            return self.generation if self._seated_since(known) else None

    def send(self, generation: int, data: bytes) -> None:
        """Framed bytes for the holder, queued; Away if it is gone or would leave too much untaken."""
        with self._changed:
            holder = self._current(generation)
            if len(holder.out) + len(data) > self.rules.queue:
                holder.doomed = f"more than {self.rules.queue} bytes of output untaken"
                self.lost_at = time.monotonic()
                self._wake()
                raise Away
            if not holder.out:
                holder.moved = time.monotonic()
                self._wake()
            holder.out += data

    def take_keys(self, generation: int, wait: float = 0.0) -> bytes:
        """The keys the holder typed since last asked, waiting at most `wait` seconds for some; Away if
        it is gone."""
        with self._changed:
            holder = self._current(generation)
            if not holder.inbox and wait > 0:
                self._changed.wait(wait)
                holder = self._current(generation)
            keys = bytes(holder.inbox)
            holder.inbox.clear()
            return keys

    def flush(self, wait: float) -> None:
        """Wait at most `wait` seconds for the holder to take its output (the game's last words)."""
        with self._changed:
            self._changed.wait_for(lambda: self._holder is None or not self._holder.out, wait)

    def close(self, flush_for: float = 2.0) -> None:
        if self._thread.is_alive():
            self.flush(flush_for)
        with self._changed:
            self._closing = True
        self._wake()
        self._thread.join(timeout=5)
        for link in [*self._knocks, *([self._holder] if self._holder else [])]:
            link.sock.close()
        self._knocks.clear()
        self._holder = None
        for sock in (self.listener, self._wake_in, self._wake_out):
            sock.close()

    def _seated_since(self, known: int) -> bool:
        return self._holder is not None and self._holder.doomed is None and self.generation != known

    def _current(self, generation: int) -> _Link:
        self._check()
        holder = self._holder
        if holder is None or holder.doomed is not None or generation != self.generation:
            raise Away
        return holder

    def _check(self) -> None:
        if self.failure is not None:
            raise OSError(self.failure)

    def _wake(self) -> None:
        with contextlib.suppress(OSError):  # full: it is awake already
            self._wake_out.send(b"!")

    # -- the door's thread ----------------------------------------------------------------------

    def _serve(self) -> None:
        try:
            while True:
                with self._changed:
                    if self._closing:
                        return
                    links = self._links()
                    timeout = self._timeout(time.monotonic())
                poller = select.poll()
                poller.register(self.listener, select.POLLIN)
                poller.register(self._wake_in, select.POLLIN)
                by_fd: dict[int, _Link] = {}
                for link in links:
                    by_fd[link.sock.fileno()] = link
                    poller.register(link.sock, select.POLLIN | (select.POLLOUT if link.out else 0))
                events = poller.poll(int(timeout * 1000) + 1)
                with self._changed:
                    now = time.monotonic()
                    for fd, mask in events:
                        if fd == self._wake_in.fileno():
                            with contextlib.suppress(OSError):
                                self._wake_in.recv(4096)
                        elif fd == self.listener.fileno():
                            self._accept(now)
                        elif (found := by_fd.get(fd)) is not None and self._is_open(found):
                            link = found
                            if mask & select.POLLOUT:
                                self._write(link, now)
                            if mask & ~select.POLLOUT and self._is_open(link):
                                self._read(link, now)
                    self._clocks(now)
                    self._changed.notify_all()
        except Exception as exc:  # the game must hear of it, not wait for a seat for ever
            with self._changed:
                self.failure = f"the door of {self.who}'s seat failed: {exc!r}"
                self._changed.notify_all()

    def _links(self) -> list[_Link]:
        return [*self._knocks, *([self._holder] if self._holder is not None else [])]

    def _is_open(self, link: _Link) -> bool:
        return link is self._holder or link in self._knocks

    def _timeout(self, now: float) -> float:
        times = [now + TICK]
        for knock in self._knocks:
            times.append(knock.opened + self.rules.code_wait)
            if not knock.asked:
                times.append(knock.ask_at)
        holder = self._holder
        if holder is not None and holder.out:
            times.append(holder.moved + self.rules.stall)
        return max(0.0, min(times) - now)

    def _accept(self, now: float) -> None:
        for _ in range(16):
            try:
                sock, address = self.listener.accept()
            except (BlockingIOError, InterruptedError):
                return
            except OSError:  # out of descriptors, say: the connection waits in the backlog
                time.sleep(0.05)
                return
            self._arrive(sock, address, now)

    def _arrive(self, sock: socket.socket, address: tuple[str, int], now: float) -> None:
        try:
            sock.setblocking(False)
            keep_alive(sock, self.rules.stall)
        except OSError:  # gone already
            sock.close()
            return
        link = _Link(sock, named(address), host_of(address), self._framing(), now)
        if self._holder is not None:
            self._turn_away(link, "the seat is taken", now)
        elif len(self._knocks) >= self.rules.knocks or (
            sum(knock.host == link.host for knock in self._knocks) >= KNOCKS_PER_HOST
        ):
            self._turn_away(link, "too many at the door", now)
        else:
            link.out += link.framing.greeting()
            link.ask_at = now + max(self.rules.settle, self.penalties.left(link.host, now))
            self._knocks.append(link)

    def _turn_away(self, link: _Link, why: str, now: float) -> None:
        text = f"\r\nlife2: {self.who}'s seat: {why}; try again later.\r\n"
        self._close(link, link.framing.frame(text.encode()))
        self.notices.knock(f"turned away ({why})", link.peer, link.host, now)

    def _close(self, link: _Link, last_words: bytes = b"") -> None:
        """Closed with its last words sent if they fit (FIN after them), what it sent thrown away."""
        if link in self._knocks:
            self._knocks.remove(link)
        with contextlib.suppress(OSError):
            link.sock.send(bytes(link.out + last_words))
        with contextlib.suppress(OSError):
            link.sock.shutdown(socket.SHUT_WR)
        with contextlib.suppress(OSError):
            link.sock.recv(READ)
        link.sock.close()

    def _write(self, link: _Link, now: float) -> None:
        try:
            sent = link.sock.send(link.out[:READ])
        except (BlockingIOError, InterruptedError):
            return
        except OSError as exc:
            self._lose(link, _why(exc), now)
            return
        del link.out[:sent]
        link.moved = now

    def _read(self, link: _Link, now: float) -> None:
        try:
            data = link.sock.recv(READ)
        except (BlockingIOError, InterruptedError):
            return
        except OSError as exc:
            self._lose(link, _why(exc), now)
            return
        if not data:
            self._lose(link, "closed by the client", now)
            return
        keys, reply = link.framing.feed(data)
        link.out += reply
        if link is self._holder:
            room = max(0, INBOX - len(link.inbox))
            link.inbox += keys[:room]
            if CTRL_C in keys[room:]:  # a Ctrl-C is never dropped
                link.inbox.append(CTRL_C)
            if len(link.out) > self.rules.queue:
                self._drop_holder(f"more than {self.rules.queue} bytes of output untaken", now)
        elif len(link.out) > KNOCK_QUEUE:
            self._close(link)
            self.notices.knock("closed (it took none of its output)", link.peer, link.host, now)
        elif link.asked:
            self._typed_at_door(link, keys, now)
        # not asked yet: typed ahead, thrown away

    def _lose(self, link: _Link, why: str, now: float) -> None:
        if link is self._holder:
            self._drop_holder(why, now)
        else:
            self._close(link)
            self.notices.knock("left without the code", link.peer, link.host, now)

    def _drop_holder(self, why: str, now: float) -> None:
        holder, self._holder = self._holder, None
        if holder is None:
            return
        holder.sock.close()
        self.lost_at = now
        self.notices.event(
            f"{self.who}'s connection from {holder.peer} went away ({why}); the seat waits for its code"
        )

    def _typed_at_door(self, knock: _Link, keys: bytes, now: float) -> None:
        typed = knock.line.feed(keys)
        if typed.interrupted:
            self._close(knock, b"\r\n")
            self.notices.knock("left (Ctrl-C)", knock.peer, knock.host, now)
            return
        for line in typed.lines:
            if not line.strip():
                self._ask(knock)
                continue
            if self.rules.code is not None and matches(line, self.rules.code):
                self._sit_down(knock, now)
            else:
                self._wrong(knock, now)
            return

    def _ask(self, knock: _Link) -> None:
        knock.out += knock.framing.frame(f"\r\nlife2: {self.who}'s seat. code? ".encode())
        knock.asked = True

    def _wrong(self, knock: _Link, now: float) -> None:
        knock.tries += 1
        wait = self.penalties.wrong(knock.host, now)
        if knock.tries >= self.rules.tries:
            self._close(knock, knock.framing.frame(b"\r\nwrong code; goodbye.\r\n"))
            self.notices.knock(f"{knock.tries} wrong codes, closed", knock.peer, knock.host, now)
            return
        knock.out += knock.framing.frame(b"\r\nwrong code.\r\n")
        knock.asked = False  # what it types while it waits is thrown away, as before the first ask
        knock.line.discard()
        knock.ask_at = now + wait
        self.notices.knock("a wrong code", knock.peer, knock.host, now)

    def _sit_down(self, knock: _Link, now: float) -> None:
        self.penalties.right(knock.host)
        self._knocks.remove(knock)
        if self.rules.code is not None:
            knock.out += knock.framing.frame(b"\r\n")
        knock.moved = now
        self._holder = knock
        self.generation += 1
        if self.lost_at is None:
            self.notices.event(f"{self.who} sat down from {knock.peer}")
        else:
            self.notices.event(
                f"{self.who} is back, from {knock.peer}, {now - self.lost_at:.1f} s after going away"
            )
        for other in list(self._knocks):
            self._turn_away(other, "the seat is taken", now)

    def _clocks(self, now: float) -> None:
        holder = self._holder
        if holder is not None:
            if holder.doomed is not None:
                self._drop_holder(holder.doomed, now)
            elif holder.out and now - holder.moved >= self.rules.stall:
                self._drop_holder(f"it took none of its output for {self.rules.stall:g} s", now)
        for knock in list(self._knocks):
            if knock not in self._knocks:  # turned away: someone sat down meanwhile
                continue
            if now - knock.opened >= self.rules.code_wait:
                self._close(
                    knock,
                    knock.framing.frame(f"\r\nno code in {self.rules.code_wait:g} s; goodbye.\r\n".encode()),
                )
                self.notices.knock(f"no code in {self.rules.code_wait:g} s", knock.peer, knock.host, now)
            elif not knock.asked and now >= knock.ask_at:
                left = self.penalties.left(knock.host, now)
                if left > 0:
                    knock.ask_at = now + left
                elif self.rules.code is None:
                    self._sit_down(knock, now)
                else:
                    self._ask(knock)
        self.notices.tick(now)
