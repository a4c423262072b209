"""What the Model 33's type leaves on paper through a cloth ribbon, drawn once per size and blow.

A character is struck whole: the hammer drives the raised letter into the
ribbon, and the ribbon's ink goes onto the paper in the letter's shape, one
solid figure. What makes it look struck rather than drawn:

* **the cloth**: the ribbon is woven, so the ink comes through it unevenly; a
  letter is mottled, a light blow more so (light blows leave broken letters);
* **the fuzz**: ink wicks into the paper's fibres past the letter's edge, a
  faint, patchy fringe;
* **the force**: a light blow presses less of the ribbon onto the paper, so its
  lines are a shade narrower and more broken (a Model 33's blows are alike but
  for a worn ribbon's or a sticking hammer's rare light one);
* **the lean**: a type face that does not meet the platen squarely inks one
  side more than the other (type_wear.py says how much, character by character);
* **the spread**: on a spot struck again and again (the listing's mask of
  `XXXXXX`, `$$$$$$` and `&&&&&&`), the paper is soaked, and each new blow's
  ink runs into the wet paper around the letters struck there before, ever
  wider, and less of it stays in the new letter's own shape: the blot that
  hides a move. A key typed onto the blot darkens the blot, in the blot's
  shape, and adds little of its own.

Each look is drawn once per window size (for each character, force, ribbon
pattern and soaking), anti-aliased as type_render.py draws, and a strike is
then one or two blits of it at the strike's own strength: a page of type costs
what a page of dots did.

Everything is drawn in grey (white ink on black: BLEND_MULT and BLEND_MAX then
combine looks as numbers do) and turned into the ink's colour with the grey as
its coverage at the end.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

from .strokes import flatten
from .type_render import GlyphBox, draw_paths
from .typeface import MODEL_33, PEN

FORCES = (0.95, 1.0)
"""The pen's width for a light blow and a fair one, in the type's own width: a shade apart. (Three
widths from 0.86 to 1.06 printed the same letter in what read as three font weights.)"""
MOTTLE = (0.62, 0.76)
"""The least ink the cloth lets through at a spot of the letter, for each of those blows."""
FRINGE = 0.38
"""How far the ink wicks past a letter's edge, in the type's units (hundredths of an inch)."""
FRINGE_INK = 0.42
"""How dark the wicked ink is at most, as a share of the letter's."""
SPREADS = (0.6, 1.1)
"""How far a soaked spot's ink runs around the letters struck there, in the type's units: after one
earlier blow, and after two (the farthest: see SOAKED_LETTER)."""
SPREAD_INK = (0.5, 0.85)
"""And how dark it is there."""
SPREAD_RINGS = 4
"""Steps the spread fades out in, from the letters to its reach."""
SOAKED_LETTER = (0.9, 0.75, 0.35)
"""How much of a blow's ink stays in its letter's shape on a spot soaked by one, two, three or more
earlier blows (the rest runs into the spread). After three blows the paper there holds all the ink it
can: the blot spreads no further, and little of a new letter shows on it."""
WEAVE = 0.45
"""The cloth's threads, about this far apart (in the type's units): a fine mottle."""
BLOTCH = 1.6
"""The ribbon's uneven inking, in patches about this wide."""
INKED = 24
"""A pixel of an impression counts as inked from this alpha up: fainter is the anti-aliasing's last
trace, which a window too small for a line's ink may lose under the next line's paper."""
PATTERNS = 4
"""Patterns of the cloth a character may strike through: blows of a letter differ, one from the next."""
MARGIN = FRINGE + SPREADS[-1] + PEN
"""The room around a character's paths for all of its ink."""


class TypeImpressions:
    """A machine's type at one size: `scale` pixels to a hundredth of an inch, in `ink`'s colour.
    `lean(char)` is how much more ink the right side of a character's type leaves than its left.
    Without `cloth` the ribbon is new and the paper good: each letter is even ink, edge to edge.

    A strike lands anywhere, not on whole pixels: each look is drawn at a few phases, a fraction of a
    pixel apart (`phases`), so that a character sits as the worn type puts it even where a pixel is
    a tenth of a capital."""

    def __init__(
        self,
        pygame: Any,
        scale: float,
        ink: tuple[int, int, int],
        seed: int,
        lean: Callable[[str], float] | None = None,
        cloth: bool = True,
    ) -> None:
        self.pygame = pygame
        self.ink = ink
        self.cloth = cloth
        self.box = GlyphBox(scale, MARGIN)
        self.seed = seed
        self.lean = lean
        self.factor = self.box.supersample()
        self.phases = (min(2, self.factor), min(4, self.factor))
        """Across and down: how many places within a pixel a character can be drawn at."""
        self._made: dict[tuple[str, str, int, int, int, int], tuple[Any, Any]] = {}
        self._shapes: dict[tuple[str, float, int], Any] = {}
        self._patterns: dict[tuple[str, int, int], Any] = {}
        self._ramps: dict[float, Any] = {}

    @property
    def origin(self) -> tuple[float, float]:
        """Where a character's (0, 0), the top left of a capital, is on its impression's surface."""
        return self.box.origin

    def place(self, x: float, y: float) -> tuple[tuple[int, int], tuple[int, int]]:
        """For a character whose (0, 0) is to land at (x, y): where its surface goes, in whole pixels,
        and the phase across and down that puts it there to a fraction of a pixel."""
        ox, oy = self.box.origin
        (left, phase_x), (top, phase_y) = (
            divmod(round(at * steps), steps) for at, steps in zip((x - ox, y - oy), self.phases, strict=True)
        )
        return (left, top), (phase_x, phase_y)

    def impression(
        self, char: str, force: int, pattern: int, phase: tuple[int, int] = (0, 0)
    ) -> tuple[Any, Any]:
        """The ink of one blow: (surface, the rect of its ink), `force` 0 or 1 (light or fair)."""
        return self._get("blow", char, force, pattern, phase)

    def spread(
        self, soaked_by: str, blows: int, pattern: int, phase: tuple[int, int] = (0, 0)
    ) -> tuple[Any, Any]:
        """The ink a blow leaves around the letters `soaked_by` struck on its spot in `blows` blows
        before it (1 or more): the wet paper's shape, not the new letter's."""
        soaked = "".join(sorted(set(soaked_by)))
        return self._get("spread", soaked, min(blows, len(SPREADS)) - 1, pattern, phase)

    def _get(self, kind: str, char: str, level: int, pattern: int, phase: tuple[int, int]) -> tuple[Any, Any]:
        key = (kind, char, level, pattern % PATTERNS, *phase)
        made = self._made.get(key)
        if made is None:
            shift = (
                round(phase[0] * self.factor / self.phases[0]),
                round(phase[1] * self.factor / self.phases[1]),
            )
            if kind == "blow":
                grey = self._blow(char, level, key[3], shift)
            else:
                grey = self._spread(char, level, key[3], shift)
            surface = self._ink(grey)
            made = self._made[key] = (surface, surface.get_bounding_rect(min_alpha=INKED))
        return made

    # -- the looks, in grey at the supersampled size ----------------------------------------------

    def _blow(self, char: str, force: int, pattern: int, shift: tuple[int, int]) -> Any:
        pygame = self.pygame
        pen = PEN * FORCES[force]
        letter = self._shifted(char, pen, 255, shift)
        if self.cloth:
            letter.blit(self._pattern("mottle", force, pattern), (0, 0), special_flags=pygame.BLEND_MULT)
            fringe = self._shifted(char, pen + 2 * FRINGE, round(255 * FRINGE_INK), shift)
            fringe.blit(self._pattern("fibres", 0, pattern), (0, 0), special_flags=pygame.BLEND_MULT)
            letter.blit(fringe, (0, 0), special_flags=pygame.BLEND_MAX)
        lean = self.lean(char) if self.lean is not None else 0.0
        if lean:
            letter.blit(self._lean_ramp(lean), (0, 0), special_flags=pygame.BLEND_MULT)
        return letter

    def _spread(self, chars: str, soaked: int, pattern: int, shift: tuple[int, int]) -> Any:
        """Darkest next to the letters, fading out to the spread's reach: rings of the letters' paths,
        each wider and lighter, the darkest kept where they overlap."""
        pygame = self.pygame
        spread = pygame.Surface(self._shape(chars, PEN, 255).get_size())
        for ring in range(SPREAD_RINGS, 0, -1):
            share = ring / SPREAD_RINGS
            level = round(255 * SPREAD_INK[soaked] * (1.15 - share * 0.75))
            ringed = self._shifted(chars, PEN + 2 * SPREADS[soaked] * share, min(255, level), shift)
            spread.blit(ringed, (0, 0), special_flags=pygame.BLEND_MAX)
        spread.blit(self._pattern("wet", 0, pattern), (0, 0), special_flags=pygame.BLEND_MULT)
        return spread

    def _shifted(self, chars: str, pen: float, level: int, shift: tuple[int, int]) -> Any:
        """A copy of the characters' shape, moved `shift` supersampled pixels right and down."""
        shape = self._shape(chars, pen, level)
        moved = self.pygame.Surface(shape.get_size())  # black: a new surface is (and copy and fill are
        moved.blit(shape, shift)  # ten times slower than a blit onto it)
        return moved

    def _shape(self, chars: str, pen: float, level: int) -> Any:
        """The paths of a character (or of several struck on one spot) with a pen this wide, grey
        `level` on black, supersampled: drawn once for all the patterns and phases it is struck in."""
        key = (chars, pen, level)
        shape = self._shapes.get(key)
        if shape is None:
            pygame, box, factor = self.pygame, self.box, self.factor
            width, height = box.size
            shape = pygame.Surface((width * factor, height * factor))
            ox, oy = box.origin
            paths = tuple(path for char in chars for path in flatten(MODEL_33.get(char, "")))
            draw_paths(
                pygame, shape, paths, box.scale * factor, (ox * factor, oy * factor), pen, (level,) * 3
            )
            self._shapes[key] = shape
        return shape

    def _pattern(self, kind: str, level: int, pattern: int) -> Any:
        """A grey field to multiply a look by: the cloth's mottle at a blow's force, or the patchy
        reach of ink along the paper's fibres. Made once per size; seeded, so a page prints alike."""
        key = (kind, level, pattern)
        made = self._patterns.get(key)
        if made is None:
            rng = random.Random(f"{self.seed}:{kind}:{level}:{pattern}")
            if kind == "mottle":
                low = MOTTLE[level]
                made = self._field(rng, WEAVE, low)
                made.blit(
                    self._field(rng, BLOTCH, (1 + low) / 2), (0, 0), special_flags=self.pygame.BLEND_MULT
                )
            elif kind == "fibres":
                made = self._field(rng, WEAVE * 0.8, 0.0, contrast=1.6)
            else:  # the wet paper: it darkens more evenly than ink wicking into dry fibres
                made = self._field(rng, WEAVE, 0.55)
            self._patterns[key] = made
        return made

    def _field(self, rng: random.Random, spacing: float, low: float, contrast: float = 1.0) -> Any:
        """Random greys from `low` to white on a grid `spacing` units apart, smoothly between: the
        size of the supersampled drawing."""
        pygame, box = self.pygame, self.box
        factor = box.supersample()
        width, height = box.size
        step = max(1.0, spacing * box.scale * factor)
        grid = (math.ceil(width * factor / step) + 1, math.ceil(height * factor / step) + 1)
        small = pygame.image.frombuffer(rng.randbytes(grid[0] * grid[1]), grid, "P")
        levels = []
        for i in range(256):
            t = min(1.0, max(0.0, 0.5 + (i / 255 - 0.5) * contrast))
            levels.append((round(255 * (low + (1 - low) * t)),) * 3)
        small.set_palette(levels)
        return pygame.transform.smoothscale(small.convert(), (width * factor, height * factor))

    def _lean_ramp(self, lean: float) -> Any:
        """Across the character, from the light side to the heavy: `lean` of 0.3 leaves the light
        side 70% of the heavy side's ink."""
        ramp = self._ramps.get(lean)
        if ramp is None:
            ramp = self._ramps[lean] = self._make_ramp(lean)
        return ramp

    def _make_ramp(self, lean: float) -> Any:
        pygame, box = self.pygame, self.box
        factor = box.supersample()
        width, height = box.size
        row = pygame.Surface((width * factor, 1)).convert()
        left, _ = box.origin
        span = 6.0 * box.scale * factor
        for x in range(width * factor):
            u = min(1.0, max(0.0, (x - left * factor) / span))
            side = u if lean > 0 else 1 - u  # 1 at the heavy side
            row.set_at((x, 0), (round(255 * (1 - abs(lean) * (1 - side))),) * 3)
        return pygame.transform.scale(row, (width * factor, height * factor))

    def _ink(self, grey: Any) -> Any:
        """The grey drawing scaled down to the box's size, as the ink's colour with the grey as its
        coverage."""
        pygame = self.pygame
        small = pygame.transform.smoothscale(grey, self.box.size)
        coverage = pygame.image.tobytes(small, "RGB")[0::3]
        pixels = bytearray(len(coverage) * 4)
        for channel, value in enumerate(self.ink):
            pixels[channel::4] = bytes((value,)) * len(coverage)
        pixels[3::4] = coverage
        return pygame.image.frombuffer(bytes(pixels), self.box.size, "RGBA").convert_alpha()
