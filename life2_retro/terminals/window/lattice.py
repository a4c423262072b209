"""A window of coloured cells with a status line under them: a picture of a cellular automaton.

It knows nothing of any rule: it is handed an array of small cell states and
a line of text, and shows them, the cells as large as the window allows (a
whole number of pixels each, so every cell is the same size). Keys come back
from `frame` by their pygame names; closing the window or Esc raise
WindowClosed, F11 toggles full screen.
"""

from __future__ import annotations

import os
from typing import Any

from .display import Display
from .terminal import FRAMES_PER_SECOND, WINDOW_OPTIONS, WindowClosed

PALETTE = ((92, 112, 128), (246, 244, 236), (18, 18, 24))
"""Empty, white token, black token: a slate board that both colours stand out on."""
STATUS_HEIGHT = 36
STATUS_COLOUR = (230, 230, 220)


class LatticeWindow:
    DESCRIPTION = "a window of coloured cells"
    OPTIONS = WINDOW_OPTIONS

    def __init__(
        self,
        *,
        size: tuple[int, int] = (1024, 768),
        fullscreen: bool = False,
        title: str = "p2life",
        palette: tuple[tuple[int, int, int], ...] = PALETTE,
    ) -> None:
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        import pygame

        self.pygame = pygame
        self.palette = palette
        self.cells: Any = None
        self.status = ""
        self.display = Display(pygame, size, fullscreen, title, self._resized)
        pygame.font.init()
        self.font = pygame.font.Font(None, 26)
        self._ticker = pygame.time.Clock()

    def _resized(self, size: tuple[int, int]) -> None:
        """Nothing is kept per size: each frame is laid out from the canvas as it is."""

    def show(self, cells: Any, status: str) -> None:
        """The cells (rows x columns of indices into the palette) and the line under them."""
        self.cells = cells
        self.status = status

    def frame(self, wait: bool = True) -> list[str]:
        """One frame: the keys struck since the last (by name), then the picture; `wait` holds the
        frame rate to 60 a second."""
        pygame = self.pygame
        keys: list[str] = []
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                raise WindowClosed
            if event.type == pygame.VIDEORESIZE:
                self.display.request_resize((event.w, event.h))
            elif event.type == pygame.KEYDOWN:
                if event.key in (pygame.K_ESCAPE, pygame.K_PAUSE):
                    raise WindowClosed
                if event.key == pygame.K_F11:
                    self.display.toggle_fullscreen()
                else:
                    keys.append(pygame.key.name(event.key))
        self.display.show(self.draw)
        if wait:
            self._ticker.tick(FRAMES_PER_SECOND)
        return keys

    def draw(self, surface: Any) -> None:
        import numpy as np

        pygame = self.pygame
        surface.fill((0, 0, 0))
        width, height = surface.get_size()
        if self.cells is not None:
            rows, columns = self.cells.shape
            scale = max(1, min(width // columns, (height - STATUS_HEIGHT) // rows))
            rgb = np.asarray(self.palette, dtype=np.uint8)[self.cells]
            picture = pygame.surfarray.make_surface(rgb.transpose(1, 0, 2))
            picture = pygame.transform.scale(picture, (columns * scale, rows * scale))
            left = (width - columns * scale) // 2
            top = max(0, (height - STATUS_HEIGHT - rows * scale) // 2)
            surface.blit(picture, (left, top))
        text = self.font.render(self.status, True, STATUS_COLOUR)
        surface.blit(text, (12, height - STATUS_HEIGHT + (STATUS_HEIGHT - text.get_height()) // 2))

    def save_png(self, path: str) -> None:
        self.display.save_png(path, self.draw)

    def close(self) -> None:
        self.pygame.quit()

    def __enter__(self) -> LatticeWindow:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()
