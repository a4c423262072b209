"""What the pygame terminals share: a window, one frame loop, the throttle, the keyboard.

The terminal contract stays the console's: `write` hands bytes to the
throttle and draws frames until the line has carried them, and `read_line`
draws frames until a line is typed. So the program and the driver are the ones
every terminal uses, and pacing happens in exactly one place. There are no
threads: closing the window or pressing Esc raises WindowClosed out of
whichever call is waiting, and the game ends there.
"""

from __future__ import annotations

import os
from abc import abstractmethod
from typing import Any

from .base import Terminal, TerminalClosed
from .pacing import LinePace, SimulatedClock, Throttle, WallClock

FRAMES_PER_SECOND = 60
TURBO_KEY_NAME = "Tab"


class WindowClosed(TerminalClosed):
    """The player closed the window or pressed Esc: the game ends, cleanly."""


class PygameTerminal(Terminal):
    """A pygame window that shows what the line delivers, at the line's pace."""

    title = "LIFE2"

    def __init__(
        self,
        pace: LinePace,
        *,
        clock: WallClock | SimulatedClock | None = None,
        size: tuple[int, int] = (1024, 768),
        script: list[bytes] | None = None,
        sound: bool = True,
        fullscreen: bool = False,
    ) -> None:
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # no greeting on stdout
        import pygame

        self.pygame = pygame
        pygame.display.init()
        self.clock = clock or WallClock()
        self.throttle = Throttle(pace, self.clock)
        self._windowed_size = size
        self.fullscreen = fullscreen
        self.surface = self._open_window(size)
        pygame.display.set_caption(self.title)
        pygame.key.set_repeat(400, 40)
        self._ticker = pygame.time.Clock()
        self._script = None if script is None else list(script)
        self.turbo = False
        self.frames = 0
        self._typed = bytearray()
        self._line_done = False
        self._reading = False
        self._sound_enabled = sound and os.environ.get("SDL_AUDIODRIVER") != "disk"
        self.resized(self.surface.get_size())

    # -- the terminal contract ------------------------------------------------------------------

    def write(self, data: bytes) -> None:
        self.throttle.feed(data)
        while self.throttle.pending:
            self.frame()

    def read_line(self) -> bytes | None:
        if self._script is not None:
            return self._type_scripted()
        self._typed.clear()
        self._line_done = False
        self._reading = True
        try:
            while not self._line_done:
                self.frame()
        finally:
            self._reading = False
        return bytes(self._typed)

    def close(self) -> None:
        self.close_view()
        self.pygame.display.quit()

    # -- the frame loop -------------------------------------------------------------------------

    def frame(self) -> None:
        """One frame: events, the bytes now due, a picture, and the wait for the next frame."""
        for event in self.pygame.event.get():
            self._handle(event)
        data = self.throttle.due(unlimited=self.turbo)
        if data:
            self.receive(data)
        self.draw(self.surface)
        self.pygame.display.flip()
        self.frames += 1
        if isinstance(self.clock, SimulatedClock):
            self.clock.advance(1 / FRAMES_PER_SECOND)
        else:
            self._ticker.tick(FRAMES_PER_SECOND)

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
        return line

    def _handle(self, event: Any) -> None:
        pygame = self.pygame
        kind = event.type
        if kind == pygame.QUIT:
            raise WindowClosed
        if kind == pygame.VIDEORESIZE and not self.fullscreen:
            self._windowed_size = (max(320, event.w), max(240, event.h))
            self.surface = self._open_window(self._windowed_size)
            self.resized(self.surface.get_size())
        elif kind == pygame.MOUSEWHEEL:
            self.scroll(event.y * 3)
        elif kind == pygame.KEYUP and event.key == pygame.K_TAB:
            self.turbo = False
        elif kind == pygame.KEYDOWN:
            self._key(event)

    def _key(self, event: Any) -> None:
        pygame = self.pygame
        key = event.key
        if key == pygame.K_ESCAPE:
            raise WindowClosed
        if key == pygame.K_F11:
            self.fullscreen = not self.fullscreen
            self.surface = self._open_window(self._windowed_size)
            self.resized(self.surface.get_size())
        elif key == pygame.K_TAB:
            self.turbo = True
        elif key == pygame.K_PAGEUP:
            self.scroll(10)
        elif key == pygame.K_PAGEDOWN:
            self.scroll(-10)
        elif self.special_key(key):
            pass
        elif self._reading and key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.line_entered()
            self._line_done = True
        elif self._reading and key == pygame.K_BACKSPACE:
            self.backspace()
        elif self._reading and event.unicode and 0x20 <= ord(event.unicode) < 0x7F:
            self.key_typed(event.unicode)

    def _open_window(self, size: tuple[int, int]):  # noqa: ANN202 - a pygame Surface
        pygame = self.pygame
        if self.fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        return pygame.display.set_mode(size, pygame.RESIZABLE)

    def settle(self, seconds: float) -> None:
        """Draw frames for a while without new input (afterglow fades, the head comes to rest)."""
        for _ in range(round(seconds * FRAMES_PER_SECOND)):
            self.frame()

    def save_png(self, path: str) -> None:
        self.draw(self.surface)
        self.pygame.image.save(self.surface, path)

    # -- what each terminal does -----------------------------------------------------------------

    def add_typed(self, char: str) -> None:
        """A key that goes to the line."""
        self._typed += char.encode("ascii")

    def erase_typed(self) -> None:
        """Take back the last key of the line (local editing, as a tty line discipline does)."""
        if self._typed:
            del self._typed[-1]

    def kill_typed(self) -> None:
        self._typed.clear()

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

    def backspace(self) -> None:
        """Backspace while a line is being read."""

    def line_entered(self) -> None:
        """Return, ending the line."""

    def scroll(self, lines: int) -> None:
        """Look back (positive) or forward (negative) in what was printed."""

    def special_key(self, key: int) -> bool:
        """A terminal's own keys (M for mute); True if it used the key."""
        return False

    def close_view(self) -> None:
        """Let go of what the terminal holds besides the window (sounds)."""
