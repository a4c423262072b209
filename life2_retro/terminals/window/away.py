"""What a window at a seat shows while its player is away: the game held, and the way back.

The close button of a window at a seat is easy to hit, and the other players
should not lose their game to it. So it is taken as leaving the seat for a
while, as a pulled serial cable is: the page stays where it was, dimmed, under a
card that says the game waits, how to come back, how to end it for everyone,
and how long is left. The card is drawn at the window's resolution in our
caption type, as the exhibit's placards are.
"""

from __future__ import annotations

import math
from typing import Any

from .captions import ADVANCE, CaptionPen

VEIL = (0, 0, 0, 150)
"""Over the page: dimmed, still there to see."""
CARD = (250, 240, 200)
CARD_INK = (150, 40, 30)
WIDEST = 0.8
"""The card at most, as a share of the window's width."""
TALLEST = 1 / 22
"""The card's capitals at most, as a share of the window's height."""


def away_lines(seconds_left: float) -> list[str]:
    """The card's words, with the whole seconds left (rounded up: it never shows 0 while it waits)."""
    return [
        "You left your seat.",
        "The other players wait for you.",
        "Press any key to come back;",
        "close the window again to end the game.",
        f"The game ends in {max(1, math.ceil(seconds_left))} s.",
    ]


class AwayCard:
    """Drawn over the canvas each frame while the seat is away; `seconds_left` counts down."""

    def __init__(self, pygame: Any, seconds_left: float) -> None:
        self.pygame = pygame
        self.seconds_left = seconds_left
        self._card: Any = None
        self._made_for: tuple[int, int, list[str]] = (0, 0, [])

    def __call__(self, surface: Any) -> None:
        pygame = self.pygame
        width, height = surface.get_size()
        lines = away_lines(self.seconds_left)
        if self._card is None or self._made_for != (width, height, lines):
            self._card = self._make(width, height, lines)
            self._made_for = (width, height, lines)
        veil = pygame.Surface((width, height), pygame.SRCALPHA)
        veil.fill(VEIL)
        surface.blit(veil, (0, 0))
        card = self._card
        surface.blit(
            card, ((width - card.get_width()) // 2, height // 8)
        )  # the last lines printed stay in sight

    def _make(self, width: int, height: int, lines: list[str]) -> Any:
        pygame = self.pygame
        longest = max(len(line) for line in lines)
        advance = width * WIDEST / (longest + 4)
        pen = CaptionPen(pygame, min(advance / ADVANCE, height * TALLEST), CARD_INK)
        margin = round(pen.advance * 2)
        card = pygame.Surface((pen.width("x" * longest) + 2 * margin, pen.row * len(lines) + 2 * margin))
        card.fill(CARD)
        rim = max(2, round(pen.cap / 6))
        pygame.draw.rect(card, CARD_INK, card.get_rect(), width=rim)
        for row, line in enumerate(lines):
            pen.draw(card, line, (margin, margin + row * pen.row))
        return card
