"""The contract between a running program and the place its bytes meet people.

A terminal knows nothing of LIFE2's rules. It takes the bytes a BASIC sends,
hands back one typed line at a time, and decides what the host's echo of that
line looks like on it: a transcript keeps it, a console hides it from the
opponent, a paper teletype strikes it over the ink blot.
"""

from __future__ import annotations

import time
from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol, Self

if TYPE_CHECKING:
    from .options import Declared


class TerminalClosed(Exception):
    """The person at the terminal ended the game: closed its window, or pressed Esc."""


class OperatorExit(TerminalClosed):
    """An unattended terminal's operator pressed the exit chord: the exhibit ends."""


class LineInterrupted(TerminalClosed):
    """Ctrl-C or BREAK from the far end of a line: the game ends, cleanly (and an exhibit in
    attract mode takes it as a visitor)."""


class IdleTimeout(Exception):
    """Nobody typed for `idle_seconds` at a prompt; the half-typed line is gone."""


class SeatLost(OSError):
    """A seat's line stayed away longer than the game waits for it: the game ends there."""


class LineWatch(Protocol):
    """Told when a terminal's line goes away and comes back (a seat among several: the others are
    told the game waits). A terminal that can lose its line calls it while it waits for the line."""

    @property
    def waits(self) -> float:
        """How long the game waits for the line before it gives it up (a window counts it down)."""
        ...

    def away(self, seconds: float) -> None:
        """The line has been away this long; called again and again while it is. It raises SeatLost
        to give the line up."""

    def back(self) -> None:
        """The line is back, and the terminal has shown its player where the game is."""


KeyHook = Callable[[], None]
"""Called when a key is struck while no line is being read (a visitor arriving while the
computers play); it may raise to stop what the terminal is doing."""


class Terminal(ABC):
    """One output device and keyboard, chosen by name from the registry.

    An unattended exhibit passes two things per call, and other uses leave them
    out: `read_line(idle_seconds=...)` raises IdleTimeout when nobody types for
    that long, and `write(..., on_key=...)` and `idle(..., on_key=...)` call
    `on_key` when a key is struck meanwhile. A terminal that cannot notice keys
    while it prints (a console, a transcript) ignores them.
    """

    DESCRIPTION = ""
    """What the terminal is, for the command line's help."""
    HOST_KEYBOARD = False
    """The keyboard of the terminal life2 was started from: Ctrl-C typed there comes as SIGINT (a
    KeyboardInterrupt), and life2's own words to its player go to stderr, where the host looks."""
    OPTIONS: tuple[Declared, ...] = ()
    """The settings it takes (options.py): the command line and the exhibit config come from them."""
    watch: LineWatch | None = None
    """Who is told when the line goes away and comes back (seats.py); None: nobody, the terminal
    waits for its line as long as it takes."""
    meanwhile: Callable[[], None] | None = None
    """Called again and again while the terminal waits for a line, by a terminal that polls (serial,
    telnet): the other seats' windows are kept drawn and listened to meanwhile (seats.py)."""

    @abstractmethod
    def write(self, data: bytes, on_key: KeyHook | None = None) -> None:
        """Bytes the BASIC sends (prompts, boards, messages)."""

    def echo(self, data: bytes) -> None:
        """The host's echo of a typed response. By default it is shown like any output."""
        self.write(data)

    @abstractmethod
    def read_line(self, idle_seconds: float | None = None) -> bytes | None:
        """One typed response without its line ending; None when no more input can come."""

    def read_shown_line(self, idle_seconds: float | None = None) -> bytes | None:
        """An answer that hides nothing from an opponent (how many players, which board): a terminal
        that hides the moves may show this one as it is typed. By default it is read as any line."""
        return self.read_line(idle_seconds)

    @property
    def echoes_shown_lines(self) -> bool:
        """Whether `read_shown_line` leaves the typed line on the terminal with its Return (the
        console's tty echoes them): then a tty in front (unix_tty.py) has no Return left to echo."""
        return False

    def redisplay_from_here(self) -> None:
        """The program begins a full picture of the game (a board): a terminal that may have to
        show it again after losing its line keeps the output from here on (see redisplay.py)."""

    def idle(self, seconds: float, on_key: KeyHook | None = None) -> None:
        """Let time pass with the terminal still alive (keys are noticed, windows redrawn)."""
        time.sleep(seconds)

    def tend(self) -> None:
        """Keep the terminal alive while it waits for nothing (another seat's turn): a window draws a
        frame and reads its events. Others have nothing to do."""

    def present(self) -> bool:
        """Whether a person is at the terminal: a network seat is not until someone gives its code."""
        return True

    def invitation(self) -> str | None:
        """How a person takes this terminal while nobody has (a network seat: where to connect, and
        the code), for the other seats' status line; None when there is nothing to say."""
        return None

    def tell(self, text: str) -> None:
        """A word from life2 to this terminal's player about the other seats (one went away, one ended
        the game) that waits for nobody: a terminal whose line is gone drops it."""
        self.notice(text)

    def linger(self) -> None:
        """The game is over: a terminal that shows a picture keeps it in sight until the person
        is done with it (a window waits for a key); others return at once."""

    def stop_output(self) -> None:
        """Drop whatever is still to be printed (a visitor arrived: the computers' game is over)."""

    def discard_input(self) -> None:
        """Forget whatever was typed and not yet read (a game abandoned, a visitor's first key)."""

    def show_typing(self, data: bytes, on_key: KeyHook | None = None) -> None:
        """Keys a computer player types at the prompt: shown only where a person's keys would be
        (a half-duplex Teletype prints them onto the blot); by default nowhere. `on_key` as for
        `write`: a visitor's key while a computer types still wakes the exhibit."""

    def notice(self, text: str) -> None:
        """A word from life2 itself (why a run was stopped): on its own line, among the output."""
        self.write(b"\r\n" + text.encode("ascii", "replace") + b"\r\n")

    def set_erase(self, key: str) -> None:
        """What Backspace should send from now on: the erase of the program now running (an exhibit
        shows programs with different ones). Only a terminal whose Backspace sends a key cares."""

    def status(self, text: str) -> None:
        """A word from life2 about what the program is doing now (it waits for a key without saying
        so), for a person at the terminal: on the terminal's own channel, never among the program's
        bytes. A terminal without such a channel lets it pass."""

    def bell(self) -> None:
        self.write(b"\a")

    def close(self) -> None:
        """Give back whatever the terminal took (tty modes, windows, ports)."""

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()
