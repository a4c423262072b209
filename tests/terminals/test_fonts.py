"""Every glyph of every font the pygame terminals draw is drawn whole, as the font defines it.

The glass terminal's phosphor glyphs (every printable character, capitals and
lower case) are our dot font (font.py): what lands on the surface is compared
with the font's dots, none missing, none cut at the edge of the cell. The
Teletype's type (its 64 characters) and the live listing's captions in the
panel the exhibit puts beside either terminal are our stroke font
(typeface.py): each is drawn for real, headless, and checked to be whole on
its own line or row, and solid along every stroke, at every size.
"""

from __future__ import annotations

import math
import statistics

import numpy as np
import pytest

from life2_retro.terminals.window.font import HEIGHT, TELETYPE_CHARACTERS, WIDTH, dots
from life2_retro.terminals.window.glass_text import place_rows
from life2_retro.terminals.window.screen import GlassScreen
from life2_retro.terminals.window.tube import TubeGeometry

from ..support.windows import SIZES

PRINTABLE = [chr(code) for code in range(0x21, 0x7F)]
"""Every character with dots: the glass terminal shows them all, the panel's captions too."""
TAILS = "gjpqy"
LOWER_CASE = [char for char in PRINTABLE if char.islower()]
GREEN = (70, 255, 110)


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


def test_every_drawing_of_the_stroke_font_keeps_to_its_box():
    """Every character of the type and the captions is in the format, and within the room a glyph
    is drawn in: its body's width (a little over, for a tail or a slant) and from the ascent to the
    descent."""
    from life2_retro.terminals.window.strokes import bounds, flatten
    from life2_retro.terminals.window.typeface import ASCENT, BODY_WIDTH, CAPTIONS, DESCENT, MODEL_33

    for char, strokes in [*MODEL_33.items(), *CAPTIONS.items()]:
        if not strokes:
            continue
        left, top, right, bottom = bounds(flatten(strokes))
        assert left >= -0.3 and right <= BODY_WIDTH + 0.3, char
        assert top >= ASCENT and bottom <= DESCENT, char


@pytest.mark.parametrize(
    "written",
    ["0,0 x", "~1,1 2,2", "0,0 ~1,1", "0,0 ~1,1 ~2,2 ~3,3 4,4", "o 3,5", "o 3,5 3,5 90 45", "o 3,5 3,5 a b"],
)
def test_a_stroke_not_in_the_format_is_refused_saying_what_is_wrong(written):
    from life2_retro.terminals.window.strokes import StrokeError, flatten

    with pytest.raises(StrokeError):
        flatten(written)


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
    "window",
    [(320, 240), (440, 330), (496, 372), (640, 480), (1024, 768), (1280, 800), (1920, 1080), (3840, 2160)],
)
def test_every_teletype_character_is_struck_whole_on_its_own_line(pygame, window):
    """The most worn type (rising or sinking its most, drifting its most) and the blows that land
    furthest off put all of a letter's ink (every pixel inked an tenth or more) on the line's own paper, which the next line does not
    cover, at every window size down to the smallest; and all the ink a soaked spot spreads (the
    blot), in windows 640 wide or more: in a smaller one a line is under 12 pixels, too short for a
    blot's faint edge, which is cut there rather than let push the letters off their line."""
    from life2_retro.terminals.window.paper import COLUMNS, PaperRoll, Strike
    from life2_retro.terminals.window.printed_type import INKED
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
                        for soaked_by in ("", "X", "X$", "X$&"):
                            placed = view.impressions(0, column, strike, soaked_by)
                            assert len(placed) == (2 if soaked_by in ("X", "X$") else 1)
                            for surface, at in placed[-1:] if window[0] < 640 else placed:
                                inked = surface.get_bounding_rect(min_alpha=INKED).move(at)
                                assert inked.top >= 0 and inked.bottom <= line, (char, window, inked, line)
                                assert inked.left >= 0 and inked.right <= view.paper_w, (char, window)


def darkness(pygame, surface) -> np.ndarray:
    """How much darker than the bare paper each pixel is, indexed [y, x]."""
    rgb = pygame.surfarray.array3d(surface).astype(float)
    level = (0.2126 * rgb[..., 0] + 0.7152 * rgb[..., 1] + 0.0722 * rgb[..., 2]).T
    return np.clip(np.median(level) - level, 0, None)


def along_the_strokes(strokes: str, step: float, ends: float = 0.0):
    """Points along the strokes of a character (in the type's units) no more than `step` apart, each
    with the direction of its stroke there (a dot's centre has none); none nearer than `ends` to
    either end of a stroke or to a sharp corner of it (where it turns by more than 45 degrees, its
    outer edge is an end's)."""
    from life2_retro.terminals.window.strokes import flatten

    for path in flatten(strokes):
        if len(path) == 1:
            yield path[0], None
            continue
        pieces = list(zip(path, path[1:], strict=False))
        lengths = [math.dist(a, b) for a, b in pieces]
        starts = [sum(lengths[:k]) for k in range(len(pieces))]
        corners = [0.0, sum(lengths)]
        for k in range(1, len(pieces)):
            (a, b), (_, c) = pieces[k - 1], pieces[k]
            turn = abs(math.atan2(c[1] - b[1], c[0] - b[0]) - math.atan2(b[1] - a[1], b[0] - a[0]))
            if min(turn, 2 * math.pi - turn) > math.radians(45):
                corners.append(starts[k])
        for ((x0, y0), (x1, y1)), length, start in zip(pieces, lengths, starts, strict=True):
            count = max(1, math.ceil(length / step))
            for i in range(count + 1):
                along = start + length * i / count
                if all(abs(along - corner) >= ends for corner in corners):
                    point = (x0 + (x1 - x0) * i / count, y0 + (y1 - y0) * i / count)
                    yield point, ((x1 - x0) / length, (y1 - y0) / length)


def bilinear(ink: np.ndarray, x: float, y: float) -> float:
    """The darkness at a point between pixel centres."""
    x, y = x - 0.5, y - 0.5
    left, top = math.floor(x), math.floor(y)
    fx, fy = x - left, y - top
    block = ink[top : top + 2, left : left + 2]
    weights = np.array([[(1 - fx) * (1 - fy), fx * (1 - fy)], [(1 - fx) * fy, fx * fy]])
    return float((block * weights).sum())


def across(
    ink: np.ndarray, point: tuple[float, float], direction: tuple[float, float], reach: float
) -> float:
    """The ink across a stroke at a point of it: its darkness summed along the normal, `reach` pixels
    each side. Anti-aliasing spreads a line's ink over pixels but keeps its sum, so a solid stroke
    has the same sum wherever it is measured, on a pixel or between two."""
    nx, ny = -direction[1], direction[0]
    steps = np.arange(-reach, reach + 0.001, 0.25)
    return sum(bilinear(ink, point[0] + t * nx, point[1] + t * ny) for t in steps) * 0.25


PAD = 4
"""Bare paper around a printed line, so that a measure may reach past its edges."""


def printed_line(pygame, window, effects: frozenset[str], chars: list[str]):
    """The characters printed once each on a line of a Teletype's paper at this window size: the
    view, the line's darkness with PAD pixels of bare paper around it, and (char, where its (0, 0)
    landed on that) for each."""
    from life2_retro.terminals.window.paper import PaperRoll
    from life2_retro.terminals.window.teletype import OFFSET_UNIT, PaperEffects, PaperView

    paper = PaperRoll()
    view = PaperView(paper, pygame, PaperEffects.only(effects))
    view.layout(window)
    paper.receive("".join(chars).encode("ascii"))
    view.take_new_strikes()
    placed = []
    line = paper.line(paper.row)
    assert line is not None  # the carriage's own row is always on the paper
    for column, char in enumerate(chars):
        strike = line.cells[column][0]
        dx, dy = strike.dx, strike.dy
        if "baseline" in effects:
            face = view.type_box.face(char)
            dx, dy = dx + face.drift, dy + face.rise
        left = view.margin + column * view.char_w + view.glyph_left + dx * OFFSET_UNIT * view.unit
        placed.append((char, (PAD + left, PAD + view.glyph_top + dy * OFFSET_UNIT * view.unit)))
    return view, np.pad(darkness(pygame, view._line_surface(paper.row)), PAD), placed


@pytest.mark.parametrize("window", SIZES, ids=lambda size: "x".join(map(str, size)))
def test_every_teletype_character_is_one_solid_stroke_of_ink(pygame, window):
    """A Model 33 prints each character whole, in one stroke of ink, not as a grid of dots. Printed on
    paper at each size the Teletype is made for:

    * as a new machine prints (no wear, a new ribbon: every effect off), the ink across a stroke is
      at every point of every stroke of every character at least four fifths of the ink across the
      hyphen's one straight stroke (away from the round ends and sharp corners, where the pen's
      edge turns; where strokes cross there is more). Along a row of dots it dips between each two
      dots: the 5x7 type of before fell to under two thirds of its hyphen's between the dots of an
      E, H, I, L or T at 1280x800, 1920x1080 and 3840x2160 (at 1024x768 its dots ran together);
    * worn and with a drying ribbon's cloth (every effect on, light blows too), no point along a
      stroke is bare paper: each is at least a quarter as dark as the character's darkest pixel."""
    from life2_retro.terminals.window.typeface import MODEL_33, PEN

    chars = sorted(TELETYPE_CHARACTERS - {" "})
    view, ink, placed = printed_line(pygame, window, frozenset(), chars)
    reach = PEN * view.unit / 2 + 2
    ends = PEN / 2 + 1 / view.unit  # the round end, and a pixel of anti-aliasing past it

    def sums(char: str, at: tuple[float, float]) -> list[tuple[float, tuple[float, float]]]:
        left, top = at
        return [
            (across(ink, (left + x * view.unit, top + y * view.unit), direction, reach), (x, y))
            for (x, y), direction in along_the_strokes(MODEL_33[char], 0.25 / view.unit, ends)
            if direction is not None  # a dot's centre: a full stop, a colon
        ]

    hyphen = statistics.median(total for total, _ in sums(*placed[chars.index("-")]))
    for char, (left, top) in placed:
        thin = [
            (round(total / hyphen, 2), where)
            for total, where in sums(char, (left, top))
            if total < 0.8 * hyphen
        ]
        assert thin == [], (char, window, thin[:5])

    from life2_retro.terminals.window.teletype import PaperEffects

    view, ink, placed = printed_line(pygame, window, frozenset(PaperEffects.all_names()), chars)
    for char, (left, top) in placed:
        own = ink[:, math.floor(left - view.unit) : math.ceil(left + 7.5 * view.unit)]  # not a neighbour's
        darkest = own.max()
        assert darkest > 60, (char, darkest)  # a character is printed there
        bare = []
        for (x, y), _ in along_the_strokes(MODEL_33[char], 0.25 / view.unit):  # a quarter pixel apart
            px, py = left + x * view.unit - 0.5, top + y * view.unit - 0.5  # from pixel centres
            near = ink[math.floor(py) : math.floor(py) + 2, math.floor(px) : math.floor(px) + 2]
            if near.max() < darkest / 4:
                bare.append((round(x, 2), round(y, 2)))
        assert bare == [], (char, window, bare[:5])


# -- the live listing's captions ------------------------------------------------------------------


@pytest.mark.parametrize("height", [600, 768, 800, 900, 1080, 1300, 2160])
def test_every_caption_glyph_lands_whole_in_its_own_row_of_the_listing(pygame, height):
    """Each row of the panel's page holds exactly the ink its characters leave when drawn alone on a
    row of their own: none lost under the next row's green bar, none hanging into it. And each
    character's ink, the tails of g, j, p, q, y and the bars of brackets too, lies inside its row."""
    from life2_retro.exhibit.panel import GREEN_BAR, PAPER, ROW_BAND, ListingPanel

    per_row = 8
    texts = ["".join(PRINTABLE[i : i + per_row]) for i in range(0, len(PRINTABLE), per_row)]
    panel = ListingPanel(pygame, [(n, text) for n, text in enumerate(texts, 1)], "CAPTIONS", lambda: [])
    width = round(height * 0.38 * 4 / 3)  # the panel of a 4:3 window
    surface = pygame.Surface((width, height))
    panel.draw(surface, (0, 0, width, height))
    page = panel._page
    for number, text in enumerate(texts):
        alone = pygame.Surface((width, panel.row_h)).convert()
        alone.fill(GREEN_BAR if (number // ROW_BAND) % 2 else PAPER)
        panel.text.draw(alone, text, (panel.indent, 0))
        band = page.subsurface((0, number * panel.row_h, width, panel.row_h))
        assert pygame.image.tobytes(band, "RGB") == pygame.image.tobytes(alone, "RGB"), (text, height)
    pen = panel.text
    for char in PRINTABLE:
        inked = pen.inked(char)
        assert inked.width and inked.top >= 0 and inked.bottom <= pen.row, (char, height, inked, pen.row)
