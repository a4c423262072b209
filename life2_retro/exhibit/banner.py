"""The attract-mode banner: a placard over the paper or screen inviting visitors to press a key."""

from __future__ import annotations

from typing import Any

from ..terminals.window.captions import ADVANCE, CaptionPen

CARD = (250, 240, 200)
CARD_EDGE = (150, 40, 30)
CARD_INK = (150, 40, 30)
BLINK_SECONDS = 1.2
WEIGHT = 1.8
"""The placard's letters, in the type's pen: bold, as a sign's are."""
TALLEST = 1 / 14
"""The placard's capitals at most, as a share of the window's height."""


class Banner:
    """Drawn by the terminal each frame while `on`; it blinks slowly, as an exhibit's lamp would."""

    def __init__(self, pygame: Any, text: str, now: Any) -> None:
        self.pygame = pygame
        self._text = text.upper()
        self.now = now
        self.on = False
        self._card: Any = None
        self._made_for = (0, 0)

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
        if self._card is None or self._made_for != (width, height):
            self._make(width, height)
        card = self._card
        surface.blit(card, ((width - card.get_width()) // 2, height // 10))

    def _make(self, width: int, height: int) -> None:
        """The card for a window this size: its text as large as the paper's width and a fourteenth
        of the height allow, drawn at the window's resolution."""
        pygame = self.pygame
        advance = width / (len(self.text) + 4)  # the card fits the paper
        pen = CaptionPen(pygame, min(advance / ADVANCE, height * TALLEST), CARD_INK, weight=WEIGHT)
        card_h = round(pen.cap * 2.4)
        card = pygame.Surface((pen.width(self.text) + round(pen.advance * 4), card_h), pygame.SRCALPHA)
        card.fill((*CARD, 235))
        rim = max(2, round(pen.cap / 7))
        pygame.draw.rect(card, CARD_EDGE, card.get_rect(), width=rim, border_radius=rim * 2)
        pen.draw(card, self.text, (pen.advance * 2, (card_h - pen.cap) / 2 - pen.above))  # capitals mid-card
        self._card = card
        self._made_for = (width, height)
