"""Resolution is a setting, not a look: at each window size the terminals are made for, the page keeps
its 72 columns on 8.5 inches of paper, the tube its bezel in proportion, and the type is drawn at the
window's own resolution, not scaled up. Judged by the pixels of real windows, headless."""

from __future__ import annotations

import numpy as np
import pytest

from ..support.windows import SIZES, crt_with, luminance, teletype_with


def darkness_of(pygame, surface) -> np.ndarray:
    """How much darker than the bare paper each pixel of a surface is, indexed [y, x]."""
    rgb = pygame.surfarray.array3d(surface).astype(float)
    level = np.asarray(luminance((rgb[..., 0], rgb[..., 1], rgb[..., 2]))).T
    return np.clip(np.median(level) - level, 0, None)


@pytest.mark.parametrize("size", SIZES, ids=lambda size: "x".join(map(str, size)))
def test_the_page_keeps_72_columns_of_tenth_inch_capitals_on_8_5_inches_at_every_size(size):
    """The sheet is 8.5 of the 9.2 inches the window's width shows; 72 H's struck in a row are 71
    pitches of a tenth of an inch from the first to the last, all on the paper; a capital is a
    tenth of an inch high (with its pen's width, and the blows' wander up and down a line, an
    eighth); a line is a sixth of an inch: measured from the ink."""
    with teletype_with(size=size) as tty:
        tty.write(b"H" * 72 + b"\r\n")
        view = tty.view
        view.take_new_strikes()
        ink = darkness_of(tty.pygame, view._line_surface(tty.paper.row - 1)) > 60
        inch = size[0] / 9.2
        assert abs(view.paper_w - 8.5 * inch) <= 1 and abs(view.line_h - inch / 6) < 0.01

        def left_edge(column: int) -> int:
            start = round(view.margin + column * view.char_w)
            inked = np.nonzero(ink[:, start : round(start + view.char_w)].any(axis=0))[0]
            return start + int(inked.min())

        span = left_edge(71) - left_edge(0)
        assert abs(span - 7.1 * inch) <= 2 + 0.008 * inch, (size, span, 7.1 * inch)  # blows land a little off
        columns = np.nonzero(ink.any(axis=0))[0]
        assert columns.min() > 0 and columns.max() < view.paper_w - 1  # all 72 on the paper
        rows = np.nonzero(ink.any(axis=1))[0]
        capital = rows.max() - rows.min() + 1
        assert inch / 10 - 1 <= capital <= inch / 8 + 1, (size, capital, inch / 10)


@pytest.mark.parametrize("size", [(1920, 1080), (3840, 2160)], ids=lambda size: "x".join(map(str, size)))
def test_the_type_is_drawn_at_the_windows_resolution_not_scaled_up(size):
    """Across the stem of an H the ink rises from bare paper to full in at most two pixels, at any
    size: the edge of a line drawn at the window's resolution. A character drawn small and scaled up
    would rise over as many pixels as it was scaled (smoothly), or in steps that many wide."""
    with teletype_with(size=size) as tty:
        tty.write(b"H\r\n")
        view = tty.view
        view.take_new_strikes()
        ink = darkness_of(tty.pygame, view._line_surface(tty.paper.row - 1))
        middle = round(view.glyph_top + 2.5 * view.unit)  # across the upper stems, above the bar
        profile = ink[middle, : round(view.margin + view.char_w)]
        full = profile.max()
        rising = np.nonzero((profile > 0.1 * full) & (profile < 0.9 * full))[0]
        first_ink = np.nonzero(profile >= 0.1 * full)[0].min()
        edge = rising[rising < first_ink + 4 * view.unit]  # the left stem's left edge
        assert full > 100 and len(edge) <= 2, (size, profile[first_ink - 2 : first_ink + 8].round())


def test_the_glass_terminals_bezel_keeps_its_proportions_at_every_size():
    """The dark glass in the bezel's opening, found in the pixels along the middle row and column,
    starts at the same share of the window's width and height at every size (within a fifth of a
    percent): the housing and its bevel scale with the window, none of it is a fixed number of
    pixels."""
    shares = []
    for size in SIZES:
        with crt_with("bezel", size=size) as crt:
            crt.settle(0.05)
            picture = crt.pygame.surfarray.array3d(crt.surface).astype(int).sum(axis=2).T
            height, width = picture.shape
            across = np.nonzero(picture[height // 2] < 70)[0].min() / width  # the unlit glass: darkest
            down = np.nonzero(picture[:, width // 2] < 70)[0].min() / height
            shares.append((across, down))
    acrosses, downs = zip(*shares, strict=True)
    assert abs(acrosses[0] - 0.062) < 0.004, shares  # where the tube's layout puts the opening
    assert max(acrosses) - min(acrosses) < 0.002 and max(downs) - min(downs) < 0.002, shares
