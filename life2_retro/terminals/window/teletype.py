"""A Teletype Model 33 on paper, in a pygame window.

The paper is an off-white roll with a faint texture. It feeds upward, and
what was printed can be read back with the wheel or PgUp/PgDn. The print head
shows where the next character will strike. Each strike lays its dots in ink
with a little variation of its own, so a column struck again and again turns
dark. That is how the listing's `XXXXXX` / `$$$$$$` / `&&&&&&` becomes a blot,
and why the coordinates the player then types (the Model 33 prints its own
keys: half duplex) vanish into it.

The keyboard is a Model 33's:
* it sends only what a Model 33 can (lower case as capitals);
* Backspace sends the BASIC's erase: `_` for the 1978 BASIC;
* Return ends the line.

Tab held prints at full speed. M mutes while the machine prints (in a typed
line M is a letter). F11 switches to full screen. Esc, Break or closing the
window ends the game.

The machine is worn, as a real one in a museum is (type_wear.py): F2 to F6
toggle the strike force, the baseline, the ribbon's fade, the paper's edges
and its curl (paper_sheet.py). The wear is worked out as ink is laid, and the
curl and edges are drawn once per window size, so a frame costs what it did.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any

from ..options import Option
from ..pacing import LinePace
from . import paper_sheet
from .effects import EffectSet, function_key, switches
from .font import HEIGHT, WIDTH, dots, teletype_char
from .paper import CHARACTERS_PER_INCH, COLUMNS, LINES_PER_INCH, PAPER_INCHES, PaperRoll, Strike
from .sound import Sounds
from .terminal import WINDOW_OPTIONS, PygameTerminal
from .type_wear import TypeBox, blow, ribbon

PAPER = (250, 240, 222)
INK = (38, 40, 52)
DESK = (54, 50, 46)
INK_ALPHA_LEVELS = 32
INK_ALPHA = (30, 215)
"""The faintest and the darkest dot one blow leaves, as alpha over the paper."""
SPREAD_PER_BLOW = 55
SPREAD_LIMIT = 150
"""Ink spread on a spot struck again: the smudge's alpha per earlier blow, and its limit."""
BLOWS_INKED = 12
"""After this many blows a spot is as dark as ink makes it; later blows add nothing to draw."""
HEAD_AT = 0.74
"""How far down the window the print line sits."""
JITTER = 0.15
"""How far a dot of one blow lands from another's, at most, in pixels."""


def _paper_texture(pygame: Any, size: int = 512, seed: int = 7) -> Any:
    """A tile of off-white paper: a little grain, and fibres, short and faint, darker and lighter,
    lying mostly along the roll. Large, so its repeat is not seen."""
    rng = random.Random(seed)
    grain = pygame.image.frombuffer(rng.randbytes(size * size), (size, size), "P")
    grain.set_palette([tuple(max(0, min(255, c + i * 10 // 256 - 5)) for c in PAPER) for i in range(256)])
    tile = grain.convert()
    for _ in range(size * size // 900):
        x, y, length = rng.randrange(size), rng.randrange(size), rng.randint(4, 16)
        angle = rng.gauss(0, 0.35)
        end = (x + length * math.cos(angle), y + length * math.sin(angle))
        shade = rng.choice((-10, -8, -6, 5))
        colour = tuple(max(0, min(255, c + shade)) for c in PAPER)
        pygame.draw.aaline(tile, colour, (x, y), end)
    return tile


@dataclass
class PaperEffects(EffectSet):
    strike: bool = True
    """Each character's type strikes with its own force, and each blow varies: some print lighter."""
    baseline: bool = True
    """Each character sits a little off its row and column, the same way each time."""
    ribbon: bool = True
    """The ribbon's ink fades along a line and recovers at the return."""
    edge: bool = True
    """The paper's cut edges and the shadow it casts beside them."""
    curl: bool = True
    """The paper curls back at the top of the window."""


EFFECT_KEYS: dict[int | None, str] = {n: name for n, name in enumerate(PaperEffects.all_names(), start=2)}
"""Function key number -> the effect it toggles: F2 to F6."""


class PaperView:
    """Draws a PaperRoll; lines are drawn once into a cache and get new ink as it is struck."""

    def __init__(
        self, paper: PaperRoll, pygame: Any, effects: PaperEffects | None = None, seed: int = 33
    ) -> None:
        self.paper = paper
        self.pygame = pygame
        self.effects = effects or PaperEffects()
        self.type_box = TypeBox(seed)
        self.seed = seed
        self.texture = _paper_texture(pygame)
        self.scroll_back = 0
        self._lines: dict[int, Any] = {}
        self._spare: list[Any] = []
        """Line surfaces scrolled out of view, to be papered again for the rows coming in: a kiosk
        prints for weeks, and a new surface a line would leave the heap ever more scattered."""
        self.size = (0, 0)

    def layout(self, size: tuple[int, int]) -> None:
        width, height = size
        self.size = size
        self.px_per_inch = width / (PAPER_INCHES + 0.7)
        self.char_w = self.px_per_inch / CHARACTERS_PER_INCH
        self.line_h = self.px_per_inch / LINES_PER_INCH
        self.paper_w = int(self.px_per_inch * PAPER_INCHES)
        self.paper_x = (width - self.paper_w) // 2
        self.margin = (self.paper_w - COLUMNS * self.char_w) / 2
        self.head_y = int(height * HEAD_AT)
        glyph_w, glyph_h = self.char_w * 0.62, self.line_h * 0.56
        self.pitch_x = glyph_w / (WIDTH - 1)
        self.pitch_y = glyph_h / (HEIGHT - 1)
        self.glyph_left = (self.char_w - glyph_w) / 2
        self.glyph_top = self.line_h * 0.2
        self._make_stamps(max(0.9, min(self.pitch_x, self.pitch_y) * 0.62))
        self._lines.clear()
        self._spare.clear()
        self._band: Any | None = None
        """The curl's band as last drawn, for the paper's position `_band_top`."""
        self._band_surface: Any | None = None
        """The surface the band is drawn on, drawn over each time rather than made anew."""
        self._band_top = 0
        self._band_rows = -1
        """The lowest row the band shows: ink in it or above calls for a new band."""
        pygame = self.pygame
        self._shade = pygame.Surface((self.paper_w, max(1, height - self.head_y)), pygame.SRCALPHA)
        self._shade.fill((0, 0, 0, 22))
        w, h = round(self.char_w), round(self.line_h)
        self._guide = pygame.Surface((w + 6, h + 8), pygame.SRCALPHA)
        self._guide.fill((30, 30, 34, 70))
        pygame.draw.rect(self._guide, (20, 20, 24, 160), self._guide.get_rect(), width=2, border_radius=3)
        scale = width / 1024
        self._curl_rows = paper_sheet.curl_rows(height) if self.effects.curl else []
        self._curl_shade = paper_sheet.curl_shade(pygame, self.paper_w, height) if self.effects.curl else None
        below = height - round(self.head_y + self.line_h * 0.9)
        self._platen = paper_sheet.platen_shade(pygame, self.paper_w, below) if self.effects.curl else None
        self._across = None
        if self.effects.edge:
            self._across = paper_sheet.light_across(pygame, self.paper_w, math.ceil(self.line_h))
            self._shadows = paper_sheet.edge_strips(pygame, height, scale)
            self._edge_tint = paper_sheet.edge_tint(pygame, height, scale)
            self._edge_tint_right = pygame.transform.flip(self._edge_tint, True, False)

    def _make_stamps(self, radius: float) -> None:
        """Ink dots at many strengths: the ribbon never inks two blows alike."""
        pygame = self.pygame
        size = int(radius * 2 + 3)
        self._stamps = []
        faint, dark = INK_ALPHA
        for level in range(INK_ALPHA_LEVELS):
            alpha = round(faint + (dark - faint) * level / (INK_ALPHA_LEVELS - 1))
            stamp = pygame.Surface((size, size), pygame.SRCALPHA)
            centre = size / 2
            pygame.draw.circle(stamp, (*INK, alpha // 2), (centre, centre), radius + 0.6)
            pygame.draw.circle(stamp, (*INK, alpha), (centre, centre), radius)
            self._stamps.append(stamp)
        self._stamp_half = size / 2
        inked = self._stamps[-1].get_bounding_rect()
        line = max(1, math.floor(self.line_h))  # what the next line's paper never covers
        self._stamp_rows = (-inked.top, line - inked.bottom)
        """Where a stamp may go, top and bottom, for its ink to stay on its own line: a line under
        9 pixels (a window under 500 wide) is too short for a worn character's lowest or highest dot,
        which is then set a pixel in, rather than lost under the next line's paper."""

    def _blank_line(self, row: int) -> Any:
        pygame = self.pygame
        height = max(1, math.ceil(self.line_h))  # rounding down would leave a gap every few rows
        surface = self._spare.pop() if self._spare else pygame.Surface((self.paper_w, height)).convert()
        tile = self.texture.get_height()
        offset = (row * height) % tile
        for x in range(0, self.paper_w, tile):
            for y in range(-offset, height, tile):
                surface.blit(self.texture, (x, y))
        if self._across is not None:
            surface.blit(self._across, (0, 0), special_flags=pygame.BLEND_MULT)
        return surface

    def _ink(self, surface: Any, row: int, column: int, strike: Strike, blows_before: int) -> None:
        """One strike's dots; on a spot already struck, the ink also spreads (a smudge that grows)."""
        if blows_before >= BLOWS_INKED:
            return
        wear = self._wear(row, column, strike)
        if blows_before:
            left = self.margin + column * self.char_w + self.glyph_left
            self._smudge(surface, left, min(SPREAD_LIMIT, SPREAD_PER_BLOW * blows_before) * strike.ink * wear)
        surface.blits(self.dot_stamps(row, column, strike, wear), doreturn=False)

    def _wear(self, row: int, column: int, strike: Strike) -> float:
        """What the worn type and the dry ribbon leave of a full blow (type_wear.py), each where its
        effect is on."""
        effects = self.effects
        wear = 1.0
        if effects.strike:
            wear *= self.type_box.face(strike.char).force * blow(strike.seed)
        if effects.ribbon:
            wear *= ribbon(row, column, self.seed)
        return wear

    def dot_stamps(
        self, row: int, column: int, strike: Strike, wear: float = 1.0
    ) -> list[tuple[Any, tuple[int, int]]]:
        """Each dot of a strike as an ink stamp and where it goes on the line's surface. A dot's ink
        is the blow's (as today's paper always had it) times the wear; it lands where the type box
        and the worn type put it."""
        effects = self.effects
        rng = random.Random(strike.seed)
        face = self.type_box.face(strike.char)
        dx, dy = strike.dx, strike.dy
        if effects.baseline:
            dx, dy = dx + face.drift, dy + face.rise
        left = self.margin + column * self.char_w + self.glyph_left
        lean = face.lean if effects.strike else 0.0
        # The dots in one call, each as `random.uniform` would place and ink it (a + (b - a) * r,
        # drawn x, y, strength in turn): the same pixels as a blit a dot, in a third of the time.
        draw = rng.random
        faint, dark = INK_ALPHA
        stamps, half, last = self._stamps, self._stamp_half, INK_ALPHA_LEVELS - 1
        pitch_x, pitch_y, top, ink = self.pitch_x, self.pitch_y, self.glyph_top, strike.ink
        highest, lowest = self._stamp_rows
        placed = []
        for dot_x, dot_y in dots(strike.char):
            x = left + (dot_x + dx) * pitch_x + (-JITTER + (JITTER - -JITTER) * draw())
            y = top + (dot_y + dy) * pitch_y + (-JITTER + (JITTER - -JITTER) * draw())
            strength = ink * (0.8 + (1.0 - 0.8) * draw()) * (1 + lean * (dot_x - 2) / 2)
            alpha = (125 + 85 * strength) * wear  # a full blow: 125 to 210, as it always was
            level = (alpha - faint) / (dark - faint) * last
            at = (round(x - half), min(lowest, max(highest, round(y - half))))
            placed.append((stamps[max(0, min(last, round(level)))], at))
        return placed

    def _smudge(self, surface: Any, left: float, alpha: float) -> None:
        pygame = self.pygame
        pad_x, pad_y = self.pitch_x * 0.7, self.pitch_y * 0.7
        width = (WIDTH - 1) * self.pitch_x + 2 * pad_x
        height = (HEIGHT - 1) * self.pitch_y + 2 * pad_y
        smudge = pygame.Surface((max(1, round(width)), max(1, round(height))), pygame.SRCALPHA)
        smudge.fill((*INK, round(alpha)))
        surface.blit(smudge, (round(left - pad_x), round(self.glyph_top - pad_y)))

    def _line_surface(self, row: int) -> Any:
        surface = self._lines.get(row)
        if surface is None:
            surface = self._blank_line(row)
            line = self.paper.line(row)
            if line is not None:
                for column, strikes in line.cells.items():
                    for blows_before, strike in enumerate(strikes):
                        self._ink(surface, row, column, strike, blows_before)
            self._lines[row] = surface
        return surface

    def take_new_strikes(self) -> None:
        for row, column, strike, blows_before in self.paper.take_log():
            surface = self._lines.get(row)
            if surface is not None:
                self._ink(surface, row, column, strike, blows_before)
            if row <= self._band_rows:
                self._band = None  # ink in the curl: it is drawn again

    def _visible_rows(self) -> range:
        """The rows on the window, and those the curl rolls into view above it."""
        height = self.size[1]
        above = self.head_y - min(self._curl_rows, default=0.0)
        top = self.paper.row - self.scroll_back - int(above / self.line_h) - 2
        bottom = self.paper.row - self.scroll_back + int((height - self.head_y) / self.line_h) + 2
        return range(max(self.paper.first_row - 20, top), bottom + 1)

    def row_top(self, row: int) -> float:
        """Where the top of a printed row is on the window."""
        return self.head_y - (self.paper.row - row - self.scroll_back) * self.line_h - self.glyph_top

    def cell_rect(self, row: int, column: int) -> tuple[int, int, int, int]:
        """The window pixels of one character cell (for tests and screenshots)."""
        x = self.paper_x + self.margin + column * self.char_w
        return (round(x), round(self.row_top(row)), round(self.char_w), round(self.line_h))

    def draw(self, surface: Any) -> None:
        pygame = self.pygame
        width, height = self.size
        surface.fill(DESK)
        visible = self._visible_rows()
        for row in visible:
            surface.blit(self._line_surface(row), (self.paper_x, round(self.row_top(row))))
        if self._curl_rows:
            self._draw_curl(surface)
        for row in [r for r in self._lines if r not in visible]:  # only what is on screen is kept
            self._spare.append(self._lines.pop(row))
        self._draw_head(surface)
        # the platen's shadow under the print line, and the paper's edges
        below = round(self.head_y + self.line_h * 0.9)
        if self._platen is not None:
            surface.blit(self._platen, (self.paper_x, below), special_flags=pygame.BLEND_MULT)
        else:
            surface.blit(self._shade, (self.paper_x, below))
        right = self.paper_x + self.paper_w - 1
        if self.effects.edge:
            left_shadow, right_shadow, left_w, _ = self._shadows
            surface.blit(left_shadow, (self.paper_x - left_w, 0))
            surface.blit(right_shadow, (right + 1, 0))
            tint = self._edge_tint
            surface.blit(tint, (self.paper_x, 0), special_flags=pygame.BLEND_MULT)
            flipped = self._edge_tint_right
            surface.blit(flipped, (right + 1 - flipped.get_width(), 0), special_flags=pygame.BLEND_MULT)
        else:
            pygame.draw.line(surface, (200, 190, 176), (self.paper_x, 0), (self.paper_x, height))
            pygame.draw.line(surface, (200, 190, 176), (right, 0), (right, height))

    def _draw_curl(self, surface: Any) -> None:
        """The band at the top of the window, each of its rows taken from the flat paper's row the
        curl brings there (paper_sheet.py), then shaded. It is drawn again only when the paper
        moves or ink lands in one of its rows (which, above the print line, is seldom)."""
        top_row = self.paper.row - self.scroll_back
        if self._band is None or self._band_top != top_row:
            self._band = self._make_band(top_row)
            self._band_top = top_row
        surface.blit(self._band, (self.paper_x, 0))

    def _make_band(self, top_row: int) -> Any:
        band = self._band_surface  # every row of it is drawn again: the paper's rows, then the shade
        shade = self._curl_shade
        assert shade is not None  # made with the curl's rows, which are why the band is drawn
        if band is None or band.get_size() != shade.get_size():
            band = self._band_surface = self.pygame.Surface(shade.get_size()).convert()
        top_y = self.row_top(top_row)
        self._band_rows = self.paper.first_row - 1
        for y, flat in enumerate(self._curl_rows):
            row = top_row + math.floor((flat - top_y) / self.line_h)
            line = self._line_surface(row)
            offset = min(line.get_height() - 1, max(0, round(flat) - round(self.row_top(row))))
            band.blit(line, (0, y), (0, offset, self.paper_w, 1))
            self._band_rows = max(self._band_rows, row)
        band.blit(shade, (0, 0), special_flags=self.pygame.BLEND_MULT)
        return band

    def _draw_head(self, surface: Any) -> None:
        """The type box and ribbon guide where the next character will strike."""
        if self.scroll_back:
            return
        pygame = self.pygame
        column = min(self.paper.column, COLUMNS - 1)
        x, y, w, h = self.cell_rect(self.paper.row, column)
        surface.blit(self._guide, (x - 3, y - 4))
        pygame.draw.line(surface, (90, 20, 20), (x - 3, y + h + 4), (x + w + 3, y + h + 4), 2)

    def scroll(self, lines: int) -> None:
        oldest = self.paper.row - self.paper.first_row
        self.scroll_back = max(0, min(oldest, self.scroll_back + lines))


BAUD = Option(
    "baud",
    "110 (default: a Model 33), up to 9600, 0 as fast as it comes",
    default=110,
    kind=int,
    low=50,
    high=9600,
    zero="as fast as it comes",
    metavar="N",
)
SOUND = Option(
    "sound", "no sound (the M key toggles it)", default=True, kind=bool, flag="--mute", negated=True
)
ERASE = Option("erase", "what Backspace sends: the host's erase character", default="_", internal=True)
HISTORY = Option("history_lines", "lines of paper kept to read back", default=5000, kind=int, internal=True)
EFFECTS = switches(PaperEffects)


class Teletype(PygameTerminal):
    """A Model 33 at 110 baud: 10 characters a second, a 200 ms carriage return."""

    title = "LIFE2 - Teletype Model 33"
    DESCRIPTION = "a Model 33 on paper, in a window"
    OPTIONS = (BAUD, SOUND, EFFECTS, *WINDOW_OPTIONS, ERASE, HISTORY)

    def __init__(
        self,
        baud: int | None = BAUD.default,
        *,
        sound: bool = SOUND.default,
        effects: PaperEffects | None = None,
        erase: str = ERASE.default,
        seed: int = 33,
        history_lines: int = HISTORY.default,
        **options: Any,
    ) -> None:
        self.paper = PaperRoll(seed=seed, max_lines=history_lines)
        self.effects = effects or PaperEffects()
        self.seed = seed
        """Seeds the blows, the machine's type and its ribbon: the same game prints the same page."""
        self.erase = erase
        """What Backspace sends: the BASIC's erase (`_` for the 1978 BASIC)."""
        self.sounds: Sounds | None = None
        self.view: PaperView | None = None
        super().__init__(LinePace(baud or None), **options)
        self.sounds = Sounds(enabled=sound)

    def resized(self, size: tuple[int, int]) -> None:
        if self.view is None:
            self.view = PaperView(self.paper, self.pygame, self.effects, self.seed)
        self.view.layout(size)

    def receive(self, data: bytes) -> None:
        events = self.paper.receive(data)
        if self.view is not None and self.view.scroll_back:
            self.view.scroll(events.count("feed"))  # keep the page being read where it is
        if self.sounds is not None:
            self.sounds.play(events)

    def input_starts(self) -> None:
        assert self.view is not None
        self.view.scroll_back = 0  # the prompt must be in sight

    def set_erase(self, key: str) -> None:
        self.erase = key

    def key_typed(self, char: str) -> None:
        char = teletype_char(char.upper()) if char != self.erase else char
        if not char:
            return
        assert self.view is not None
        self.view.scroll_back = 0
        self.add_typed(char)
        self.receive(char.encode("ascii"))  # printed locally, as the key is struck

    def show_typing(self, data: bytes) -> None:
        """A computer player's keys strike the paper as a person's would: onto the blot, then the
        carriage returns. They go through the throttle, so they print at the machine's pace."""
        keys = bytes(ord(teletype_char(chr(b).upper()) or " ") for b in data)
        self.write(keys + b"\r")

    def backspace(self) -> None:
        self.key_typed(self.erase)

    def line_entered(self) -> None:
        self.receive(b"\r")  # RETURN returns the carriage locally; the BASIC sends CR LF

    def key_code(self, char: str) -> bytes:
        """A Model 33 keyboard sends capitals only."""
        return teletype_char(char.upper()).encode("ascii")

    def special_key(self, event: Any) -> bool:
        typing = self.reading or self.keyboard.sends_every_key  # then M is a letter; F8 mutes always
        pygame = self.pygame
        if (event.key == pygame.K_F8 or (event.key == pygame.K_m and not typing)) and self.sounds is not None:
            self.sounds.toggle_mute()
            return True
        toggled = EFFECT_KEYS.get(function_key(pygame, event.key))
        if toggled is not None:
            self.effects.toggle(toggled)
            self._restyle()
            return True
        return False

    def use_effects(self, names: frozenset[str]) -> None:
        """Only these effects on, at once (the bench times them one by one)."""
        self.effects.keep_only(names)
        self._restyle()

    def _restyle(self) -> None:
        assert self.view is not None
        self.view.layout(self.view.size)  # the lines are inked again from the paper's strikes

    def scroll(self, lines: int) -> None:
        assert self.view is not None
        self.view.scroll(lines)

    def draw(self, surface: Any) -> None:
        assert self.view is not None
        self.view.take_new_strikes()
        self.view.draw(surface)

    def close_view(self) -> None:
        if self.sounds is not None:
            self.sounds.close()
