"""A glass teletype: 80x24 characters on a phosphor screen, in a pygame window.

What the line delivers goes on the screen like paper (CR back to column 0,
LF down, scrolling at the bottom); nothing the player types is shown, so the
opponent cannot read the move. It is cheap to draw:

* each character is drawn once, glow included, into a cache;
* the text layer is drawn again only when the screen changes;
* a frame is then a few full-screen operations: persistence, one merged
  scanline-and-vignette overlay, and the cursor.

Phosphors: P1 green, P3 amber, P4 white. Effects, each a toggle: scanlines
(F2), glow (F3), persistence with exponential decay (F4), vignette (F5).
F6 changes the phosphor. The pace is 300, 1200 or 9600 baud, or unlimited.
BEL beeps; Backspace and Ctrl-U edit the line before it is sent.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from ..options import Option, Switches
from ..pacing import LinePace
from .font import HEIGHT, WIDTH, dots
from .screen import GlassScreen
from .sound import Sounds
from .terminal import WINDOW_OPTIONS, PygameTerminal


@dataclass(frozen=True)
class Phosphor:
    name: str
    color: tuple[int, int, int]
    persistence: float
    """Seconds for the afterglow to fall to 1/e."""


PHOSPHORS = {
    "p1": Phosphor("P1 green", (70, 255, 110), 0.06),
    "p3": Phosphor("P3 amber", (255, 180, 40), 0.12),
    "p4": Phosphor("P4 white", (226, 234, 255), 0.03),
}
BAUD_CHOICES = (300, 1200, 9600)
"""The speeds a glass terminal of the day offered (0 on the command line: as fast as it comes)."""


@dataclass
class Effects:
    scanlines: bool = True
    glow: bool = True
    persistence: bool = True
    vignette: bool = True

    def names(self) -> list[str]:
        return [name for name, on in vars(self).items() if on]

    @classmethod
    def only(cls, names: frozenset[str]) -> Effects:
        """These effects on, the others off."""
        return cls(**{name: name in names for name in EFFECT_NAMES})


EFFECT_NAMES = tuple(vars(Effects()))

BAUD = Option(
    "baud",
    "300, 1200 (default) or 9600, 0 as fast as it comes",
    default=1200,
    kind=int,
    choices=BAUD_CHOICES,
    zero="as fast as it comes",
    metavar="N",
)
PHOSPHOR = Option("phosphor", "green, amber or white", default="p1", choices=tuple(PHOSPHORS))
EFFECTS = Switches("effects", EFFECT_NAMES, "turn the {} off", make=Effects.only)
SOUND = Option("sound", "no bell", default=True, kind=bool, flag="--mute", negated=True)


@dataclass
class _Layout:
    area: tuple[int, int, int, int] = (0, 0, 0, 0)
    cell: tuple[float, float] = (0.0, 0.0)
    glyphs: dict[str, Any] = field(default_factory=dict)
    rows: dict[str, Any] = field(default_factory=dict)
    """Whole rows of text drawn once, by their text: boards and prompts come back again and again."""


ROW_CACHE = 256


class GlassView:
    """Draws a GlassScreen with its phosphor and effects."""

    def __init__(self, screen: GlassScreen, pygame: Any, phosphor: Phosphor, effects: Effects) -> None:
        self.screen = screen
        self.pygame = pygame
        self.phosphor = phosphor
        self.effects = effects
        self.layout = _Layout()
        self._drawn_version = -1
        self.size = (0, 0)

    def resize(self, size: tuple[int, int]) -> None:
        pygame = self.pygame
        self.size = size
        width, height = size
        margin_x, margin_y = width * 0.05, height * 0.06
        area_w, area_h = width - 2 * margin_x, height - 2 * margin_y
        cell = (area_w / self.screen.columns, area_h / self.screen.rows)
        self.layout = _Layout((round(margin_x), round(margin_y), round(area_w), round(area_h)), cell)
        self.text = pygame.Surface(size).convert()
        self.glow = pygame.Surface(size).convert()
        self.glow.fill((0, 0, 0))
        self._overlay = self._make_overlay()
        self._decays: dict[float, Any] = {}
        self._tail = self._flat(3)
        self._drawn_version = -1

    def _flat(self, level: int) -> Any:
        """A surface of one grey: blitting with a blend flag is many times faster than filling with one."""
        surface = self.pygame.Surface(self.size).convert()
        surface.fill((level, level, level))
        return surface

    def _decay(self, seconds: float) -> Any:
        """The afterglow kept over one frame: exp(-t / persistence)."""
        surface = self._decays.get(seconds)
        if surface is None:
            keep = round(255 * math.exp(-seconds / self.phosphor.persistence))
            surface = self._decays[seconds] = self._flat(keep)
        return surface

    def restyle(self) -> None:
        """After a change of phosphor or effects."""
        self.resize(self.size)

    def _glyph(self, char: str) -> Any:
        glyph = self.layout.glyphs.get(char)
        if glyph is None:
            glyph = self._make_glyph(char)
            self.layout.glyphs[char] = glyph
        return glyph

    def _make_glyph(self, char: str) -> Any:
        """One character cell: raster dots in the phosphor's colour, and a soft glow around them."""
        pygame = self.pygame
        cell_w, cell_h = self.layout.cell
        w, h = max(1, math.ceil(cell_w)), max(1, math.ceil(cell_h))
        glyph = pygame.Surface((w, h)).convert()
        glyph.fill((0, 0, 0))
        pitch_x, pitch_y = cell_w * 0.78 / WIDTH, cell_h * 0.72 / HEIGHT
        left, top = cell_w * 0.11, cell_h * 0.1
        red, green, blue = self.phosphor.color
        if self.effects.glow:
            dim = (red // 5, green // 5, blue // 5)
            for x, y in dots(char):
                centre = (left + (x + 0.5) * pitch_x, top + (y + 0.5) * pitch_y)
                pygame.draw.circle(glyph, dim, centre, max(pitch_x, pitch_y) * 1.05)
        for x, y in dots(char):
            rect = (
                round(left + x * pitch_x),
                round(top + y * pitch_y),
                max(1, round(pitch_x * 0.9)),
                max(1, round(pitch_y * 0.8)),
            )
            pygame.draw.rect(glyph, self.phosphor.color, rect)
        return glyph

    def _make_overlay(self) -> Any | None:
        """Scanlines and vignette in one surface, multiplied over the frame."""
        if not (self.effects.scanlines or self.effects.vignette):
            return None
        pygame = self.pygame
        width, height = self.size
        overlay = pygame.Surface((width, height)).convert()
        overlay.fill((255, 255, 255))
        if self.effects.vignette:
            # concentric rectangles darkening towards the corners, like the edge of a tube
            steps = 24
            for i in range(steps):
                shade = 255 - int(110 * (1 - i / steps) ** 2.2)
                inset_x, inset_y = int(width * 0.5 * i / steps), int(height * 0.5 * i / steps)
                rect = pygame.Rect(inset_x, inset_y, width - 2 * inset_x, height - 2 * inset_y)
                pygame.draw.rect(
                    overlay, (shade, shade, shade), rect, border_radius=int(min(width, height) * 0.08)
                )
        if self.effects.scanlines:
            line = pygame.Surface((width, 1)).convert()
            line.fill((168, 168, 168))
            for y in range(1, height, 2):
                overlay.blit(line, (0, y), special_flags=pygame.BLEND_MULT)
        return overlay

    def _row(self, text: str) -> Any:
        """One row of text as a surface, from the cache or drawn glyph by glyph."""
        rows = self.layout.rows
        surface = rows.pop(text, None)
        if surface is None:
            pygame = self.pygame
            cell_w, cell_h = self.layout.cell
            surface = pygame.Surface(
                (self.layout.area[2] + math.ceil(cell_w), math.ceil(cell_h) + 1)
            ).convert()
            surface.fill((0, 0, 0))
            for column, char in enumerate(text):
                if char != " ":  # MAX, so a cell's black margin never clips its neighbour's glow
                    at = (round(column * cell_w), 0)
                    surface.blit(self._glyph(char), at, special_flags=pygame.BLEND_MAX)
            if len(rows) >= ROW_CACHE:
                del rows[next(iter(rows))]  # the row least recently drawn
        rows[text] = surface
        return surface

    def _draw_text(self) -> None:
        self.text.fill((0, 0, 0))
        x0, y0, _, _ = self.layout.area
        cell_h = self.layout.cell[1]
        for row, line in enumerate(self.screen.cells):
            text = "".join(line).rstrip()
            if text:
                at = (x0, round(y0 + row * cell_h))
                self.text.blit(self._row(text), at, special_flags=self.pygame.BLEND_MAX)
        self._drawn_version = self.screen.version

    def draw(self, surface: Any, seconds_per_frame: float, cursor_on: bool) -> None:
        pygame = self.pygame
        if self.screen.version != self._drawn_version:
            self._draw_text()
        if self.effects.persistence:
            self.glow.blit(self._decay(seconds_per_frame), (0, 0), special_flags=pygame.BLEND_MULT)
            # pygame's multiply rounds up, which would leave a faint ghost for ever: cut the tail
            self.glow.blit(self._tail, (0, 0), special_flags=pygame.BLEND_SUB)
            self.glow.blit(self.text, (0, 0), special_flags=pygame.BLEND_MAX)
            surface.blit(self.glow, (0, 0))
        else:
            surface.blit(self.text, (0, 0))
        if cursor_on:
            x0, y0, _, _ = self.layout.area
            cell_w, cell_h = self.layout.cell
            column = min(self.screen.column, self.screen.columns - 1)
            rect = (
                round(x0 + column * cell_w),
                round(y0 + (self.screen.row + 0.78) * cell_h),
                round(cell_w * 0.85),
                max(2, round(cell_h * 0.12)),
            )
            pygame.draw.rect(surface, self.phosphor.color, rect)
        if self._overlay is not None:
            surface.blit(self._overlay, (0, 0), special_flags=pygame.BLEND_MULT)

    def cell_rect(self, row: int, column: int) -> tuple[int, int, int, int]:
        x0, y0, _, _ = self.layout.area
        cell_w, cell_h = self.layout.cell
        return (round(x0 + column * cell_w), round(y0 + row * cell_h), round(cell_w), round(cell_h))


class Crt(PygameTerminal):
    """A glass terminal on a serial line: typed input is never shown."""

    title = "LIFE2 - glass terminal"
    DESCRIPTION = "a glass terminal, in a window"
    OPTIONS = (BAUD, PHOSPHOR, EFFECTS, SOUND, *WINDOW_OPTIONS)

    def __init__(
        self,
        baud: int | None = BAUD.default,
        *,
        phosphor: str = PHOSPHOR.default,
        effects: Effects | None = None,
        sound: bool = SOUND.default,
        **options: Any,
    ) -> None:
        self.screen = GlassScreen()
        self.view: GlassView | None = None
        self.phosphor = PHOSPHORS[phosphor]
        self.effects = effects or Effects()
        super().__init__(LinePace(baud or None, carriage_return=0.0), **options)
        self.sounds = Sounds(enabled=sound, voices=("bell",), motor=False)

    def resized(self, size: tuple[int, int]) -> None:
        if self.view is None:
            self.view = GlassView(self.screen, self.pygame, self.phosphor, self.effects)
        self.view.resize(size)

    def receive(self, data: bytes) -> None:
        self.sounds.play(self.screen.receive(data))

    def key_typed(self, char: str) -> None:
        self.add_typed(char)

    def backspace(self) -> None:
        self.erase_typed()

    def special_key(self, event: Any) -> bool:
        pygame = self.pygame
        toggles = {
            pygame.K_F2: "scanlines",
            pygame.K_F3: "glow",
            pygame.K_F4: "persistence",
            pygame.K_F5: "vignette",
        }
        key = event.key
        if key in toggles:
            name = toggles[key]
            setattr(self.effects, name, not getattr(self.effects, name))
        elif key == pygame.K_F6:
            names = list(PHOSPHORS)
            current = next(n for n, p in PHOSPHORS.items() if p is self.phosphor)
            self.phosphor = PHOSPHORS[names[(names.index(current) + 1) % len(names)]]
            assert self.view is not None
            self.view.phosphor = self.phosphor
        elif key == pygame.K_u and event.mod & pygame.KMOD_CTRL:
            self.kill_typed()
            return True
        else:
            return False
        assert self.view is not None
        self.view.restyle()
        return True

    def draw(self, surface: Any) -> None:
        assert self.view is not None
        cursor_on = int(self.clock.now() * 2) % 2 == 0
        self.view.draw(surface, self.frame_seconds, cursor_on)

    def close_view(self) -> None:
        self.sounds.close()
