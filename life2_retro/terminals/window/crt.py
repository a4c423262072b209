"""A glass teletype: 80x24 characters on a phosphor screen, in a pygame window.

What the line delivers goes on the screen like paper (CR back to column 0,
LF down, scrolling at the bottom); nothing the player types is shown, so the
opponent cannot read the move. It looks like a tube in its housing, and is
cheap to draw, because nearly all of the look is worked out before a frame:

* each character is drawn once per cell size, glow and bloom included;
* each cell's place on the curved glass is worked out once per window size;
* a row of text is drawn once, and only rows that changed are drawn again,
  through the tube's overlay (scanlines, vignette, the bezel's opening);
* the still light (the raster's glow and static, the wear of burn-in, the
  housing and the room reflected in the glass) is one picture, made again
  only when the wear grows;
* a frame is then the lit text, the afterglow where text changed lately,
  and that one picture added: two or three whole-window blits.

Phosphors: P1 green, P3 amber, P4 white (F6 changes it). Effects, each a
toggle: scanlines (F2), glow (F3), persistence with exponential decay (F4),
vignette (F5); with Shift: curvature (F2), bezel (F3), bloom (F4), burn-in
(F5), flicker (F6), jitter (F7), the raster's glow and static (F8). Their
randomness is seeded. The pace is 300, 1200 or 9600 baud, or unlimited. BEL
beeps; Backspace and Ctrl-U edit the line before it is sent.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any

from ..options import Option
from ..pacing import LinePace
from . import tube
from .burn_in import BurnIn
from .effects import EffectSet, function_key, switches
from .glass_text import TextLayer
from .glyphs import PhosphorGlyphs
from .screen import GlassScreen
from .sound import Sounds
from .terminal import WINDOW_OPTIONS, PygameTerminal
from .tube import TubeGeometry


@dataclass(frozen=True)
class Phosphor:
    name: str
    color: tuple[int, int, int]
    persistence: float
    """Seconds for the afterglow to fall to 1/e."""


PHOSPHORS = {
    "p1": Phosphor("P1 green", (70, 255, 110), 0.011),
    "p3": Phosphor("P3 amber", (255, 180, 40), 0.016),
    "p4": Phosphor("P4 white", (226, 234, 255), 0.005),
}
"""P1 and P3 are medium-persistence phosphors (JEDEC's class: 1 to 100 ms to a tenth of the light);
a green P1 falls to a tenth in about 25 ms, 2.3 time constants of 11 ms. P4, a television's white,
is quicker. At 60 frames a second a scrolled line leaves a fifth of its light for one frame, and
nothing after 50 ms (at 60 ms, as before, its ghost lasted half a second)."""
BAUD_CHOICES = (300, 1200, 9600)
"""The speeds a glass terminal of the day offered (0 on the command line: as fast as it comes)."""


@dataclass
class Effects(EffectSet):
    scanlines: bool = True
    glow: bool = True
    """Each dot a soft phosphor spot with a halo of its own."""
    persistence: bool = True
    vignette: bool = True
    curvature: bool = True
    bezel: bool = True
    """The housing around the glass, and the room's light reflected in the glass."""
    bloom: bool = True
    """Light spreading wide around bright text, brighter where text is dense."""
    burnin: bool = True
    flicker: bool = True
    jitter: bool = True
    raster: bool = True
    """The blank raster's faint glow and static."""


EFFECT_NAMES = Effects.all_names()
EFFECT_KEYS: dict[tuple[bool, int | None], str] = {
    (shifted, n): name
    for shifted, names in ((False, EFFECT_NAMES[:4]), (True, EFFECT_NAMES[4:]))
    for n, name in enumerate(names, start=2)
}
"""(Shift held, function key number) -> the effect it toggles: F2 to F5 the first four, as always;
Shift with F2 to F8 the seven the tube added."""

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
EFFECTS = switches(Effects)
SOUND = Option("sound", "no bell", default=True, kind=bool, flag="--mute", negated=True)

FLICKER = 2
"""How many dimmer frames a flickering tube has besides the full one (3% and 6% dimmer): one of
them, at random, each frame."""
STATIC_STILLS = 3
DECAYS_KEPT = 4
FLAT_ROWS = 32
"""The afterglow's fade multiplies by one grey and takes another off, a frame: each comes from a
strip this many rows high, tiled down the picture, so that it is read from the cache again and
again rather than from memory: a printing frame is bound by the bytes it moves, and the blend of a
strip tiled is about twice as fast as that of a whole window of one grey."""
JITTER = 0.07
"""The chance that a frame lands a pixel off."""
TEAR = 0.002
"""The chance that a band of a frame slips sideways (about one frame in eight seconds)."""
CURSOR_BLINK = 0.5
"""Seconds the cursor is lit, then dark: a blink a second."""
AFTERGLOW_GONE = 10
"""Time constants after which the afterglow has faded to nothing (e^-10 of 255, and the tail cut)."""


class GlassView:
    """Draws a GlassScreen with its phosphor and effects.

    A frame is the text as lit through the tube (`TextLayer.lit`), the afterglow
    only where text changed lately, and one added picture of everything still
    (the raster's glow and static, the wear, the housing and the reflection):
    two or three whole-window blits, whatever is on."""

    def __init__(
        self, screen: GlassScreen, pygame: Any, phosphor: Phosphor, effects: Effects, seed: int = 0
    ) -> None:
        self.screen = screen
        self.pygame = pygame
        self.phosphor = phosphor
        self.effects = effects
        self.seed = seed
        self._random = random.Random(seed)
        """Flicker, jitter and static: seeded, so the same frames make the same picture."""
        self.size = (0, 0)
        self.burn: BurnIn | None = None

    def resize(self, size: tuple[int, int], now: float = 0.0) -> None:
        pygame = self.pygame
        effects = self.effects
        self.size = size
        self.geometry = geometry = TubeGeometry.lay_out(size, effects.bezel, effects.curvature)
        cell = (geometry.text[2] / self.screen.columns, geometry.text[3] / self.screen.rows)
        glyphs = PhosphorGlyphs(pygame, self.phosphor.color, effects.glow, effects.bloom, cell)
        mask = tube.glass_mask(pygame, geometry) if effects.bezel else None
        self._overlay = tube.overlay(
            pygame, geometry, effects.scanlines, effects.vignette, effects.bezel, mask
        )
        self.layer = TextLayer(
            pygame, self.screen, geometry, glyphs, self._overlay, FLICKER if effects.flicker else 0
        )
        housing = tube.housing(pygame, geometry, mask, self.seed) if mask is not None else None
        self._after = self._still_light(geometry, housing)
        if effects.burnin:
            if self.burn is None:
                self.burn = BurnIn(pygame, size, self.phosphor.color, now)
            elif self.burn.counts.get_size() != size:
                self.burn.resize(size)
            self.burn.tint_for(self.phosphor.color)
            self._wear()
        self.glow = self.layer.lit.copy() if effects.persistence else None
        self._fading: Any | None = None
        """Where the afterglow still differs from the text (None: nowhere); elsewhere glow == lit."""
        self._fade_until = 0.0
        self._decays: dict[float, Any] = {}
        self._tail = self._flat(3) if effects.persistence else None

    def restyle(self, now: float = 0.0) -> None:
        """After a change of phosphor or effects."""
        self.resize(self.size, now)

    def _flat(self, level: int) -> Any:
        """A strip of one grey, the window's width and FLAT_ROWS high (see `_blend_flat`)."""
        return tube.solid(self.pygame, (self.size[0], FLAT_ROWS), (level, level, level))

    def _blend_flat(self, target: Any, strip: Any, area: Any, flags: int) -> None:
        """`target` blended with one grey over `area`, the grey's strip tiled down it."""
        target.blits(
            [
                (strip, (area.left, top), (0, 0, area.width, min(FLAT_ROWS, area.bottom - top)), flags)
                for top in range(area.top, area.bottom, FLAT_ROWS)
            ],
            doreturn=False,
        )

    def _still_light(self, geometry: TubeGeometry, housing: Any | None) -> list[Any]:
        """What is added over the lit text, one picture a frame: the raster's glow with a still of
        its static, through the overlay as the text is; then the housing and its reflection."""
        pygame = self.pygame
        if not self.effects.raster:
            return [] if housing is None else [housing]
        shape = tube.raster_shape(pygame, geometry)
        raster = tube.raster_light(pygame, shape, self.phosphor.color)
        lights = []
        for still in range(STATIC_STILLS):
            light = tube.static(pygame, shape, self.seed + still)
            light.blit(raster, (0, 0), special_flags=pygame.BLEND_ADD)
            if self._overlay is not None:
                light.blit(self._overlay, (0, 0), special_flags=pygame.BLEND_MULT)
            if housing is not None:
                light.blit(housing, (0, 0), special_flags=pygame.BLEND_ADD)
            lights.append(light)
        return lights

    def _wear(self) -> None:
        """The burn-in's ghost goes under the text, where it is lit and fades with it."""
        assert self.burn is not None
        self.layer.under = self.burn.ghost() if self.burn.worn else None
        self.layer.redraw_all()

    def _decay(self, seconds: float) -> Any:
        """The afterglow kept over one frame: exp(-t / persistence). A few frame lengths are kept
        (a real clock's frames differ by a millisecond or two), not one for every length ever seen."""
        surface = self._decays.pop(seconds, None)
        if surface is None:
            keep = round(255 * math.exp(-seconds / self.phosphor.persistence))
            surface = self._flat(keep)
            if len(self._decays) >= DECAYS_KEPT:
                del self._decays[next(iter(self._decays))]
        self._decays[seconds] = surface
        return surface

    def draw(self, surface: Any, seconds_per_frame: float, cursor_on: bool, now: float = 0.0) -> None:
        pygame = self.pygame
        effects = self.effects
        layer = self.layer
        changed = layer.update()
        if changed and effects.persistence:
            fading = self._fading or changed[0]
            self._fading = fading.unionall(changed)
            self._fade_until = now + AFTERGLOW_GONE * self.phosphor.persistence
        if effects.burnin and self.burn is not None and self.burn.expose(layer.text, now):
            self._wear()
        shift = self._shift() if effects.jitter else (0, 0)
        if self._fading is None:
            brightnesses = layer.brightnesses  # a flickering tube: the text at one of them
            lit = brightnesses[0] if len(brightnesses) == 1 else self._random.choice(brightnesses)
            surface.blit(lit, shift)
        else:
            self._fade(surface, seconds_per_frame, shift, now)
        if shift != (0, 0):
            self._clear_edges(surface, shift)
        if effects.jitter and self._random.random() < TEAR:
            self._tear(surface)
        if cursor_on:
            x, y, w, h = self.cell_rect(self.screen.row, min(self.screen.column, self.screen.columns - 1))
            bar = pygame.Rect(
                x + shift[0], round(y + h * 0.78) + shift[1], round(w * 0.85), max(2, round(h * 0.12))
            )
            surface.fill(self.phosphor.color, bar)
            if self._overlay is not None:
                surface.blit(self._overlay, bar.topleft, bar, special_flags=pygame.BLEND_MULT)
        if self._after:
            surface.blit(self._random.choice(self._after), (0, 0), special_flags=pygame.BLEND_ADD)

    def _fade(self, surface: Any, seconds: float, shift: tuple[int, int], now: float) -> None:
        """The afterglow, where text changed lately: it fades by exp(-t / persistence) a frame."""
        pygame = self.pygame
        area = self._fading
        assert area is not None  # draw calls this only while something fades
        glow = self.glow
        assert glow is not None and self._tail is not None  # made whenever persistence is on
        self._blend_flat(glow, self._decay(seconds), area, pygame.BLEND_MULT)
        # pygame's multiply rounds up, which would leave a faint ghost for ever: cut the tail
        self._blend_flat(glow, self._tail, area, pygame.BLEND_SUB)
        glow.blit(self.layer.lit, area.topleft, area, special_flags=pygame.BLEND_MAX)
        for around in _around(glow.get_rect(), area):  # the text as it is, where nothing fades
            surface.blit(self.layer.lit, around.move(shift).topleft, around)
        surface.blit(glow, area.move(shift).topleft, area)
        if now >= self._fade_until:
            self._fading = None  # faded to the last level: glow is lit again there

    def _shift(self) -> tuple[int, int]:
        """Now and then the picture lands a pixel off."""
        if self._random.random() >= JITTER:
            return (0, 0)
        return self._random.choice(((1, 0), (-1, 0), (0, 1), (0, -1)))

    def _clear_edges(self, surface: Any, shift: tuple[int, int]) -> None:
        """The strip a shifted picture leaves uncovered goes black, not last frame's."""
        width, height = self.size
        dx, dy = shift
        if dx:
            surface.fill((0, 0, 0), (0 if dx > 0 else width + dx, 0, abs(dx), height))
        if dy:
            surface.fill((0, 0, 0), (0, 0 if dy > 0 else height + dy, width, abs(dy)))

    def _tear(self, surface: Any) -> None:
        """Rarely a band of the picture slips sideways for a frame: the horizontal hold catching up."""
        width, height = self.size
        band = round(self.geometry.text[3] / self.screen.rows * self._random.uniform(0.5, 2.0))
        top = self._random.randrange(max(1, height - band))
        slip = self._random.choice((-3, -2, 2, 3))
        surface.blit(self.layer.lit, (slip, top), (0, top, width, band))
        surface.fill((0, 0, 0), (0 if slip > 0 else width + slip, top, abs(slip), band))

    def cell_rect(self, row: int, column: int) -> tuple[int, int, int, int]:
        """Where one character cell is on the window (after the bulge, if any)."""
        return self.layer.cell_rect(row, column)


def _around(whole: Any, inner: Any) -> list[Any]:
    """The parts of rect `whole` outside rect `inner` (which lies inside it), as up to four rects:
    above, below, left and right of it. A frame is bound by how many bytes it moves, so the
    afterglow's area is not drawn twice."""
    parts = [
        whole.clip(whole.left, whole.top, whole.width, inner.top - whole.top),
        whole.clip(whole.left, inner.bottom, whole.width, whole.bottom - inner.bottom),
        whole.clip(whole.left, inner.top, inner.left - whole.left, inner.height),
        whole.clip(inner.right, inner.top, whole.right - inner.right, inner.height),
    ]
    return [part for part in parts if part.width > 0 and part.height > 0]


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
        seed: int = 1978,
        **options: Any,
    ) -> None:
        self.screen = GlassScreen()
        self.view: GlassView | None = None
        self.phosphor = PHOSPHORS[phosphor]
        self.effects = effects or Effects()
        self.seed = seed
        """Seeds the flicker, the jitter and the static: the same frames give the same picture."""
        super().__init__(LinePace(baud or None, carriage_return=0.0), **options)
        self.sounds = Sounds(enabled=sound, voices=("bell",), motor=False)

    def resized(self, size: tuple[int, int]) -> None:
        if self.view is None:
            self.view = GlassView(self.screen, self.pygame, self.phosphor, self.effects, self.seed)
        self.view.resize(size, self.clock.now())

    def receive(self, data: bytes) -> None:
        self.sounds.play(self.screen.receive(data))

    def key_typed(self, char: str) -> None:
        self.add_typed(char)

    def backspace(self) -> None:
        self.erase_typed()

    def special_key(self, event: Any) -> bool:
        pygame = self.pygame
        key = event.key
        shifted = bool(event.mod & pygame.KMOD_SHIFT)
        toggled = EFFECT_KEYS.get((shifted, function_key(pygame, key)))
        if toggled is not None:
            self.effects.toggle(toggled)
        elif key == pygame.K_F6 and not shifted:
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
        self.view.restyle(self.clock.now())
        return True

    def use_effects(self, names: frozenset[str]) -> None:
        """Only these effects on, at once (the bench times them one by one)."""
        self.effects.keep_only(names)
        assert self.view is not None
        self.view.restyle(self.clock.now())

    def draw(self, surface: Any) -> None:
        assert self.view is not None
        cursor_on = int(self.clock.now() / CURSOR_BLINK) % 2 == 0
        self.view.draw(surface, self.frame_seconds, cursor_on, self.clock.now())

    def close_view(self) -> None:
        self.sounds.close()
