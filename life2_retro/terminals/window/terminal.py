"""What the pygame terminals share: a window, one frame loop, the throttle, a keyboard policy.

The terminal contract stays the console's: `write` hands bytes to the
throttle and draws frames until the line has carried them, and `read_line`
draws frames until a line is typed. So the program and the driver are the ones
every terminal uses, and pacing happens in exactly one place. life2 starts no
threads of its own (SDL's audio has one, and closing the terminal ends it).
Closing the window, Esc or Break raise WindowClosed out of whichever call is
waiting, the output stops at once, and the game ends there; but a window at a
seat among several, closed, holds the game for its player to come back
(away.py), as a serial seat unplugged does.
"""

from __future__ import annotations

import os
from abc import abstractmethod
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from ...exits import signals_held
from ..base import IdleTimeout, KeyHook, LineInterrupted, LineWatch, Terminal, TerminalClosed
from ..options import Option
from ..pacing import LinePace, SimulatedClock, Throttle, WallClock
from .away import AwayCard
from .display import SMALLEST, Display, SidePanel
from .keyboard import Keyboard, KioskKeyboard, LocalKeyboard
from .kiosk import KeyChord

FRAMES_PER_SECOND = 60


def parse_size(text: str, minimum: tuple[int, int] = SMALLEST) -> tuple[int, int]:
    """`1024x768` as (width, height); ValueError for anything else or anything under `minimum`."""
    width, _, height = (_figures(part) for part in text.lower().partition("x"))
    if (
        not (width.isdigit() and height.isdigit())
        or max(len(width), len(height)) > MAX_FIGURES
        or int(width) < minimum[0]
        or int(height) < minimum[1]
    ):
        raise ValueError(f"{text!r} is not WIDTHxHEIGHT of at least {minimum[0]}x{minimum[1]}")
    return int(width), int(height)


MAX_FIGURES = 9
"""Past any screen: a side of more figures is refused before int() sees it (int() refuses more
than 4,300 figures with a message of its own)."""


def _figures(part: str) -> str:
    """A side as its figures: leading zeros count for nothing (`0800x600` is 800 by 600)."""
    return part.lstrip("0") or "0" if part.isascii() and part.isdigit() else part


FULLSCREEN = Option("fullscreen", "start in full screen (F11 toggles it)", default=False, kind=bool)
SIZE = Option(
    "size",
    "window size (default 1024x768)",
    default=(1024, 768),
    parse=parse_size,
    allows=f"WIDTHxHEIGHT, at least {SMALLEST[0]}x{SMALLEST[1]}, e.g. '1024x768'",
    metavar="WxH",
)
WINDOW_OPTIONS = (FULLSCREEN, SIZE)
"""What every window takes; each terminal adds its own."""


def headless() -> None:
    """Draw offscreen and stay silent, unless the caller chose drivers already."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


class WindowClosed(TerminalClosed):
    """The player closed the window or pressed Esc or Break: the game ends, cleanly."""


class PygameTerminal(Terminal):
    """A pygame window that shows what the line delivers, at the line's pace."""

    title = "LIFE2"

    def __init__(
        self,
        pace: LinePace,
        *,
        clock: WallClock | SimulatedClock | None = None,
        size: tuple[int, int] = SIZE.default,
        script: list[bytes] | None = None,
        fullscreen: bool = FULLSCREEN.default,
    ) -> None:
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # no greeting on stdout
        with signals_held():  # pygame's imports (NumPy's) would swallow a Signalled
            import pygame

        self.pygame = pygame
        self.clock = clock or WallClock()
        self.throttle = Throttle(pace, self.clock)
        self.display = Display(pygame, size, fullscreen, self.title, self.resized)
        pygame.key.set_repeat(400, 40)
        self._ticker = pygame.time.Clock()
        self._script = None if script is None else list(script)
        self.keyboard: Keyboard = LocalKeyboard()
        """What the keys do: local play, a serial line, or a kiosk (keyboard.py)."""
        self.turbo = False
        self.frames = 0
        self.frame_seconds = self.frame_interval
        """How long the last frame lasted (the CRT's afterglow fades by it): on a simulated clock, the
        clock's step (a screenshot's frame of 1/20 s faded as one of 1/60 s left each scrolled line's
        ghost a row below it at three quarters of its light)."""
        self._typed = bytearray()
        self._line_done = False
        self.reading = False
        self.on_key: KeyHook | None = None
        """The wake-up of the call now drawing frames (write, idle): a key while no line is read."""
        self.lines_asked = 0
        """How many lines have been asked for: one a prompt (a scripted visitor answers each once)."""
        self.frame_hooks: list[Callable[[], None]] = []
        """Called at the start of every frame (tests post their events from here)."""
        self._last_key = self.clock.now()
        self._status_shown = False
        self._away = False
        """A seat's player has closed the window and may come back (close_asked)."""
        self._over = False
        """The game is over (linger): closing the window closes it."""

    # -- the terminal contract ------------------------------------------------------------------

    def write(self, data: bytes, on_key: KeyHook | None = None) -> None:
        """Frames until the line is within one frame of carrying the bytes. A program prints in
        small pieces (a board square is three characters): waiting out a whole frame for each
        would hold a fast line to a few hundred characters a second."""
        self.throttle.feed(data)
        with self._waking(on_key):
            while (
                self.throttle.pending and self.throttle.drained_at() > self.clock.now() + self.frame_interval
            ):
                self.frame()
        due = self.throttle.due(unlimited=self.turbo)  # what is due already goes on now; the picture
        if due:  # follows on the next frame
            self.receive(due)

    def flush(self) -> None:
        """Frames until every byte written is on paper or screen."""
        while self.throttle.pending:
            self.frame()

    def linger(self) -> None:
        """The game is over: keep the last board in sight until the player presses a key or
        closes the window, as the paper would stay in the machine."""
        self.flush()
        self._over = True  # closing the window now closes it, at a seat too
        self.display.caption(f"{self.title} - the end: press any key to close")

        def done() -> None:
            raise WindowClosed

        try:
            with self._waking(done):
                while True:
                    self.frame()
        except WindowClosed:
            pass

    @property
    def frame_interval(self) -> float:
        if isinstance(self.clock, SimulatedClock):
            return self.clock.frame_step
        return 1 / FRAMES_PER_SECOND

    def echo(self, data: bytes) -> None:
        """The host's echo is never shown: the opponent must not read the move (a Teletype has
        already printed the keys itself)."""

    def status(self, text: str) -> None:
        """In the window's caption, its status line, until the next line is typed: the paper or the
        screen shows only what the program printed."""
        self.flush()  # the result is on paper before the caption speaks of it
        self.display.caption(f"{self.title} - {text}")
        self._status_shown = True

    def read_line(self, idle_seconds: float | None = None) -> bytes | None:
        self.lines_asked += 1
        self.flush()  # the prompt is printed whole before a key can strike the paper
        self.input_starts()
        self._typed.clear()
        try:
            if self._script is not None:
                return self._type_scripted()
            return self._read_typed_line(idle_seconds)
        finally:
            if self._status_shown:  # a status lasts until the line it asked for is typed
                self._status_shown = False
                self.display.caption(self.title)

    def _read_typed_line(self, idle_seconds: float | None) -> bytes:
        self._line_done = False
        self.reading = True
        self._last_key = self.clock.now()
        try:
            while not self._line_done:
                self.frame()
                if self._line_done:
                    break
                if idle_seconds is not None and self.clock.now() - self._last_key >= idle_seconds:
                    self._typed.clear()
                    raise IdleTimeout
        finally:
            self.reading = False
        return bytes(self._typed)

    def stop_output(self) -> None:
        self.throttle.clear()

    def discard_input(self) -> None:
        self._typed.clear()
        self.pygame.event.clear((self.pygame.KEYDOWN, self.pygame.TEXTINPUT))

    def idle(self, seconds: float, on_key: KeyHook | None = None) -> None:
        until = self.clock.now() + seconds
        with self._waking(on_key):
            while self.clock.now() < until:
                self.frame()

    def tend(self) -> None:
        """A frame while another seat's player thinks: the window stays drawn and answers its events."""
        self.frame()

    def close(self) -> None:
        try:
            self.close_view()
        finally:
            self.pygame.quit()

    @contextmanager
    def _waking(self, on_key: KeyHook | None) -> Iterator[None]:
        """`on_key` is the wake-up for the frames drawn inside this block, and for no others."""
        earlier, self.on_key = self.on_key, on_key
        try:
            yield
        finally:
            self.on_key = earlier

    # -- the frame loop -------------------------------------------------------------------------

    def frame(self) -> None:
        """One frame: events, the bytes now due, a picture, and the wait for the next frame."""
        for hook in self.frame_hooks:
            hook()
        for event in self.pygame.event.get():
            self.keyboard.handle(event, self)
        if not self._away:  # a seat's player away holds the line (close_asked)
            data = self.throttle.due(unlimited=self.turbo)
            if data:
                self.receive(data)
        self.display.show(self.draw)
        self.frames += 1
        if isinstance(self.clock, SimulatedClock):
            self.clock.advance(self.clock.frame_step)
            self.frame_seconds = self.clock.frame_step
        else:
            milliseconds = self._ticker.tick(FRAMES_PER_SECOND)
            self.frame_seconds = min(0.1, max(1 / 240, round(milliseconds) / 1000))

    def settle(self, seconds: float) -> None:
        """Draw frames for a while without new input (afterglow fades, the head comes to rest)."""
        for _ in range(round(seconds * FRAMES_PER_SECOND)):
            self.frame()

    def _type_scripted(self) -> bytes | None:
        """A line of the script, typed key by key with a frame after each key."""
        assert self._script is not None
        if not self._script:
            return None
        line = self._script.pop(0)
        for byte in line:
            self.key_typed(chr(byte))
            self.frame()
        self.line_entered()
        return bytes(self._typed)  # what the keyboard sent, which may differ from the script

    # -- what the keyboard policies call --------------------------------------------------------------

    def use_keyboard(self, keyboard: Keyboard) -> None:
        self.keyboard = keyboard

    def make_kiosk(self, exit_chord: KeyChord) -> None:
        """Unattended: visitors can only type, the pointer is hidden, only `exit_chord` ends it."""
        self.use_keyboard(KioskKeyboard(exit_chord))
        self.pygame.mouse.set_visible(False)

    def stop(self) -> None:
        """Esc, Break or the window closed: nothing more is printed, and the game ends."""
        self.throttle.clear()
        raise WindowClosed

    def interrupt(self) -> None:
        """Ctrl-C typed at the window: what it is at the console. At a prompt of a BASIC that reads
        it as a key, its BREAK; anywhere else the game ends, and life2 with 130 (exits.py)."""
        self.throttle.clear()
        raise LineInterrupted

    def close_asked(self) -> None:
        """The close button. Alone, the window ends the game; at a seat, its player has left for a
        while, as a serial cable pulled out, and the game waits for them (away.py). Closed again
        while away, or once the game is over, it ends."""
        watch = self.watch
        if watch is None or self._away or self._over:
            self.stop()
        else:
            self._away_until_back(watch)

    def _away_until_back(self, watch: LineWatch) -> None:
        """Frames of the dimmed page and the card, the line held, until a key brings the player back;
        the keys are the window's as ever (closing again, Esc or Break end the game), but none types.
        The watch hears how long they have been away, and ends the game (SeatLost) when it will wait
        no longer."""
        left = self.clock.now()
        card = AwayCard(self.pygame, watch.waits)
        earlier, self.display.overlay = self.display.overlay, card
        came_back = False

        def back() -> None:
            nonlocal came_back
            came_back = True

        reading, self.reading = self.reading, False
        self._away = True
        try:
            with self._waking(back):
                while not came_back:
                    gone = self.clock.now() - left
                    watch.away(gone)
                    card.seconds_left = watch.waits - gone
                    self.frame()
        finally:
            self._away = False
            self.reading = reading
            self.display.overlay = earlier
            self.throttle.hold(self.clock.now() - left)
        self.pygame.event.clear(self.pygame.TEXTINPUT)  # the key that brought them back types nothing
        watch.back()

    def end_line(self) -> None:
        """Return: the typed line goes to the program."""
        self.line_entered()
        self._line_done = True

    def key_pressed(self) -> None:
        """Someone is at the keys: the idle time starts again."""
        self._last_key = self.clock.now()

    def key_code(self, char: str) -> bytes:
        """What the keyboard sends for a printable key (nothing for a key outside ASCII)."""
        return char.encode("ascii") if " " <= char <= "~" else b""

    # -- the window (display.py) -------------------------------------------------------------------

    @property
    def surface(self) -> Any:
        return self.display.surface

    @property
    def fullscreen(self) -> bool:
        return self.display.fullscreen

    @property
    def side_panel(self) -> SidePanel | None:
        return self.display.side_panel

    @property
    def overlay(self) -> Callable[[Any], None] | None:
        return self.display.overlay

    @overlay.setter
    def overlay(self, draw: Callable[[Any], None] | None) -> None:
        self.display.overlay = draw

    def set_side_panel(self, panel: SidePanel | None) -> None:
        """Give part of the window to a panel beside the terminal (the exhibit's live listing)."""
        self.display.set_side_panel(panel)

    def save_png(self, path: str) -> None:
        self.display.save_png(path, self.draw)

    # -- the typed line -------------------------------------------------------------------------

    def add_typed(self, char: str) -> None:
        """A key that goes to the line."""
        self._typed += char.encode("ascii")

    def erase_typed(self) -> None:
        """Take back the last key of the line (local editing, as a tty line discipline does)."""
        if self._typed:
            del self._typed[-1]

    def kill_typed(self) -> None:
        self._typed.clear()

    # -- what each terminal does -----------------------------------------------------------------

    @abstractmethod
    def receive(self, data: bytes) -> None:
        """Bytes whose time on the line is over: put them on paper or screen."""

    @abstractmethod
    def draw(self, surface: Any) -> None:
        """The picture, for this frame."""

    @abstractmethod
    def resized(self, size: tuple[int, int]) -> None:
        """The window has a new size."""

    @abstractmethod
    def key_typed(self, char: str) -> None:
        """A printable key while a line is being read."""

    def input_starts(self) -> None:
        """The program waits for a line."""

    def backspace(self) -> None:
        """Backspace while a line is being read."""

    def line_entered(self) -> None:
        """Return, ending the line."""

    def scroll(self, lines: int) -> None:
        """Look back (positive) or forward (negative) in what was printed."""

    def special_key(self, event: Any) -> bool:
        """A terminal's own keys; True if it used the key."""
        return False

    def close_view(self) -> None:
        """Let go of what the terminal holds besides the window (sounds)."""
