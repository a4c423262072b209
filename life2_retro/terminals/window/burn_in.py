"""Phosphor burn-in: what stays lit for hours wears the phosphor, and the wear stays.

An exhibit prints the same board frame and prompts in the same places all
day. Worn phosphor looks different from the rest in the room's light, so a
ghost of what was shown most builds up slowly and stays when the screen is
cleared. Every STEP_SECONDS of the terminal's clock, each lit pixel of the
text adds one to a count (up to 255); the ghost is the count times a faint
tint. A day's count is a few whole-window operations every minute and a half.

They work on surfaces made once, at the window's size: a kiosk that made and
dropped two whole-window surfaces a step left glibc's heap holding the freed
blocks (its threshold for giving such blocks pages of their own rises with
each one freed), and the glass terminal's memory crept up over a soak.
"""

from __future__ import annotations

from typing import Any

STEP_SECONDS = 90.0
"""One count per step a pixel is lit: 255 counts (the darkest wear) after six and a half hours lit."""
LIT = 120
"""A pixel counts as lit when one of its channels reaches this: the dots, not their glow."""
WEAR = 0.2
"""The ghost at full wear, as a fraction of the phosphor's colour: in a dark room, plainly seen."""


class BurnIn:
    def __init__(self, pygame: Any, size: tuple[int, int], colour: tuple[int, int, int], now: float) -> None:
        self.pygame = pygame
        self.counts = pygame.Surface(size).convert()
        self.counts.fill((0, 0, 0))
        self._made(size)
        self.tint_for(colour)
        self.started = now
        self.worn = False
        """Has any pixel a count yet (until then there is no ghost to draw)."""

    def tint_for(self, colour: tuple[int, int, int]) -> None:
        """The ghost's colour at full wear: the phosphor's, faintly."""
        self.tint = tuple(round(c * WEAR) for c in colour)

    def _made(self, size: tuple[int, int]) -> None:
        """The surfaces every step draws on again: the step's lit pixels, and the ghost."""
        self._lit = self.pygame.Surface(size).convert()
        self._ghost = self.pygame.Surface(size).convert()

    def resize(self, size: tuple[int, int]) -> None:
        """The wear scaled with the picture (the glass is the same, the window is not)."""
        self.counts = self.pygame.transform.scale(self.counts, size).convert()
        self._made(size)

    def expose(self, text: Any, now: float) -> bool:
        """Count the steps passed since the last call with `text` on screen; True if the wear grew."""
        steps = int((now - self.started) / STEP_SECONDS)
        if steps <= 0:
            return False
        self.started += steps * STEP_SECONDS
        pygame = self.pygame
        dark = pygame.mask.from_threshold(text, (0, 0, 0), (LIT, LIT, LIT, 255))
        dark.invert()
        if not dark.count():
            return False
        count = min(255, steps)
        dark.to_surface(self._lit, setcolor=(count, count, count, 255), unsetcolor=(0, 0, 0, 255))
        self.counts.blit(self._lit, (0, 0), special_flags=pygame.BLEND_ADD)
        self.worn = True
        return True

    def ghost(self) -> Any:
        """The wear as light: the count times the tint (255 counts: the whole tint). It is the same
        surface every time, drawn again: whoever shows it sees the newest wear."""
        ghost = self._ghost
        ghost.blit(self.counts, (0, 0))
        ghost.fill(self.tint, special_flags=self.pygame.BLEND_MULT)
        return ghost
