"""Every glyph of every font the pygame terminals draw is drawn whole, as the font defines it.

Three draw our dot font (font.py): the glass terminal's phosphor glyphs (every
printable character, capitals and lower case), the Teletype's type (its 64
characters), and the live listing's captions in the panel the exhibit puts
beside either terminal. Each is drawn for real, headless, and what lands on
the surface is compared with the font's dots: none missing, none cut at the
edge of the cell, the line or the row it is drawn in.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from life2_retro.terminals.window.font import HEIGHT, TELETYPE_CHARACTERS, WIDTH, caption_dots, dots
from life2_retro.terminals.window.glass_text import place_rows
from life2_retro.terminals.window.screen import GlassScreen
from life2_retro.terminals.window.tube import TubeGeometry

PRINTABLE = [chr(code) for code in range(0x21, 0x7F)]
"""Every character with dots: the glass terminal shows them all, the panel's captions too."""
TAILS = "gjpqy"
LOWER_CASE = [char for char in PRINTABLE if char.islower()]
GREEN = (70, 255, 110)


@pytest.fixture(scope="module")
def pygame():
    import pygame

    pygame.display.init()
    pygame.display.set_mode((64, 64))
    yield pygame
    pygame.display.quit()


def light(pygame, surface) -> np.ndarray:
    """The brightest channel of each pixel, indexed [y, x]."""
    return pygame.surfarray.array3d(surface).max(axis=2).T


# -- the font -------------------------------------------------------------------------------------


def test_the_tails_of_g_j_p_q_y_hang_below_the_baseline_and_no_other_letter_does():
    """Squeezed above the baseline, g reads as 9 and q as 4 (issue 23's "9eneration", "4uit")."""
    x_height = min(row for char in "acemnorsuvwxz" for _, row in dots(char))
    for char in LOWER_CASE:
        rows = [row for _, row in dots(char)]
        if char in TAILS:
            assert max(rows) > HEIGHT - 1, f"{char!r} ends on the baseline"
        else:
            assert max(rows) == HEIGHT - 1, f"{char!r} does not stand on the baseline"
        if char in "gpqy":
            assert min(rows) == x_height, f"{char!r}'s bowl is not at the x-height"
    for char in PRINTABLE:
        assert all(0 <= column < WIDTH and row >= 0 for column, row in dots(char)), char
        if not char.islower() and char not in ",;":
            assert max(row for _, row in dots(char)) <= HEIGHT - 1, char


# -- the glass terminal ---------------------------------------------------------------------------

LOOKS = {"crisp": (False, False), "glow": (True, False), "bloom": (True, True)}


def glass_cells(size: tuple[int, int]) -> tuple[tuple[float, float], list[tuple[int, int]]]:
    """A window's flat cell, and the cell sizes its faces have: flat, and the largest and smallest
    of the curved one."""
    screen = GlassScreen()
    flat = TubeGeometry.lay_out(size, bezel=True, curved=False)
    cell = (flat.text[2] / screen.columns, flat.text[3] / screen.rows)
    curved = TubeGeometry.lay_out(size, bezel=True, curved=True)
    sizes = {(w, h) for placed in place_rows(screen, curved, 0) for _, _, w, h in placed.cells}
    flat_size = place_rows(screen, flat, 0)[0].cells[0][2:]
    return cell, sorted({flat_size, min(sizes), max(sizes)})


@pytest.mark.parametrize("look", list(LOOKS))
@pytest.mark.parametrize("window", [(1024, 768), (1280, 800), (640, 480)])
def test_every_glass_glyph_keeps_all_its_light_inside_the_surface_it_is_drawn_on(pygame, look, window):
    """Drawn again with a wider margin, a glyph's dots and halos put no light past the margin it has:
    nothing of them was cut. (The bloom spreads the light on purpose to its margin's edge: the dots
    and halos under it are checked.)"""
    from life2_retro.terminals.window.glyphs import PhosphorGlyphs

    glow, bloom = LOOKS[look]
    cell, sizes = glass_cells(window)
    glyphs = PhosphorGlyphs(pygame, GREEN, glow, bloom, cell)
    probe = PhosphorGlyphs(pygame, GREEN, glow, False, cell)
    extra = 6
    probe.pad = glyphs.pad + extra
    for width, height in sizes:
        for char in PRINTABLE:
            drawn = light(pygame, glyphs.get(char, width, height))
            wide = light(pygame, probe.get(char, width, height))
            assert wide.any(), char
            inside = np.zeros(wide.shape, bool)
            inside[extra : extra + drawn.shape[0], extra : extra + drawn.shape[1]] = True
            assert not wide[~inside].any(), f"{char!r} in a {width}x{height} cell ({look}) is cut"
            if not bloom:  # the same light, in the same place, as drawn with its own margin
                assert np.array_equal(wide[inside].reshape(drawn.shape), drawn), char


@pytest.mark.parametrize("look", list(LOOKS))
def test_the_glass_glyphs_tails_hang_below_the_capitals_in_every_look(pygame, look):
    from life2_retro.terminals.window.glyphs import PhosphorGlyphs

    glow, bloom = LOOKS[look]
    cell, sizes = glass_cells((1024, 768))
    glyphs = PhosphorGlyphs(pygame, GREEN, glow, bloom, cell)

    def lowest(char: str, width: int, height: int) -> int:
        seen = light(pygame, glyphs.get(char, width, height))
        return int(np.nonzero((seen >= seen.max() / 2).any(axis=1))[0].max())

    for width, height in sizes:
        baseline = max(lowest(char, width, height) for char in "EHLZ")
        pitch = height * 0.72 / HEIGHT
        for char in TAILS:
            assert lowest(char, width, height) >= baseline + pitch, (char, width, height, look)
        for char in "aceos":
            assert lowest(char, width, height) <= baseline + pitch / 2, (char, width, height, look)


def test_every_glass_glyph_shows_exactly_the_fonts_dots(pygame):
    """Crisp, in a large cell: each place of the grid is lit just where the font has a dot."""
    from life2_retro.terminals.window.font import ROWS
    from life2_retro.terminals.window.glyphs import PhosphorGlyphs

    cell, _ = glass_cells((2560, 1440))
    width, height = math.ceil(cell[0]), math.ceil(cell[1])
    glyphs = PhosphorGlyphs(pygame, GREEN, False, False, cell)
    pitch_x, pitch_y, left, top = glyphs.dot_grid(width, height)
    for char in PRINTABLE:
        seen = light(pygame, glyphs.get(char, width, height))
        lit = {
            (column, row)
            for column in range(WIDTH)
            for row in range(ROWS)
            if seen[int(top + (row + 0.4) * pitch_y), int(left + (column + 0.45) * pitch_x)]
        }
        assert lit == set(dots(char)), char


# -- the Teletype ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "window", [(320, 240), (440, 330), (496, 372), (640, 480), (1024, 768), (1280, 800), (2560, 1440)]
)
def test_every_teletype_character_is_struck_whole_on_its_own_line(pygame, window):
    """The most worn type (rising or sinking its most, drifting its most) and the blows that land
    furthest off put every dot's ink on the line's own paper, which the next line does not cover,
    at every window size down to the smallest."""
    from life2_retro.terminals.window.paper import COLUMNS, PaperRoll, Strike
    from life2_retro.terminals.window.teletype import PaperView
    from life2_retro.terminals.window.type_wear import TypeBox, TypeFace

    class WornMost(TypeBox):
        def __init__(self, rise: float, drift: float) -> None:
            super().__init__(33)
            self.worn = TypeFace(force=1.0, lean=0.3, rise=rise, drift=drift)

        def face(self, char: str) -> TypeFace:
            return self.worn

    view = PaperView(PaperRoll(), pygame)
    view.layout(window)
    line = math.floor(view.line_h)
    for rise in (-0.6, 0.6):
        for drift in (-0.25, 0.25):
            view.type_box = WornMost(rise, drift)
            for char in sorted(TELETYPE_CHARACTERS - {" "}):
                for seed in range(6):
                    for column in (0, COLUMNS - 1):
                        strike = Strike(char, ink=1.0, dx=drift, dy=rise / 3, seed=seed)
                        stamps = view.dot_stamps(0, column, strike)
                        assert len(stamps) == len(dots(char))
                        for stamp, at in stamps:
                            inked = stamp.get_bounding_rect().move(at)
                            assert inked.top >= 0 and inked.bottom <= line, (char, window, inked, line)
                            assert inked.left >= 0 and inked.right <= view.paper_w, (char, window)


# -- the live listing's captions ------------------------------------------------------------------


@pytest.mark.parametrize("height", [600, 900, 1300])
def test_every_caption_glyph_lands_whole_in_its_own_row_of_the_listing(pygame, height):
    """Each row of the panel holds exactly the ink of its characters' dots: none lost under the next
    row's green bar, none hanging into it."""
    from life2_retro.exhibit.panel import INK, ListingPanel

    per_row = 8
    texts = ["".join(PRINTABLE[i : i + per_row]) for i in range(0, len(PRINTABLE), per_row)]
    panel = ListingPanel(pygame, [(n, text) for n, text in enumerate(texts, 1)], "CAPTIONS", lambda: [])
    surface = pygame.Surface((560, height))
    panel.draw(surface, (0, 0, 560, height))
    inked = np.all(pygame.surfarray.array3d(surface).transpose(1, 0, 2) == INK, axis=2)
    dot = panel.text.dot
    square = max(1, dot - (dot > 2)) ** 2
    top = panel.header_h
    for number, text in enumerate(texts):
        band = inked[top + number * panel.row_h : top + (number + 1) * panel.row_h]
        expected = sum(len(caption_dots(char)) for char in text) * square
        assert int(band.sum()) == expected, (text, height)
    assert not inked[top + len(texts) * panel.row_h :].any()
