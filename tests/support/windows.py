"""The pygame terminals under test: headless, on a simulated clock, read by their pixels."""

from __future__ import annotations

import math

from life2_retro.terminals.pacing import SimulatedClock
from life2_retro.terminals.window.crt import Crt
from life2_retro.terminals.window.teletype import Teletype

MASK = b"XXXXXX\r$$$$$$\r&&&&&&\r? "

SIZES = [(1024, 768), (1280, 800), (1920, 1080), (3840, 2160)]
"""The window sizes the Teletype and the exhibit are made for (issue 27)."""


def teletype(**options) -> Teletype:
    return Teletype(clock=SimulatedClock(), sound=False, **{"baud": None, **options})


def luminance(colour) -> float:
    return 0.2126 * colour[0] + 0.7152 * colour[1] + 0.0722 * colour[2]


def paper_cell(tty: Teletype, row: int, column: int) -> list[float]:
    """The luminance of one character cell as printed on the paper (the print head not over it)."""
    view = tty.view
    assert view is not None  # the Teletype draws its paper once it has a window
    _, _, width, height = view.cell_rect(row, column)
    view.take_new_strikes()
    line = view._line_surface(row)
    left = round(view.margin + column * view.char_w)
    return [luminance(line.get_at((left + i, j))) for j in range(height) for i in range(width)]


def ink(cell: list[float]) -> float:
    """How dark a cell is: 0 for bare paper."""
    paper = 240.0
    return sum(max(0.0, paper - value) for value in cell) / len(cell) / paper


def shape_change(after: list[float], before: list[float]) -> float:
    """How much the shape of a cell changed: the RMS change left once its uniform part is removed."""
    change = [a - b for a, b in zip(after, before, strict=True)]
    mean = sum(change) / len(change)
    return math.sqrt(sum((c - mean) ** 2 for c in change) / len(change))


def key(pygame, name: int, text: str = "", mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=name, mod=mod, unicode=text))


def typed(pygame, text: str) -> None:
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))


def crt(**options) -> Crt:
    return Crt(**{"clock": SimulatedClock(), "baud": None, "sound": False, **options})


def crt_with(*names: str, **options) -> Crt:
    """A glass terminal with only these effects on."""
    from life2_retro.terminals.window.crt import Effects

    return crt(effects=Effects.only(frozenset(names)), **options)


STILL_CRT = ("scanlines", "glow", "persistence", "vignette", "curvature", "bezel", "bloom", "burnin")
"""The glass terminal's effects that leave a still screen still (not flicker, jitter, the raster's static)."""


def teletype_with(*names: str, **options) -> Teletype:
    """A Teletype with only these effects on."""
    from life2_retro.terminals.window.teletype import PaperEffects

    return teletype(effects=PaperEffects.only(frozenset(names)), **options)


def picture(pygame, surface, rect=None) -> bytes:
    return pygame.image.tobytes(surface if rect is None else surface.subsurface(rect), "RGB")


def mean_level(surface, rect) -> float:
    """The mean of R+G+B over a rectangle of the window."""
    x0, y0, w, h = rect
    total = sum(sum(surface.get_at((x, y))[:3]) for x in range(x0, x0 + w) for y in range(y0, y0 + h))
    return total / (w * h)


def lit_box(surface, rect, level: int = 200) -> tuple[int, int, int, int] | None:
    """The box (left, top, right, bottom) of the pixels in `rect` whose R+G+B reaches `level`."""
    x0, y0, w, h = rect
    lit = [
        (x, y)
        for x in range(x0, x0 + w)
        for y in range(y0, y0 + h)
        if sum(surface.get_at((x, y))[:3]) >= level
    ]
    if not lit:
        return None
    return (min(x for x, _ in lit), min(y for _, y in lit), max(x for x, _ in lit), max(y for _, y in lit))


def teletype_with_sound() -> Teletype:
    return Teletype(clock=SimulatedClock(), baud=None, sound=True)
