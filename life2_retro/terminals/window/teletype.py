"""A Teletype Model 33 on paper, in a pygame window.

The paper is an off-white roll with a faint texture. It feeds upward, and
what was printed can be read back with the wheel or PgUp/PgDn. The typing
unit (print_head.py: the ribbon guide's window, the two-colour ribbon, the type
drum) shows where the next character will strike. Each strike prints the whole
letter, as the Model 33's type does (printed_type.py): one solid figure through
a cloth ribbon, drawn at the window's own resolution, with a little variation
of its own, so a column struck again and again turns dark and its ink spreads.
That is how the listing's `XXXXXX` / `$$$$$$` / `&&&&&&` becomes a blot, and
why the coordinates the player then types (the Model 33 prints its own keys:
half duplex) vanish into it.

The keyboard is a Model 33's:
* it sends only what a Model 33 can (lower case as capitals);
* Backspace sends the BASIC's erase: `_` for the 1978 BASIC;
* Return ends the line.

Tab held prints at full speed. M mutes while the machine prints (in a typed
line M is a letter). F11 switches to full screen. Esc, Break or closing the
window ends the game.

The machine is worn, as a real one in a museum is (type_wear.py): F2 to F6
toggle the strike force, the baseline, the ribbon's wear, the paper's edges
and its curl (paper_sheet.py). The wear is worked out as ink is laid, and the
type, the curl and the edges are drawn once per window size, so a frame costs
what it did. The page is 8.5 inches of paper whatever the window's size: its
72 columns and 6 lines to the inch keep their proportions, and all of it,
type, head and shadows, is drawn at the window's resolution, never scaled up.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..base import KeyHook
from ..options import Option
from ..pacing import LinePace
from . import paper_sheet
from .effects import EffectSet, function_key, switches
from .font import teletype_char
from .paper import CHARACTERS_PER_INCH, COLUMNS, LINES_PER_INCH, PAPER_INCHES, PaperRoll, Strike
from .print_head import TypingUnit
from .sound import Sounds
from .terminal import WINDOW_OPTIONS, PygameTerminal
from .type_wear import TypeBox, blow, ribbon

if TYPE_CHECKING:
    # The struck type is drawn only once a window opens: the command line reads this module for
    # the Teletype's settings, and its help should not wait for the type's drawing code.
    from .printed_type import TypeImpressions

PAPER = (250, 240, 222)
INK = (38, 40, 52)
DESK = (54, 50, 46)
INK_ALPHA = (0.5, 0.47)
"""A blow's ink as alpha over the paper: this much at least, and this much more for a full blow of
fresh ribbon (the darkness of a blow, 0 to 1, is its ink times the worn type's and ribbon's share)."""
FORCE_STEPS = (0.8,)
"""Darkness below this is a light blow, a shade thinner (printed_type.FORCES); above it, a fair one:
nearly every blow. The darkness itself varies the ink by a few per cent, never the letter's weight."""
BLOWS_INKED = 12
"""After this many blows a spot is as dark as ink makes it; later blows add nothing to draw."""
HEAD_AT = 0.74
"""How far down the window the print line sits."""
UNITS_PER_INCH = 100
"""The type's units (typeface.py): hundredths of an inch."""
BODY_LEFT = (100 / CHARACTERS_PER_INCH - 6) / 2
"""Where a letter's body starts in its column, in the type's units: centred on the 0.1-inch pitch."""
CAPITAL_TOP = 3.0
"""Where a capital's top is below the top of its line, in the type's units: the line is 16.7 high,
the capitals 10, and a comma's tail hangs 2.5 below them."""
OFFSET_UNIT = UNITS_PER_INCH / 64
"""The worn type's and the blows' offsets (type_wear.py, paper.py) are in 64ths of an inch."""


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
    """Each character's type strikes with its own force, and each blow varies, by a few per cent."""
    baseline: bool = True
    """Each character sits a little off its row and column, the same way each time."""
    ribbon: bool = True
    """The ribbon's ink is a little uneven along its length, so the print darkens and lightens
    slowly, and its cloth shows in the ink: letters mottled, a fuzz of ink past their edges (without
    it, a new ribbon on good paper)."""
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
        self._types: dict[tuple[float, bool, bool], TypeImpressions] = {}
        self._lines: dict[int, Any] = {}
        self._spare: list[Any] = []
        """Line surfaces scrolled out of view, to be papered again for the rows coming in: a kiosk
        prints for weeks, and a new surface a line would leave the heap ever more scattered."""
        self.size = (0, 0)

    def layout(self, size: tuple[int, int]) -> None:
        width, height = size
        self.size = size
        self.px_per_inch = width / (PAPER_INCHES + 0.7)
        self.unit = self.px_per_inch / UNITS_PER_INCH
        """Pixels to a hundredth of an inch: the type's unit."""
        self.char_w = self.px_per_inch / CHARACTERS_PER_INCH
        self.line_h = self.px_per_inch / LINES_PER_INCH
        self.paper_w = int(self.px_per_inch * PAPER_INCHES)
        self.paper_x = (width - self.paper_w) // 2
        self.margin = (self.paper_w - COLUMNS * self.char_w) / 2
        self.head_y = int(height * HEAD_AT)
        self.glyph_left = BODY_LEFT * self.unit
        self.glyph_top = CAPITAL_TOP * self.unit
        self.type = self._type_at(self.unit)
        self._line_bottom = max(1, math.floor(self.line_h))
        """What the next line's paper never covers: a strike's ink stays above it."""
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
        self._head = TypingUnit(pygame, self.char_w, self.line_h)
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

    def _type_at(self, unit: float) -> TypeImpressions:
        """The machine's type at this size, as drawn before if it was (the F keys lay the page out
        again at the same size: the lean is the strike effect's and the ribbon's cloth the ribbon
        effect's, so they are part of the key)."""
        lean, cloth = self.effects.strike, self.effects.ribbon
        key = (unit, lean, cloth)
        made = self._types.get(key)
        if made is None:
            from .printed_type import TypeImpressions

            # a size left behind leaves its type behind too
            self._types = {done: kept for done, kept in self._types.items() if done[0] == unit}
            faces = self.type_box
            leaning = (lambda char: faces.face(char).lean) if lean else None
            made = TypeImpressions(self.pygame, unit, INK, self.seed, leaning, cloth)
            self._types[key] = made
        return made

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

    def _ink(self, surface: Any, row: int, column: int, strike: Strike, soaked_by: str) -> None:
        """One strike's letter; on a spot already struck, its ink also runs into the wet paper
        (printed_type.py)."""
        if len(soaked_by) >= BLOWS_INKED:
            return
        surface.blits(self.impressions(row, column, strike, soaked_by), doreturn=False)

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

    def impressions(
        self, row: int, column: int, strike: Strike, soaked_by: str = ""
    ) -> list[tuple[Any, tuple[int, int]]]:
        """What one strike leaves, as ink surfaces and where they go on the line's surface: on a spot
        the characters `soaked_by` were struck on before, the ink run into the wet paper around them,
        then the letter. The letter's darkness is the blow's ink times the wear; the blow's force
        picks how bold and how even the letter is; it lands where the type box and the worn type put
        it, its ink kept on its own line."""
        darkness = strike.ink * self._wear(row, column, strike)
        force = sum(darkness >= step for step in FORCE_STEPS)
        alpha = round(255 * min(1.0, INK_ALPHA[0] + INK_ALPHA[1] * darkness))
        dx, dy = strike.dx, strike.dy
        if self.effects.baseline:
            face = self.type_box.face(strike.char)
            dx, dy = dx + face.drift, dy + face.rise
        left = self.margin + column * self.char_w + self.glyph_left + dx * OFFSET_UNIT * self.unit
        top = self.glyph_top + dy * OFFSET_UNIT * self.unit
        (x, y), phase = self.type.place(left, top)
        looks = [(self.type.impression(strike.char, force, strike.seed, phase), alpha)]
        if soaked_by:
            from .printed_type import SOAKED_LETTER, SPREADS

            kept = SOAKED_LETTER[min(len(soaked_by), len(SOAKED_LETTER)) - 1]
            looks = [(looks[0][0], round(alpha * kept))]
            if len(soaked_by) <= len(SPREADS):  # the paper is still taking ink
                looks.insert(0, (self.type.spread(soaked_by, len(soaked_by), strike.seed >> 8, phase), alpha))
        placed = []
        for (surface, inked), strength in looks:
            at_y = min(self._line_bottom - inked.bottom, max(-inked.top, y))
            surface.set_alpha(strength)
            placed.append((surface, (x, at_y)))
        return placed

    def _line_surface(self, row: int) -> Any:
        surface = self._lines.get(row)
        if surface is None:
            surface = self._blank_line(row)
            line = self.paper.line(row)
            if line is not None:
                for column, strikes in line.cells.items():
                    for blows_before, strike in enumerate(strikes[:BLOWS_INKED]):
                        soaked_by = "".join(earlier.char for earlier in strikes[:blows_before])
                        self._ink(surface, row, column, strike, soaked_by)
            self._lines[row] = surface
        return surface

    def take_new_strikes(self) -> None:
        for row, column, strike, blows_before in self.paper.take_log():
            surface = self._lines.get(row)
            line = self.paper.line(row)
            if surface is not None and line is not None and blows_before < BLOWS_INKED:
                earlier = line.cells[column][:blows_before]
                self._ink(surface, row, column, strike, "".join(struck.char for struck in earlier))
            if row <= self._band_rows:
                self._band = None  # ink in the curl: it is drawn again

    def _visible_rows(self) -> range:
        """The rows on the window, and those the curl rolls into view above it. The roll was fed
        through the machine before anything printed: above the first line there is blank paper
        up to the top of the window, as in the curl that rolls it over (a sheet that stopped short
        of the curl left a band of desk across the page under it)."""
        height = self.size[1]
        above = self.head_y - min(self._curl_rows, default=0.0)
        top = self.paper.row - self.scroll_back - int(above / self.line_h) - 2
        bottom = self.paper.row - self.scroll_back + int((height - self.head_y) / self.line_h) + 2
        return range(top, bottom + 1)

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
        """The typing unit (print_head.py) over the place where the next character will strike."""
        if self.scroll_back:
            return
        column = min(self.paper.column, COLUMNS - 1)
        x, y, _, _ = self.cell_rect(self.paper.row, column)
        self._head.draw(surface, x, y)

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

    def show_typing(self, data: bytes, on_key: KeyHook | None = None) -> None:
        """A computer player's keys strike the paper as a person's would: onto the blot, then the
        carriage returns. They go through the throttle, so they print at the machine's pace."""
        keys = bytes(ord(teletype_char(chr(b).upper()) or " ") for b in data)
        self.write(keys + b"\r", on_key)

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
