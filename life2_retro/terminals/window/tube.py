"""The picture tube's still parts, drawn once per window size: the glass, the raster, the bezel.

A frame of the glass terminal is a few whole-window blits of what is made
here, so everything slow (soft edges, gradients, the reflection) is paid for
once, when the window opens or changes size:

* `TubeGeometry`: where the glass, the raster and the text are, and the bulge;
* `overlay`: multiplied over the picture: scanlines, the vignette, and the
  bezel's opening (black outside it);
* `raster_shape`, `raster_light`: the blank raster's faint glow, added under the text, so an
  idle screen is not black and the vignette can be seen on it;
* `static`: the raster's noise, a few stills of it, one chosen each frame;
* `housing`: added last: the bezel around the glass, the dark unlit glass,
  and the room's light reflected in it.

Soft shapes are drawn small and scaled up smoothly: a blur for free.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any

from .curvature import Barrel

Rect = tuple[float, float, float, float]

SCANLINE_SHADE = 168
"""The dark row between two beam lines, as a multiplier out of 255."""
VIGNETTE_DEPTH = 110
"""How much darker the raster's corners are than its centre, out of 255."""
RASTER_LEVEL = 0.05
"""The blank raster's glow, as a fraction of the phosphor's full colour."""
NOISE_LEVEL = 9
"""The static's brightest grain, out of 255."""
HOUSING = (56, 53, 49)
"""The bezel's plastic, lit from above (its top edge); it darkens downward."""
GLASS = (13, 15, 14)
"""Unlit phosphor behind the glass, seen in the room's light."""
LAMP = (0.965, 0.035)
"""Where a lamp's glare is on the glass, as shares of its width and height: in the corner beyond the
text's last column and above its first row, where nothing is printed."""


@dataclass(frozen=True)
class TubeGeometry:
    size: tuple[int, int]
    glass: Rect
    """The opening in the bezel: the whole window without a bezel."""
    raster: Rect
    """The flat raster the beam sweeps (before the bulge)."""
    text: Rect
    """The flat area of the 80x24 characters."""
    barrel: Barrel | None
    """The bulge of the face; None for a flat picture."""
    radius: int
    """The rounding of the glass's corners."""

    @classmethod
    def lay_out(cls, size: tuple[int, int], bezel: bool, curved: bool) -> TubeGeometry:
        width, height = size
        if bezel:
            glass = _inset((0, 0, width, height), width * 0.062, height * 0.075)
            raster = _inset(
                glass, glass[2] * (0.012 if curved else 0.03), glass[3] * (0.016 if curved else 0.04)
            )
            text = _inset(raster, raster[2] * 0.025, raster[3] * 0.03)
        else:  # the layout without a tube: the text where it has always been
            glass = (0, 0, width, height)
            text = _inset(glass, width * 0.05, height * 0.06)
            raster = _inset(text, -width * 0.025, -height * 0.03)
        barrel = None
        if curved:
            centre = (raster[0] + raster[2] / 2, raster[1] + raster[3] / 2)
            barrel = Barrel(centre, (raster[2] / 2, raster[3] / 2))
        radius = round(min(width, height) * (0.07 if bezel else 0.0))
        return cls(size, glass, raster, text, barrel, radius)


def _inset(rect: Rect, dx: float, dy: float) -> Rect:
    x, y, w, h = rect
    return (x + dx, y + dy, w - 2 * dx, h - 2 * dy)


def solid(pygame: Any, size: tuple[int, int], colour: tuple[int, int, int]) -> Any:
    """A surface of one colour: blitting one with a blend flag is many times faster than filling
    with that flag."""
    surface = pygame.Surface(size).convert()
    surface.fill(colour)
    return surface


def _soft(
    pygame: Any, size: tuple[int, int], scale: int, draw: Any, background: tuple[int, int, int] = (0, 0, 0)
) -> Any:
    """`draw(small, scale)` on a surface `scale` times smaller, scaled up smoothly: soft edges."""
    small = solid(pygame, (max(1, size[0] // scale), max(1, size[1] // scale)), background)
    draw(small, scale)
    return pygame.transform.smoothscale(small, size).convert()


def glass_mask(pygame: Any, geometry: TubeGeometry) -> Any:
    """White where the glass is, black under the bezel, with an edge softened over two pixels."""
    size = geometry.size
    big = solid(pygame, (size[0] * 2, size[1] * 2), (0, 0, 0))
    x, y, w, h = geometry.glass
    pygame.draw.rect(
        big, (255, 255, 255), (round(2 * x), round(2 * y), round(2 * w), round(2 * h)), 0, geometry.radius * 2
    )
    return pygame.transform.smoothscale(big, size).convert()


def overlay(
    pygame: Any, geometry: TubeGeometry, scanlines: bool, vignette: bool, bezel: bool, mask: Any | None
) -> Any | None:
    """What the picture is multiplied by: None when nothing would change it."""
    if not (scanlines or vignette or bezel):
        return None
    size = geometry.size
    surface = _vignette(pygame, geometry) if vignette else solid(pygame, size, (255, 255, 255))
    if scanlines:
        line = solid(pygame, (size[0], 1), (SCANLINE_SHADE,) * 3)
        for y in range(1, size[1], 2):
            surface.blit(line, (0, y), special_flags=pygame.BLEND_MULT)
    if bezel and mask is not None:
        surface.blit(mask, (0, 0), special_flags=pygame.BLEND_MULT)
    return surface


FIELDS_KEPT = 32
"""Fields worked out before, kept for the next window of the same geometry (see `_field`)."""
_fields: dict[tuple[object, ...], bytes] = {}


def _field(pygame: Any, size: tuple[int, int], scale: int, value: Any) -> Any:
    """A grey picture from `value(x, y)` (0 to 255) worked out on a grid `scale` pixels apart, then
    scaled up smoothly: a smooth field costs a few thousand calls, not a million.

    The grid is kept, keyed by `value`'s code and what it closes over (a geometry, numbers), so a
    change of effects or phosphor, or a second window of the same size, does not work it out again:
    it is pure Python, and was four fifths of `bench --render`'s time."""
    width, height = max(2, size[0] // scale + 2), max(2, size[1] // scale + 2)
    key = _field_key(size, scale, value)
    values = _fields.get(key) if key is not None else None
    if values is None:
        step_x, step_y = size[0] / (width - 1), size[1] / (height - 1)
        grid = ((i * step_x, j * step_y) for j in range(height) for i in range(width))
        values = bytes(max(0, min(255, round(value(x, y)))) for x, y in grid)
        if key is not None:
            if len(_fields) >= FIELDS_KEPT:
                del _fields[next(iter(_fields))]  # the oldest
            _fields[key] = values
    grey = pygame.image.frombuffer(values, (width, height), "P")
    grey.set_palette([(i, i, i) for i in range(256)])
    return pygame.transform.smoothscale(grey.convert(), size).convert()


def _field_key(size: tuple[int, int], scale: int, value: Any) -> tuple[object, ...] | None:
    """What makes a field: the function's code and the values it closes over; None when one of
    them cannot be a key (then the field is worked out each time)."""
    cells = tuple(cell.cell_contents for cell in value.__closure__ or ())
    key = (value.__code__, cells, size, scale)
    try:
        hash(key)
    except TypeError:
        return None
    return key


def _flat_position(geometry: TubeGeometry, x: float, y: float) -> tuple[float, float]:
    """Where a point of the window is on the flat raster, from its centre, in half-sizes (-1 to 1)."""
    if geometry.barrel is not None:
        x, y = geometry.barrel.flat(x, y)
    rx, ry, rw, rh = geometry.raster
    return (x - rx - rw / 2) / (rw / 2), (y - ry - rh / 2) / (rh / 2)


def _vignette(pygame: Any, geometry: TubeGeometry) -> Any:
    """Darker towards the raster's edge and most in its corners, as a tube's brightness falls off."""

    def shade(x: float, y: float) -> float:
        u, v = _flat_position(geometry, x, y)
        reach = min(1.6, math.sqrt((u * u + v * v) / 2))  # 1 in the corners
        falloff: float = reach**2.2  # reach >= 0: a float (typeshed: float ** float may be complex)
        return 255 - VIGNETTE_DEPTH * falloff

    return _field(pygame, geometry.size, 8, shade)


def raster_shape(pygame: Any, geometry: TubeGeometry) -> Any:
    """White where the beam sweeps, black elsewhere; its edge soft over a few pixels, as a beam's is."""
    rw, rh = geometry.raster[2] / 2, geometry.raster[3] / 2
    soft = 4.0

    def inside(x: float, y: float) -> float:
        u, v = _flat_position(geometry, x, y)
        margin = min((1 - abs(u)) * rw, (1 - abs(v)) * rh)  # pixels inside the nearest edge
        return 255 * min(1.0, max(0.0, 0.5 + margin / (2 * soft)))

    return _field(pygame, geometry.size, 4, inside)


def raster_light(pygame: Any, shape: Any, colour: tuple[int, int, int]) -> Any:
    """The lit but empty raster: the phosphor's colour, faintly."""
    light = shape.copy()
    red, green, blue = colour
    glow = (round(red * RASTER_LEVEL), round(green * RASTER_LEVEL), round(blue * RASTER_LEVEL))
    light.blit(solid(pygame, shape.get_size(), glow), (0, 0), special_flags=pygame.BLEND_MULT)
    return light


def static(pygame: Any, shape: Any, seed: int) -> Any:
    """Grain from 0 to NOISE_LEVEL over the raster: the beam's noise, one still of it."""
    noise = _grain(pygame, shape.get_size(), seed, NOISE_LEVEL)
    noise.blit(shape, (0, 0), special_flags=pygame.BLEND_MULT)
    return noise


def _grain(pygame: Any, size: tuple[int, int], seed: int, level: int) -> Any:
    grain = pygame.image.frombuffer(random.Random(seed).randbytes(size[0] * size[1]), size, "P")
    grain.set_palette([(i * (level + 1) // 256,) * 3 for i in range(256)])
    return grain.convert()


def housing(pygame: Any, geometry: TubeGeometry, mask: Any, seed: int) -> Any:
    """The bezel and the glass in the room's light: added over the picture, which is black under
    the bezel (the overlay's mask)."""
    size = geometry.size
    width, height = size
    rng = random.Random(seed)
    # the plastic: lit from above, a slow gradient and a fine grain
    gradient = pygame.Surface((1, 2)).convert()
    gradient.set_at((0, 0), HOUSING)
    gradient.set_at((0, 1), tuple(round(c * 0.55) for c in HOUSING))
    surface = pygame.transform.smoothscale(gradient, size).convert()
    grain = _grain(pygame, (256, 256), rng.getrandbits(32), 6)
    for x in range(0, width, 256):
        for y in range(0, height, 256):
            surface.blit(grain, (x, y), special_flags=pygame.BLEND_SUB)
    _bevel(pygame, surface, geometry)
    # under the glass: nothing of the housing; the glass's own colour and its reflection instead
    inverse = solid(pygame, size, (255, 255, 255))
    inverse.blit(mask, (0, 0), special_flags=pygame.BLEND_SUB)
    surface.blit(inverse, (0, 0), special_flags=pygame.BLEND_MULT)
    glass = solid(pygame, size, GLASS)
    glass.blit(_glass_shade(pygame, geometry), (0, 0), special_flags=pygame.BLEND_MULT)
    glass.blit(_reflection(pygame, geometry), (0, 0), special_flags=pygame.BLEND_ADD)
    glass.blit(mask, (0, 0), special_flags=pygame.BLEND_MULT)
    surface.blit(glass, (0, 0), special_flags=pygame.BLEND_ADD)
    return surface


def _bevel(pygame: Any, surface: Any, geometry: TubeGeometry) -> None:
    """The opening's edge: a recess falling into shadow towards the glass, its lower lip catching
    the light from above more than its upper one, and a thin highlight on the outer rim's top."""
    x, y, w, h = geometry.glass
    depth = max(4, round(min(geometry.size) * 0.022))
    rings = solid(pygame, geometry.size, (0, 0, 0))
    for i in range(depth, 0, -1):
        t = i / depth  # 1 at the rim, 0 at the glass
        rect = pygame.Rect(round(x - i), round(y - i), round(w + 2 * i), round(h + 2 * i))
        shade = 0.3 + 0.5 * t**1.5
        colour = tuple(round(c * shade) for c in HOUSING)
        pygame.draw.rect(surface, colour, rect, 2, geometry.radius + i)
        pygame.draw.rect(rings, (255, 255, 255), rect, 2, geometry.radius + i)
    light = pygame.Surface((1, 2)).convert()
    light.set_at((0, 0), (0, 0, 0))
    light.set_at((0, 1), (20, 19, 17))
    rings.blit(pygame.transform.smoothscale(light, geometry.size), (0, 0), special_flags=pygame.BLEND_MULT)
    surface.blit(rings, (0, 0), special_flags=pygame.BLEND_ADD)
    rim = pygame.Rect(
        round(x - depth - 1), round(y - depth - 1), round(w + 2 * depth + 2), round(h + 2 * depth + 2)
    )
    edge = solid(pygame, geometry.size, (0, 0, 0))
    pygame.draw.rect(edge, (30, 29, 27), rim, 1, geometry.radius + depth + 1)
    fade = pygame.Surface((1, 2)).convert()
    fade.set_at((0, 0), (255, 255, 255))
    fade.set_at((0, 1), (40, 40, 40))
    edge.blit(pygame.transform.smoothscale(fade, geometry.size), (0, 0), special_flags=pygame.BLEND_MULT)
    surface.blit(edge, (0, 0), special_flags=pygame.BLEND_ADD)


def _reflection(pygame: Any, geometry: TubeGeometry) -> Any:
    """The room in the glass (`room_light`), worked out as a smooth field."""
    x, y, w, h = geometry.glass

    def light(px: float, py: float) -> float:
        return room_light((px - x) / w, (py - y) / h)

    return _field(pygame, geometry.size, 3, light)


def room_light(u: float, v: float) -> float:
    """The room's light reflected at (u, v) of the glass (shares of its width and height), out of
    255: the ceiling's light, brightest at the top; a window behind the visitor, its frame's cross
    faintly in it; a lamp's glare in the upper right corner, off the text (the programs print from
    the left margin, and the glare sat on their first words when it was at the upper left); all of
    it dimmer near the opening's upper and left edges, which the bezel shades from the room."""
    level = 7 * max(0.0, 1 - v) ** 2  # the ceiling
    slant = u + 0.22 * v  # the window pane leans: its sides run down and to the left
    pane = _between(slant, 0.07, 0.4, 0.07) * _between(v, 0.05, 0.5, 0.08)
    cross = max(_between(slant, 0.225, 0.245, 0.01), _between(v, 0.265, 0.285, 0.01))
    level += 10 * pane * (1 - 0.45 * cross)
    level += 70 * math.exp(-((u - LAMP[0]) ** 2 / 0.0012 + (v - LAMP[1]) ** 2 / 0.0016))  # a lamp
    return level * _shaded(u, v)


def _glass_shade(pygame: Any, geometry: TubeGeometry) -> Any:
    """How much of the room's light reaches each part of the glass (255: all of it)."""
    x, y, w, h = geometry.glass
    return _field(pygame, geometry.size, 8, lambda px, py: 255 * _shaded((px - x) / w, (py - y) / h))


def glass_grids(width: int, height: int) -> tuple[list[int], list[int]]:
    """The glass's shade (`_shaded`, out of 255) and the room's light in it (`room_light`) on a
    grid of width x height points from corner to corner, row by row: what a page scales to its
    glass (terminals/web/), so its reflection is this one."""
    points = [(i / (width - 1), j / (height - 1)) for j in range(height) for i in range(width)]
    shade = [max(0, min(255, round(255 * _shaded(u, v)))) for u, v in points]
    light = [max(0, min(255, round(room_light(u, v)))) for u, v in points]
    return shade, light


def _shaded(u: float, v: float) -> float:
    """The bezel's lip keeps the room's light off the glass just below and right of it."""
    return (0.35 + 0.65 * _rise(v, 0.0, 0.09)) * (0.6 + 0.4 * _rise(u, 0.0, 0.06))


def _rise(t: float, start: float, end: float) -> float:
    """0 before `start`, 1 after `end`, smooth between."""
    s = min(1.0, max(0.0, (t - start) / (end - start)))
    return s * s * (3 - 2 * s)


def _between(t: float, low: float, high: float, soft: float) -> float:
    """1 between `low` and `high`, falling smoothly to 0 over `soft` outside them."""
    return _rise(t, low - soft, low) * (1 - _rise(t, high, high + soft))
