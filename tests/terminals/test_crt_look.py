"""The glass terminal's light, judged by its pixels: dots apart, letters apart, no ghost, no glare on text.

A real tube's glow does not merge its dots: the light between two dots of a
letter stays well under theirs, the gap between two letters stays dark, a line
scrolled away leaves no copy of itself a row below for longer than the
phosphor's afterglow (tens of ms for a green P1), and the room's light in the
glass stays off the text.
"""

from __future__ import annotations

import pytest

from ..support.windows import crt_with


def _green(surface, x: int, y: int) -> int:
    return int(surface.get_at((x, y))[1])


def test_the_dots_of_a_letter_stay_apart_in_the_glow():
    """Along the H's crossbar (five dots in a row), the light midway between two dots is under
    0.6 of the dimmest dot's peak, at 1920x1080 where a dot's pitch is three pixels."""
    from life2_retro.terminals.window.font import dots

    with crt_with("glow", "bloom", size=(1920, 1080)) as screen:
        _, _, width, height = screen.view.cell_rect(12, 40)
        glyphs = screen.view.layer.glyphs
        glyph = glyphs.get("H", width, height)
        pitch_x, pitch_y, left, top = glyphs.dot_grid(width, height)
        assert pitch_x >= 2.5  # the window has the pixels to show the dots apart
        bar = sorted(x for x, y in dots("H") if y == 3)
        assert bar == [0, 1, 2, 3, 4]
        y = round(top + 3.5 * pitch_y - 0.5)
        centres = [left + (x + 0.5) * pitch_x for x in bar]
        peaks = [max(_green(glyph, round(c - 0.5) + d, y) for d in (-1, 0, 1)) for c in centres]
        valleys = [
            min(_green(glyph, x, y) for x in range(round(a), round(b)))
            for a, b in zip(centres, centres[1:], strict=False)
        ]
    assert max(valleys) < 0.6 * min(peaks), (peaks, valleys)


@pytest.mark.parametrize("effects", [("glow",), ("glow", "bloom")])
def test_two_letters_side_by_side_never_touch(effects):
    """At 1024x768, where a cell is ten pixels wide, the column between two H's stays under a
    third of their dots' light, bloom or not: `PLAYER` does not smear into one shape."""
    with crt_with(*effects) as screen:
        screen.write(b"\r\n" * 12 + b" " * 40 + b"HH\r\n")
        screen.settle(0.2)
        x0, y, width, height = screen.view.cell_rect(12, 40)
        x1 = screen.view.cell_rect(12, 41)[0]
        surface = screen.surface
        peak = max(_green(surface, x, row) for x in range(x0, x1 + width) for row in range(y, y + height))
        between = min(  # the darkest column of the gap, top to bottom of the row
            max(_green(surface, gap, row) for row in range(y, y + height)) for gap in range(x1 - 2, x1 + 2)
        )
    assert peak > 150 and between < peak / 3, (peak, between)


@pytest.mark.parametrize("frame_step", [1 / 60, 1 / 20])
def test_a_scrolled_line_leaves_no_ghost_a_row_below(frame_step):
    """A line scrolled up one row: 50 ms later (three frames at 60 a second, or one frame of an
    exhibit's screenshot, which moves its clock 1/20 s a frame) its old place is dark, under 5% of
    its light. The afterglow fades by the frame's own length, whatever the clock."""
    from life2_retro.terminals.pacing import SimulatedClock

    with crt_with("glow", "persistence", clock=SimulatedClock(frame_step=frame_step)) as screen:
        screen.write(b"\r\n" * 23 + b" HHHHHHHH")
        screen.settle(0.3)
        row = screen.screen.rows - 1
        x, y, width, height = screen.view.cell_rect(row, 1)
        text = max(_green(screen.surface, x + i, y + j) for i in range(width * 8) for j in range(height))
        screen.write(b"\r\n")  # the line moves up a row; its old place is blank
        for _ in range(round(0.05 / frame_step)):
            screen.frame()
        assert screen.screen.text()[row].strip() == ""
        ghost = max(_green(screen.surface, x + i, y + j) for i in range(width * 8) for j in range(height))
    assert text > 150 and ghost < 0.05 * text, (text, ghost)


def test_the_lamp_in_the_glass_shines_beyond_the_text():
    """The brightest of the room's light in the glass (a lamp's glare) lies outside the text's area,
    and over the first rows' first forty columns, where the programs print, it is under half that."""
    import numpy as np
    import pygame

    from life2_retro.terminals.window import tube

    with crt_with("bezel", size=(640, 400)) as screen:  # the room's light is a field worked out in Python
        geometry = screen.view.geometry
        light = pygame.surfarray.array3d(tube._reflection(pygame, geometry))[:, :, 0].astype(int)  # [x, y]
        gx, gy, gw, gh = (round(v) for v in geometry.glass)
        glass = light[gx : gx + gw, gy : gy + gh]
        x, y = np.unravel_index(int(glass.argmax()), glass.shape)
        x, y = x + gx, y + gy
        tx, ty, tw, th = geometry.text
        assert not (tx <= x < tx + tw and ty <= y < ty + th), ((x, y), (tx, ty, tw, th))
        left, top, width, height = screen.view.cell_rect(0, 0)
        over_text = int(light[left : left + width * 40, top : top + height * 4].max())
    assert over_text < 0.5 * int(glass.max()), (over_text, int(glass.max()))
