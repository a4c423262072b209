"""The exhibit's panels read from two metres: text sized from the screen, every line whole, the
executing line plain to follow, at each screen size the exhibit is made for. Judged by pixels."""

from __future__ import annotations

import numpy as np
import pytest

from life2_retro.exhibit.annotations import annotated_listing, cell_life_rows
from life2_retro.exhibit.panel import ARROW, GREEN_BAR, HIGHLIGHT, PAPER, ListingPanel

from ..support.windows import SIZES


def drawn(pygame, panel: ListingPanel, window: tuple[int, int]) -> np.ndarray:
    """The panel drawn beside a window this size, as the exhibit lays it out: RGB, indexed [y, x]."""
    width, height = round(window[0] * panel.fraction), window[1]
    surface = pygame.Surface((width, height)).convert()
    panel.draw(surface, (0, 0, width, height))
    return pygame.surfarray.array3d(surface).transpose(1, 0, 2).astype(int)


def inked_rows(pixels: np.ndarray, background: np.ndarray) -> np.ndarray:
    """Which rows of a picture hold ink: some pixel much darker than the background."""
    darker = background.sum() - pixels.sum(axis=2)
    return (darker > 120).any(axis=1)


@pytest.mark.parametrize("window", SIZES, ids=lambda size: "x".join(map(str, size)))
def test_the_listing_is_set_a_sixtieth_of_the_screen_high_every_line_whole(pygame, window):
    """Capitals at least a sixtieth of the screen's height (18 pixels at 1080, 36 at 2160: read from
    two metres on a screen a metre or so across; the dot captions of before were 7 pixels high at
    768 and 800, 14 at 1080 and 21 at 2160), and every line of our annotations and of Cell Life's
    notes drawn to its last character inside the panel."""
    for rows in (annotated_listing(), cell_life_rows()[0]):
        panel = ListingPanel(pygame, rows, "WHAT EACH LINE DOES", lambda: [])
        drawn(pygame, panel, window)
        assert panel.text.cap >= window[1] / 60, (window, panel.text.cap)
        page = pygame.surfarray.array3d(panel._page).transpose(1, 0, 2).astype(int)
        shown = panel._shown
        for index, (_, text) in enumerate(rows):
            parts = [part for line, part in shown if line == index]
            assert "".join("".join(part.split()) for part in parts) == "".join(text.split()), (
                text
            )  # all of it
        for at, (index, text) in enumerate(shown):
            number = rows[index][0]
            assert panel.indent + panel.text.width(text) <= page.shape[1], (text, window)  # whole, not cut
            if number and text.strip() and text.isupper():
                band = page[at * panel.row_h : (at + 1) * panel.row_h]
                high = int(inked_rows(band, band[0, 0]).sum())
                assert high >= window[1] / 60, (text, window, high)


@pytest.mark.parametrize("window", SIZES, ids=lambda size: "x".join(map(str, size)))
def test_the_executing_line_is_marked_bar_arrow_and_bold_type_at_every_size(pygame, window):
    """The line the BASIC executes is on the highlighter's bar, a row high, with the red arrow beside
    it, in type bolder than the rest (more ink for the same characters), so a visitor follows it
    from afar."""
    rows = annotated_listing()
    panel = ListingPanel(pygame, rows, "WHAT EACH LINE DOES", lambda: [("B", "10")])
    number, text = next((number, text) for number, text in rows if number and len(text.strip()) > 20)
    panel.follow(number)
    picture = drawn(pygame, panel, window)
    alpha = HIGHLIGHT[3] / 255
    marked = [np.array(HIGHLIGHT[:3]) * alpha + np.array(paper) * (1 - alpha) for paper in (PAPER, GREEN_BAR)]
    text_area = picture[:, panel.indent :]
    on_bar = np.zeros(picture.shape[0], bool)
    for colour in marked:
        on_bar |= (np.abs(text_area - colour).sum(axis=2) < 12).mean(axis=1) > 0.3
    bar_rows = np.nonzero(on_bar)[0]
    assert len(bar_rows) >= 0.8 * panel.row_h and bar_rows.max() - bar_rows.min() < panel.row_h, window
    margin = picture[bar_rows.min() : bar_rows.max() + 1, : panel.indent]
    arrow = np.abs(margin - ARROW).sum(axis=2) < 60
    assert arrow.sum() > (panel.row_h / 3) ** 2 / 2, window  # a red triangle in the margin

    def ink(kind: str) -> int:
        row = pygame.Surface((picture.shape[1], panel.row_h)).convert()
        row.fill((255, 255, 255))
        panel.pen(kind, len(text)).draw(row, text, (panel.indent, 0))
        return int((255 * 3 - pygame.surfarray.array3d(row).astype(int).sum(axis=2)).sum())

    assert ink("bold") > 1.3 * ink("text"), window


@pytest.mark.parametrize("window", SIZES, ids=lambda size: "x".join(map(str, size)))
def test_the_status_line_is_larger_than_the_listing(pygame, window):
    """The box at the foot names the line running in capitals a quarter larger than the listing's."""
    panel = ListingPanel(pygame, annotated_listing(), "WHAT EACH LINE DOES", lambda: [("B", "10")])
    panel.follow(540)
    picture = drawn(pygame, panel, window)
    box = picture[-panel.box_h :]
    status = box[panel.row_h // 2 : panel.row_h // 2 + panel.status_text.row, panel.indent :]
    high = int(inked_rows(255 - status, np.array([255, 255, 255]) - box[0, 0]).sum())
    assert panel.status_text.cap >= 1.2 * panel.text.cap
    assert high >= 1.2 * panel.text.cap, (window, high)


LONG_LINE = (700, ' 700 PRINT "A LINE OF OUR OWN":PRINT "LONGER THAN A ROW OF THE PANEL";: GOTO 700')
"""A line longer than a row holds (not the listing's: its lines stay out of the project)."""


@pytest.mark.parametrize("window", [(1280, 800), (1920, 1080)], ids=lambda size: "x".join(map(str, size)))
def test_every_row_of_the_listing_is_one_height_a_long_line_goes_on_below(pygame, window):
    """The listing's line 700 was set at half the others' height to fit one row: now every row is
    set in one size, and a line too long for a row goes on over the next, under its statement, the
    bar and the arrow on all of its rows; the rows end short of the panel's edge, with a margin."""
    rows = [*annotated_listing()[:20], LONG_LINE, *annotated_listing()[20:30]]
    panel = ListingPanel(pygame, rows, "WHAT EACH LINE DOES", lambda: [])
    panel.follow(700)
    picture = drawn(pygame, panel, window)
    page = pygame.surfarray.array3d(panel._page).transpose(1, 0, 2).astype(int)
    heights = set()
    for at, (_, text) in enumerate(panel._shown):
        start = len(text) - len(text.lstrip())
        if not text[start : start + 1].isdigit():
            continue
        left = panel.indent + round(start * panel.text.advance)
        cell = page[at * panel.row_h : (at + 1) * panel.row_h, left : left + round(panel.text.advance)]
        heights.add(int(inked_rows(cell, np.array(PAPER if (at // 3) % 2 == 0 else GREEN_BAR)).sum()))
    assert max(heights) - min(heights) <= 1, heights  # every line number's digit as tall as the others
    long_rows = [text for index, text in panel._shown if rows[index] == LONG_LINE]
    assert len(long_rows) >= 2 and all(row.startswith(" " * 5) for row in long_rows[1:]), long_rows
    ink = (np.array(PAPER).sum() - page.sum(axis=2)) > 120
    right = np.nonzero(ink.any(axis=0))[0].max()
    assert page.shape[1] - 1 - right >= panel.text.cap, (window, page.shape[1] - 1 - right)
    # the bar covers both rows of line 700
    alpha = HIGHLIGHT[3] / 255
    marked = [np.array(HIGHLIGHT[:3]) * alpha + np.array(paper) * (1 - alpha) for paper in (PAPER, GREEN_BAR)]
    on_bar = np.zeros(picture.shape[0], bool)
    for colour in marked:
        on_bar |= (np.abs(picture[:, panel.indent :] - colour).sum(axis=2) < 12).mean(axis=1) > 0.3
    assert on_bar.sum() >= 1.6 * panel.row_h, (window, int(on_bar.sum()))
