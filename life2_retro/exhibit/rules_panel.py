"""p2life's panel: the rules, the one that made the last birth, and what the last generation did.

A visitor at p2life has never seen its rules, and a generation changes many
squares at once. So beside the paper the panel keeps the rules in a few
lines, marks the one that made the last birth (born outright, or by the
coin at three and three), draws the 3 by 3 squares that birth saw, large
enough to read from across a room, and counts what the generation did. The
box at the foot holds the generation and the two populations as the paper
printed them. It is drawn once for each new state and blitted every frame, on
surfaces and with pens made once for the panel's size: an exhibit runs for
weeks, and whole-panel surfaces made and dropped at every generation leave the
C heap holding what they freed (burn_in.py says how).
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..automata.rules import Rules
from ..programs.p2life.program import rule_words
from ..terminals.window.captions import CaptionPen
from .panel import ARROW, BOX, BOX_INK, FADED, HIGHLIGHT, INK, PAPER, caption_size

if TYPE_CHECKING:
    from .stands.p2life import Birth, View

PIECES = {-1: " ", 0: ".", 1: "O", 2: "#"}
NAMES = {1: "WHITE O", 2: "BLACK #"}
LABEL = 10
"""Characters of a rule's name column."""


def rule_lines(rules: Rules) -> list[tuple[str, str, str]]:
    """(which, name, text) for each rule, as this rule set has them (the paper's variants change them)."""
    words = rule_words(rules)
    lives = f"{words.more} MORE NEIGHBOURS OF ITS OWN COLOUR THAN OF THE OTHER{words.or_one}"
    born = f"AN EMPTY SQUARE WITH EXACTLY 3 OF ONE COLOUR AND {words.against} OF THE OTHER"
    tie = f"{words.tie} ITS COLOUR" if rules.coin_birth else words.tie
    return [
        ("lives", "LIVES ON", lives),
        ("dies", "DIES", "ANY OTHER PIECE"),
        ("born", "BORN", born),
        ("coin", "3 AND 3", tie),
    ]


class RulesPanel:
    """A SidePanel of the pygame terminals, drawn from `view()` (None: no p2life game is running)."""

    fraction = 0.38

    def __init__(self, pygame: Any, view: Callable[[], View | None]) -> None:
        self.pygame = pygame
        self.view = view
        self._size = (0, 0)
        self._shown: tuple[View | None] | None = None
        """The view the picture shows (in a tuple: None is a view too)."""

    def follow(self, entered: int | str) -> None:
        """The program's marks (title, setup, turn, generation) change nothing here: the state does."""

    def draw(self, surface: Any, rect: tuple[int, int, int, int]) -> None:
        left, top, width, height = rect
        if (width, height) != self._size:
            self._build(max(1, width), max(1, height))
        view = self.view()
        if self._shown != (view,):
            self._render(view)
            self._shown = (view,)
        surface.blit(self._picture, (left, top))

    # -- the picture --------------------------------------------------------------------------------

    def _build(self, width: int, height: int) -> None:
        """The surfaces and pens for a panel of this size, made once."""
        pygame = self.pygame
        self._size = (width, height)
        self._shown = None
        cap = caption_size(height)
        self.dot = max(1, round(cap / 7))
        """The panel's small spacings (a 7th of a capital, a dot of the type of before)."""
        self.text, self.faded = CaptionPen(pygame, cap, INK), CaptionPen(pygame, cap, FADED)
        self.big = CaptionPen(pygame, cap * 3, INK)
        self.box_pen, self.box_small = CaptionPen(pygame, cap * 2, BOX_INK), CaptionPen(pygame, cap, BOX_INK)
        cell_w, row_h = self.text.cell
        self.columns = max(20, int(width // cell_w) - 2)
        self.box_h = row_h * 5
        self._picture = pygame.Surface((width, height)).convert()
        self._bar = pygame.Surface((width, row_h * 8), pygame.SRCALPHA)
        self._bar.fill(HIGHLIGHT)

    def _render(self, view: View | None) -> None:
        pygame = self.pygame
        picture, (width, height) = self._picture, self._size
        text, faded, dot, columns = self.text, self.faded, self.dot, self.columns
        picture.fill(PAPER)
        cell_w, row_h = text.cell
        margin = round(cell_w)
        y = row_h
        faded.draw(picture, "P2LIFE - THE RULES", (margin, y), columns)
        y += row_h
        if view is not None and view.rules.name != "p2life":
            faded.draw(picture, view.rules.name.upper(), (margin, y), columns)
        y += row_h
        fired = None if view is None or view.birth is None else ("coin" if view.birth.by_coin else "born")
        for which, name, words in rule_lines(view.rules if view is not None else Rules()):
            lines = textwrap.wrap(words, max(8, columns - LABEL - 1))
            if which == fired:
                picture.blit(
                    self._bar, (margin // 2, y - dot), (0, 0, width - margin, row_h * len(lines) + dot)
                )
                mid = y + row_h // 2
                arrow = [(2, mid - row_h // 3), (2, mid + row_h // 3), (margin // 2 + 2, mid)]
                pygame.draw.polygon(picture, ARROW, arrow)
            text.draw(picture, name, (margin, y))
            for line in lines:
                text.draw(picture, line, (margin + cell_w * LABEL, y))
                y += row_h
            y += row_h // 2
        y += row_h // 2
        if view is not None:
            y = self._birth(view.birth, (margin, y))
            if view.generations:
                said = f"GENERATION {view.generations}: {view.born} BORN, {view.lived} LIVED ON, "
                said += f"{view.died} DIED"
                for line in textwrap.wrap(said, columns):
                    if y + row_h < height - self.box_h:
                        faded.draw(picture, line, (margin, y), columns)
                    y += row_h
        pygame.draw.line(picture, (200, 196, 184), (0, 0), (0, height), 2)
        self._box(view, (0, height - self.box_h, width, self.box_h))

    def _birth(self, birth: Birth | None, at: tuple[int, int]) -> int:
        """The last birth: where, what it saw around it (3 by 3, large), and the counts it went by."""
        pygame, picture, text, dot = self.pygame, self._picture, self.text, self.dot
        x, y = at
        row_h = text.cell[1]
        if birth is None:
            text.draw(picture, "NO BIRTH YET", (x, y), self.columns)
            return y + row_h * 2
        square = ",".join(map(str, birth.square))
        text.draw(picture, f"LAST BIRTH: {square} BECAME {PIECES[birth.colour]}", (x, y), self.columns)
        y += row_h + row_h // 2
        step = self.big.cell[0] + dot * 4
        for index, piece in enumerate(birth.around):
            row, col = divmod(index, 3)
            left, top = round(x + text.cell[0] * 2 + col * step), round(y + row * step)
            square_rect = (left - dot, top - dot, round(step) - dot, round(step) - dot)
            if piece >= 0:
                pygame.draw.rect(picture, (214, 220, 206), square_rect)
            if index == 4:
                pygame.draw.rect(picture, ARROW, square_rect, dot)
            capital_top = top - dot + (step - dot - self.big.cap) / 2  # the piece mid-square
            mark = PIECES[birth.colour] if index == 4 else PIECES[piece]
            self.big.draw(
                picture,
                mark,
                (left - dot + (step - dot - self.big.advance) / 2, capital_top - self.big.above),
            )
        grid_right = x + text.cell[0] * 2 + 3 * step + text.cell[0] * 2
        counts = [f"{birth.white} O", f"{birth.black} #", "AROUND IT"]
        for k, line in enumerate(counts):
            text.draw(picture, line, (grid_right, y + step // 2 + k * row_h))
        return round(y + 3 * step + row_h)

    def _box(self, view: View | None, rect: tuple[int, int, int, int]) -> None:
        picture, pen, small = self._picture, self.box_pen, self.box_small
        left, top, width, _height = rect
        self.pygame.draw.rect(picture, BOX, rect)
        if view is None:
            return
        small.draw(picture, "GENERATION", (left + small.cell[0] * 2, top + small.cell[1] // 2))
        pen.draw(picture, str(view.generations), (left + small.cell[0] * 2, top + small.cell[1] * 3 // 2))
        for k, (name, count) in enumerate(((NAMES[1], view.white), (NAMES[2], view.black))):
            column = left + width * (38 + 32 * k) // 100
            small.draw(picture, name, (column, top + small.cell[1] // 2))
            pen.draw(picture, str(count), (column, top + small.cell[1] * 3 // 2))
