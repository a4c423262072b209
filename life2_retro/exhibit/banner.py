"""The attract-mode banner: a placard over the paper or screen inviting visitors to press a key."""

from __future__ import annotations

from typing import Any

from ..terminals.window.font import WIDTH
from .panel import DotText

CARD = (250, 240, 200)
CARD_EDGE = (150, 40, 30)
CARD_INK = (150, 40, 30)
BLINK_SECONDS = 1.2


class Banner:
    """Drawn by the terminal each frame while `on`; it blinks slowly, as an exhibit's lamp would."""

    def __init__(self, pygame: Any, text: str, now: Any) -> None:
        self.pygame = pygame
        self._text = text.upper()
        self.now = now
        self.on = False
        self._pen: DotText | None = None
        self._card: Any = None

    @property
    def text(self) -> str:
        return self._text

    @text.setter
    def text(self, text: str) -> None:
        """Each game on show has its own banner: a new text is a new card."""
        if text.upper() != self._text:
            self._text, self._card = text.upper(), None

    def lit(self) -> bool:
        """On, and not in the quarter of the time it blinks off."""
        return self.on and int(self.now() / BLINK_SECONDS) % 4 != 3

    def __call__(self, surface: Any) -> None:
        if not self.lit():
            return
        width, height = surface.get_size()
        if self._card is None or self._card.get_width() > width:
            self._make(width)
        card = self._card
        surface.blit(card, ((width - card.get_width()) // 2, height // 10))

    def _make(self, width: int) -> None:
        pygame = self.pygame
        dot = max(2, min(6, width // ((len(self.text) + 4) * (WIDTH + 1))))  # the card fits the paper
        pen = DotText(pygame, dot, CARD_INK)
        text_w, text_h = pen.cell[0] * len(self.text), pen.cell[1]
        card = pygame.Surface((text_w + pen.cell[0] * 4, text_h + pen.cell[1]), pygame.SRCALPHA)
        card.fill((*CARD, 235))
        pygame.draw.rect(card, CARD_EDGE, card.get_rect(), width=max(2, dot), border_radius=dot * 2)
        pen.draw(card, self.text, (pen.cell[0] * 2, pen.cell[1] // 2 + dot))  # capitals mid-card
        self._card = card
