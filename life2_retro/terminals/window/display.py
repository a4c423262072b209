"""The pygame window itself: opened, resized, full screen or not, shared with a side panel, drawn, saved.

It knows nothing of lines, keys or pacing: the terminal hands it a function
that draws the terminal's picture, and it puts that picture, a panel beside it
(the exhibit's live listing) and an overlay on it (the exhibit's banner) in
the window.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any, Protocol

from .quiet import held_stderr

SMALLEST = (320, 240)
INVISIBLE_DRIVERS = frozenset({"offscreen", "dummy"})
"""SDL's video drivers that draw where nobody sees: SDL falls back on them when there is no display."""
NO_DISPLAY = "no display to open a window on: run it in a desktop session (DISPLAY or WAYLAND_DISPLAY set)"


class SidePanel(Protocol):
    fraction: float
    """How much of the window's width the panel takes."""

    def draw(self, surface: Any, rect: tuple[int, int, int, int]) -> None: ...


class TerminalUnavailable(OSError):
    """No window can be opened (no display, no video driver) or a picture cannot be saved."""


class NoWindow(TerminalUnavailable):
    """No window can be opened here. What else there is to do depends on the command that wanted
    one, so the command adds it (commands/without_a_window.py)."""


def _check_visible(driver: str) -> None:
    """SDL chose a driver nobody can see although nobody asked for one: there is no display, and a
    game would run invisibly and look hung."""
    asked = os.environ.get("SDL_VIDEODRIVER", "").lower()
    if driver.lower() in INVISIBLE_DRIVERS and asked not in INVISIBLE_DRIVERS:
        raise NoWindow(NO_DISPLAY)


class Display:
    """One pygame window, laid out as the terminal's canvas and an optional panel beside it."""

    def __init__(
        self,
        pygame: Any,
        size: tuple[int, int],
        fullscreen: bool,
        title: str,
        resized: Callable[[tuple[int, int]], None],
    ) -> None:
        self.pygame = pygame
        self.fullscreen = fullscreen
        self.title = title
        self._windowed_size = size
        self._resized = resized
        self._resize_to: tuple[int, int] | None = None
        self.side_panel: SidePanel | None = None
        self.overlay: Callable[[Any], None] | None = None
        """Drawn over the terminal's picture each frame (the exhibit's banner)."""
        try:
            with held_stderr() as probing:
                pygame.display.init()
            _check_visible(pygame.display.get_driver())
            self.surface = self._open(size)
            pygame.display.set_caption(title)
        except pygame.error as exc:
            pygame.display.quit()
            said = probing.text.strip().splitlines()
            raise NoWindow(f"no window can be opened ({exc}{'; ' + said[0] if said else ''})") from exc
        except TerminalUnavailable:
            pygame.display.quit()
            raise
        self.canvas = self.surface
        self.layout()

    def caption(self, text: str) -> None:
        self.pygame.display.set_caption(text)

    def request_resize(self, size: tuple[int, int]) -> None:
        """The window was dragged to `size`; it is laid out again at the next frame."""
        if not self.fullscreen:
            self._resize_to = (max(SMALLEST[0], size[0]), max(SMALLEST[1], size[1]))

    def toggle_fullscreen(self) -> None:
        self.fullscreen = not self.fullscreen
        self._apply(self._windowed_size)

    def set_side_panel(self, panel: SidePanel | None) -> None:
        """A new panel lays the window out again, and the terminal takes a new size only if the panel
        leaves it one: the exhibit shows each game's panel in turn, all of one width, and a new size
        makes the terminal's whole look anew (a third of a second on the glass terminal, and whole-
        window surfaces made and dropped at every attract game, which let the heap creep)."""
        if panel is self.side_panel:
            return
        self.side_panel = panel
        self.layout(same_surface=True)

    def layout(self, same_surface: bool = False) -> None:
        """The canvas, and the panel beside it when there is room for both (else the terminal wins).
        `same_surface`: only the panel changed, so a canvas of the size it had needs nothing new."""
        width, height = self.surface.get_size()
        panel_width = 0 if self.side_panel is None else round(width * self.side_panel.fraction)
        before = self.canvas.get_size()
        if panel_width < 160 or width - panel_width < 320:
            self.canvas = self.surface
        else:
            self.canvas = self.surface.subsurface((0, 0, width - panel_width, height))
        if not (same_surface and self.canvas.get_size() == before):
            self._resized(self.canvas.get_size())

    def show(self, draw: Callable[[Any], None]) -> None:
        """One frame: a pending resize, the picture, and the flip."""
        if self._resize_to is not None:
            self._apply(self._resize_to)
            self._resize_to = None
        self.compose(draw)
        self.pygame.display.flip()

    def compose(self, draw: Callable[[Any], None]) -> None:
        """The whole picture: the terminal, the panel beside it, the overlay on it."""
        draw(self.canvas)
        if self.side_panel is not None and self.canvas is not self.surface:
            width, height = self.surface.get_size()
            left = self.canvas.get_width()
            self.side_panel.draw(self.surface, (left, 0, width - left, height))
        if self.overlay is not None:
            self.overlay(self.canvas)

    def save_png(self, path: str, draw: Callable[[Any], None]) -> None:
        self.compose(draw)
        try:
            self.pygame.image.save(self.surface, path)
        except (self.pygame.error, OSError) as exc:
            raise TerminalUnavailable(f"cannot save {path}: {exc}") from exc

    def _apply(self, size: tuple[int, int]) -> None:
        if not self.fullscreen:
            self._windowed_size = size
        current = self.pygame.display.get_surface()
        if self.fullscreen or current is None or current.get_size() != size:
            self.surface = self._open(size)  # pygame resizes on its own when it can
        else:
            self.surface = current
        self.layout()

    def _open(self, size: tuple[int, int]) -> Any:
        pygame = self.pygame
        if self.fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        surface = pygame.display.set_mode(size, pygame.RESIZABLE)
        if surface.get_size() != size:  # leaving full screen, SDL can hand back the old size once
            surface = pygame.display.set_mode(size, pygame.RESIZABLE)
        return surface
