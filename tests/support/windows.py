"""The pygame terminals under test: headless, on a simulated clock, read by their pixels."""

from __future__ import annotations

import math

from life2_retro.terminals.pacing import SimulatedClock
from life2_retro.terminals.window.crt import Crt
from life2_retro.terminals.window.teletype import Teletype

MASK = b"XXXXXX\r$$$$$$\r&&&&&&\r? "


def teletype(**options) -> Teletype:
    return Teletype(clock=SimulatedClock(), sound=False, **{"baud": None, **options})


def luminance(colour) -> float:
    return 0.2126 * colour[0] + 0.7152 * colour[1] + 0.0722 * colour[2]


def paper_cell(tty: Teletype, row: int, column: int) -> list[float]:
    """The luminance of one character cell as printed on the paper (the print head not over it)."""
    view = tty.view
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
    return Crt(clock=SimulatedClock(), **{"baud": None, "sound": False, **options})


def teletype_with_sound() -> Teletype:
    return Teletype(clock=SimulatedClock(), baud=None, sound=True)
