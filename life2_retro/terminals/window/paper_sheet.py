"""The Teletype's paper as a thing in the room: its edges, and its curl at the top of the window.

* **Edges and light.** The room's light falls off across the sheet from the
  upper left. The roll's cut edges are a shade darker than the sheet (handled
  and a little yellowed), and the paper stands a little off what is behind it,
  so it casts a soft shadow, wider on the right: the light comes from the
  upper left.
* **Curl.** Below the print line the paper bends back round the platen,
  and turns away from the light. Paper fed out of a Model 33 curls back over the top as it leaves
  the platen. Seen from the front, the curled band shows more paper in less
  height, and turns away from the light. The band is drawn row by row from
  the printed lines themselves: a one-pixel blit for each row of the band,
  through a table made once per window size.

Both are drawn once per window size; a frame only blits them.
"""

from __future__ import annotations

import math
from typing import Any

CURL_BAND = 0.17
"""How much of the window's height the curl takes."""
CURL_RADIUS = 1.45
"""The curl's radius, in bands: larger is gentler (at the top, about 1.4 rows of paper a row)."""
CURL_SHADE = 0.8
"""The light left at the very top of the curl, where the paper faces furthest from the light."""
SHADOW = 12
"""The edge shadow's reach on the right, in pixels at 1024 wide (on the left, half that)."""
SHADOW_ALPHA = (70, 110)
"""The shadow's darkest, against the paper, out of 255: on the left, and on the right."""
EDGE_WIDTH = 4
"""The paper's darker cut edge, in pixels at 1024 wide."""
EDGE_TINT = (26, 30, 40)
"""How much the very edge takes off red, green and blue (out of 255): darker and warmer."""
LIGHT_ACROSS = (0.035, 0.2, 0.06, 0.25)
"""The room's light across the sheet: the share lost at the left edge, fading out over the first
fifth; and the share lost at the right edge, rising from a quarter across."""
PLATEN_SHADE = (0.09, 0.16)
"""Below the print line: the light lost at once (over six rows), and more by the window's foot."""


def curl_rows(height: int) -> list[float]:
    """For each window row of the curl band (from the top), the row of flat paper it shows,
    counted from the same top: negative means paper above the window, rolled into view."""
    band = max(1, round(height * CURL_BAND))
    radius = band * CURL_RADIUS
    rows = []
    for y in range(band):
        seen_above = band - y  # how far above the band's foot this window row is
        rows.append(band - radius * math.asin(min(1.0, seen_above / radius)))
    return rows


def curl_shade(pygame: Any, width: int, height: int) -> Any:
    """The curl's light, to multiply over the band: dimmer towards the top as the paper turns
    away, with a faint brighter line where the bend meets the flat sheet."""
    band = max(1, round(height * CURL_BAND))
    radius = band * CURL_RADIUS
    shade = pygame.Surface((width, band)).convert()
    for y in range(band):
        angle = math.asin(min(1.0, (band - y) / radius))  # 0 at the foot, steeper upward
        level = CURL_SHADE + (1 - CURL_SHADE) * math.cos(angle) ** 2
        if band - y <= 2:
            level = min(1.0, level + 0.02)
        shade.fill((round(255 * level),) * 3, (0, y, width, 1))
    return shade


def edge_strips(pygame: Any, height: int, scale: float) -> tuple[Any, Any, int, int]:
    """The shadows beside the paper, left and right, as alpha strips the window's height, and
    their widths."""
    right_w = max(3, round(SHADOW * scale))
    left_w = max(2, right_w // 2)
    strips = []
    for width, strength in zip((left_w, right_w), SHADOW_ALPHA, strict=True):
        strip = pygame.Surface((width, height), pygame.SRCALPHA)
        for x in range(width):
            fall = (1 - x / width) ** 2  # darkest against the paper
            strip.fill((0, 0, 0, round(strength * fall)), (x, 0, 1, height))
        strips.append(strip)
    left = pygame.transform.flip(strips[0], True, False)
    return left, strips[1], left_w, right_w


def edge_tint(pygame: Any, height: int, scale: float) -> Any:
    """The paper's own edge: a few pixels a shade darker and warmer, to multiply at each side."""
    width = max(2, round(EDGE_WIDTH * scale))
    tint = pygame.Surface((width, height)).convert()
    for x in range(width):
        t = 1 - x / width
        red, green, blue = (round(255 - less * t) for less in EDGE_TINT)
        tint.fill((red, green, blue), (x, 0, 1, height))
    return tint


def platen_shade(pygame: Any, width: int, height: int) -> Any:
    """Below the print line the paper bends back round the platen, away from the light: to
    multiply over it, a shade that deepens downward from a soft start."""
    shade = pygame.Surface((width, max(1, height))).convert()
    for y in range(max(1, height)):
        t = y / max(1, height - 1)
        level = 1 - PLATEN_SHADE[0] * min(1.0, y / 6) - PLATEN_SHADE[1] * t**1.4
        shade.fill((round(255 * level), round(253 * level), round(250 * level)), (0, y, width, 1))
    return shade


def light_across(pygame: Any, width: int, height: int) -> Any:
    """The room's light across the sheet, from the upper left: to multiply over each line as it is
    drawn (the same for every line, so a line carries it as it scrolls)."""
    row = pygame.Surface((width, 1)).convert()
    for x in range(width):
        t = x / max(1, width - 1)
        left, left_reach, right, right_from = LIGHT_ACROSS
        level = (
            1
            - left * max(0.0, left_reach - t) / left_reach
            - right * max(0.0, t - right_from) / (1 - right_from)
        )
        row.set_at((x, 0), (round(255 * level), round(254 * level), round(252 * level)))
    return pygame.transform.scale(row, (width, height)).convert()
