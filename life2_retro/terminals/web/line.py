"""The terminal a game writes to when its player is a page: a line that never waits for the page.

The game's thread writes and reads here; the server's loop (server.py) takes
the output off the line at the line's pace and hands typed lines in. The two
meet only under this line's lock, in small steps, so neither waits for the
other: a page that stops reading, or goes away, costs the game nothing.

The output goes through the one throttle (pacing.py): the page is sent each
character when its time on a 110-baud line is over, the carriage's return
included, and prints it as it comes. What is held is bounded: a program that
prints faster than the line for longer than OUTPUT_LIMIT bytes has its
backlog cut short, and the page is sent the game as it stands instead (the
picture the program marked: the board and the prompt waiting), printed at
once. A page that comes back after a drop or a reload gets the same.

A line is read only once the prompt that asks for it has gone out, and a
line the page sends when none is asked is dropped, as a line not listening
drops keys: nothing typed ahead of a prompt answers it.
"""

from __future__ import annotations

import queue
import threading
import time
from collections import deque
from typing import Protocol

from ..base import IdleTimeout, KeyHook, LineInterrupted, TerminalClosed
from ..pacing import LinePace, Throttle, WallClock
from ..redisplay import RedisplayingTerminal
from ..serial.discipline import LineOutput
from .wire import frame

POLL = 0.05
"""Seconds a wait for a typed line looks again at the seat's state (away, idle, the other seats)."""
LONG_WAIT = 5.0
"""Seconds a line with nobody to watch (no other seats, no watch) sleeps between looks."""
OUTPUT_LIMIT = 16_384
"""Bytes the line holds for its page at most: a LIFE2 board is about 400, a whole game's paper about 6,000."""


class Page(Protocol):
    """The server's side of one page (server.py), as the line knows it."""

    address: str


class HungUp(TerminalClosed):
    """The server ended the game at this line (a visitor gone for good, the server stopping)."""


_BREAK = object()
_HANG_UP = object()


class WebLine(RedisplayingTerminal):
    """A page's terminal: output paced to the page, lines from it; held by one page at a time.

    `baton`: many games in one process (life2 serve) each run in a thread of their own; a game holds
    the baton while it computes and lets it go while it waits for its player, so one game at a time
    competes with the server's loop for the interpreter, and the loop keeps every line's pace
    however many computer players think at once (without it, a hundred threads thinking make the
    loop wait its turn behind each of them)."""

    DESCRIPTION = "a page in a web browser (the line's end; the seat is web)"

    def __init__(
        self,
        pace: LinePace,
        look: dict[str, object],
        clock: WallClock | None = None,
        baton: threading.Semaphore | None = None,
    ) -> None:
        super().__init__()
        self.look = look
        self.baton = baton
        """What the page is told when it sits down: the look and its settings, the line's speed."""
        self._lock = threading.Lock()
        self._throttle = Throttle(pace, clock or WallClock())
        self._shape = LineOutput(0, 0)
        self._fed = 0
        self._sent = 0
        self._held: deque[tuple[int, str]] = deque()
        """Frames for the page that wait for the output written before them: (bytes fed, frame)."""
        self._typed: queue.SimpleQueue[object] = queue.SimpleQueue()
        self._asking = ""
        """"shown" or "hidden" while the game reads a line here, "" otherwise."""
        self._read_open = False
        """The page has been told a line is asked, and has not yet sent it."""
        self.holder: Page | None = None
        self.seated_once = False
        self.lost_at: float | None = None
        """When the page holding the line went (None: held, or never yet)."""
        self._told_away = False
        self.over = False
        self.hung_up = False
        self._broken = False
        self.last_seen = time.monotonic()
        """When a page last held the line, or typed at it: an exhibit ends games nobody is at."""

    # -- the game's side (its own thread) ----------------------------------------------------------

    def write(self, data: bytes, on_key: KeyHook | None = None) -> None:
        self.remember(data)
        shaped = self._shape.shape(data)
        if not shaped:
            return
        with self._lock:
            self._throttle.feed(shaped)
            self._fed += len(shaped)
            if self._throttle.pending > OUTPUT_LIMIT:
                self._catch_up()

    def echo(self, data: bytes) -> None:
        """The page prints its own keys (a Model 33 is half duplex), or hides them: no echo here."""

    def status(self, text: str) -> None:
        self._after_output(frame("status", text))

    def read_line(self, idle_seconds: float | None = None) -> bytes | None:
        return self._read("hidden", idle_seconds)

    def read_shown_line(self, idle_seconds: float | None = None) -> bytes | None:
        return self._read("shown", idle_seconds)

    def tend(self) -> None:
        """Another seat is asked: this one's page may have gone, and the others are told so; a
        Ctrl-C typed here meanwhile ends the game now."""
        if self.hung_up:
            raise HungUp
        if self._broken:
            self._broken = False
            raise LineInterrupted
        self._watch_away()

    def present(self) -> bool:
        return self.seated_once

    def show_typing(self, data: bytes, on_key: KeyHook | None = None) -> None:
        """A computer player's keys: on paper they strike the blot as a person's would, then the
        carriage returns (a glass terminal shows a move typed at it nowhere)."""
        if self.look.get("look") == "teletype":
            self.write(data.upper() + b"\r", on_key)

    def idle(self, seconds: float, on_key: KeyHook | None = None) -> None:
        time.sleep(seconds)

    def stop_output(self) -> None:
        with self._lock:
            self._throttle.clear()
            self._sent = self._fed

    def discard_input(self) -> None:
        """Lines typed and not read are dropped (a Ctrl-C stays)."""
        kept = []
        while not self._typed.empty():
            typed = self._typed.get_nowait()
            if typed is _BREAK or typed is _HANG_UP:
                kept.append(typed)
        for typed in kept:
            self._typed.put(typed)

    def linger(self, seconds: float = 600.0) -> None:
        """The game is over: the page gets the rest of the paper (bounded) and is told so."""
        until = time.monotonic() + seconds
        while self.holder is not None and time.monotonic() < until:
            with self._lock:
                if self._sent >= self._fed:
                    break
            time.sleep(POLL)
        self.finish("the end")

    def finish(self, why: str) -> None:
        """No more of the game comes: the page is told once its paper is printed."""
        self.over = True
        self._after_output(frame("over", why))

    def close(self) -> None:
        if not self.over:
            self.finish("the game is over")

    def _read(self, kind: str, idle_seconds: float | None) -> bytes | None:
        self.discard_input()
        with self._lock:
            self._asking = kind
            self._held.append((self._fed, frame("read", kind)))
        last_key = time.monotonic()
        if self.baton is not None:
            self.baton.release()
        try:
            while True:
                # a line alone at its game (life2 serve) has nothing to look at but the idle time: it
                # sleeps until a line, a hang-up or that; a thousand games polling would keep the
                # interpreter from the server's loop
                wait = POLL if self.meanwhile is not None or self.watch is not None else LONG_WAIT
                if idle_seconds is not None:
                    wait = min(wait, max(0.0, last_key + idle_seconds - time.monotonic()))
                try:
                    typed = self._typed.get(timeout=wait)
                except queue.Empty:
                    typed = None
                if typed is _BREAK:
                    self._broken = False
                    raise LineInterrupted
                if typed is _HANG_UP:
                    raise HungUp
                if isinstance(typed, bytes):
                    return typed
                if self.meanwhile is not None:
                    self.meanwhile()
                if self._watch_away():
                    last_key = time.monotonic()  # the time away is not the player's
                if idle_seconds is not None and time.monotonic() - last_key >= idle_seconds:
                    raise IdleTimeout
        finally:
            if self.baton is not None:
                self.baton.acquire()
            with self._lock:
                self._asking = ""
                self._read_open = False
                self._held.append((self._fed, frame("read", "")))

    def _watch_away(self) -> bool:
        """Tell the seat's watch the page is away (it may end the game), or back; True while away."""
        lost_at = self.lost_at
        if lost_at is None:
            if self._told_away:
                self._told_away = False
                if self.watch is not None:
                    self.watch.back()
            return False
        if self.watch is not None:
            self._told_away = True
            self.watch.away(time.monotonic() - lost_at)
        return True

    def _after_output(self, text: str) -> None:
        with self._lock:
            self._held.append((self._fed, text))

    def _catch_up(self) -> None:
        """Under the lock: the backlog is dropped and the page is sent the game as it stands."""
        self._throttle.clear()
        self._sent = self._fed
        self._held.append((self._fed, frame("replay", self._replay_text())))

    def _replay_text(self) -> str:
        return LineOutput(0, 0).shape(b"\r\n" + self.redisplay()).decode("ascii")

    # -- the server's side (its loop's thread) ------------------------------------------------------

    def attach(self, page: Page) -> bool:
        """A page that passed the door takes the line; False if another holds it. A page coming
        back is sent the game as it stands, and the line asked, if one is."""
        with self._lock:
            if self.holder is not None:
                return False
            self.holder = page
            self.last_seen = time.monotonic()
            if self.seated_once:
                self._throttle.clear()
                self._sent = self._fed
                self._held = deque(
                    [(self._fed, frame("replay", self._replay_text()))]
                    + [(self._fed, text) for _, text in self._held if not text.startswith('{"read"')]
                )
                if self._asking:
                    self._held.append((self._fed, frame("read", self._asking)))
            self.seated_once = True
            self._read_open = False
            self.lost_at = None
            return True

    def detach(self, page: Page) -> None:
        with self._lock:
            if self.holder is page:
                self.holder = None
                self.last_seen = time.monotonic()
                self._read_open = False
                if not self.over:
                    self.lost_at = time.monotonic()

    def pull(self) -> list[str]:
        """The frames due for the page now: the output whose time on the line is over, and the
        frames that waited for it."""
        with self._lock:
            out: list[str] = []
            due = self._throttle.due()
            held = self._held
            if due:
                # a frame held for output up to a point goes between that output and the rest
                while held and held[0][0] <= self._sent:
                    out.append(self._opened(held.popleft()[1]))
                start = self._sent
                self._sent += len(due)
                while held and held[0][0] <= self._sent:
                    at, text = held.popleft()
                    if at > start:
                        out.append(frame("out", due[: at - start].decode("ascii")))
                        due, start = due[at - start :], at
                    out.append(self._opened(text))
                if due:
                    out.append(frame("out", due.decode("ascii")))
            while held and held[0][0] <= self._sent:
                out.append(self._opened(held.popleft()[1]))
            return out

    def _opened(self, text: str) -> str:
        if text.startswith('{"read"'):
            self._read_open = text != frame("read", "")
        return text

    def pending(self) -> bool:
        """Whether frames still wait for the page (the rest of the paper, the game's end)."""
        with self._lock:
            return bool(self._held) or self._throttle.pending > 0

    def typed(self, line: str) -> bool:
        """A line the page sent: passed to the game if one is asked and its prompt is out, else
        dropped (False)."""
        with self._lock:
            if not self._read_open:
                return False
            self._read_open = False
            self.last_seen = time.monotonic()
        self._typed.put(line.encode("ascii"))
        return True

    def interrupt(self) -> None:
        """Ctrl-C or BREAK at the page: the game's next read here, or its next look while another
        seat is asked, ends it."""
        self._broken = True
        self._typed.put(_BREAK)

    def hang_up(self) -> None:
        """The game at this line is to end (a visitor gone for good): its next read ends it."""
        self.hung_up = True
        self._typed.put(_HANG_UP)
