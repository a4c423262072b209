"""What the page draws and plays, made by the same code the pygame terminals use.

* The typeface: every character of the Model 33's type (window/typeface.py),
  flattened into straight pieces by the same code (window/strokes.py), with
  the pen's width and the type's measures: the page strokes exactly these
  paths with a round pen, as type_render.py does. With it, the glass
  terminal's 5x7 dots (window/font.py), dot for dot.
* The glass terminal's tube (`glass`): its phosphors with their colour and
  afterglow, the effects with their keys, the bulge, the flicker and the
  jitter, as window/crt.py, curvature.py and tube.py have them, so the page
  draws the tube by the window's numbers and no second copy of them exists.
* The sounds: the print, return, feed and bell voices and the motor's hum of
  window/sound.py, rendered by those functions into 16-bit WAV files that
  the page decodes with Web Audio, so the page's Teletype sounds as the
  window's does, sample for sample, without a recording.
"""

from __future__ import annotations

import io
import json
import wave
from functools import cache

from ..window import crt, curvature, glass_text, paper_sheet, printed_type, sound, teletype, tube
from ..window.font import HEIGHT, ROWS, WIDTH, dots
from ..window.paper import BELL_COLUMN, CHARACTERS_PER_INCH, COLUMNS, LINES_PER_INCH, PAPER_INCHES
from ..window.strokes import flatten
from ..window.type_render import DOT
from ..window.type_wear import TypeBox
from ..window.typeface import ASCENT, BODY_WIDTH, CAP_HEIGHT, DESCENT, MODEL_33, PEN

MACHINE_SEED = 33
"""The pygame Teletype's machine (its `seed`): the page's worn type is that machine's."""

SOUNDS = {**sound.Sounds.VOICES, "hum": sound.hum}


def typeface() -> dict[str, object]:
    """The type as the page reads it: each character's paths (lists of [x, y] in hundredths of an
    inch), and the measures and pen they are drawn with."""
    return {
        "units_per_inch": 100,
        "cap_height": CAP_HEIGHT,
        "body_width": BODY_WIDTH,
        "pen": PEN,
        "ascent": ASCENT,
        "descent": DESCENT,
        "glyphs": {
            char: [[[round(x, 3), round(y, 3)] for x, y in path] for path in flatten(strokes)]
            for char, strokes in MODEL_33.items()
        },
        "dot": DOT,
        # the paper, the ink and the blows, as the pygame Teletype has them (teletype.py, paper.py,
        # printed_type.py)
        "paper": {
            "columns": COLUMNS,
            "bell_column": BELL_COLUMN,
            "characters_per_inch": CHARACTERS_PER_INCH,
            "lines_per_inch": LINES_PER_INCH,
            "inches": PAPER_INCHES,
            "paper": teletype.PAPER,
            "ink": teletype.INK,
            "desk": teletype.DESK,
            "ink_alpha": teletype.INK_ALPHA,
            "head_at": teletype.HEAD_AT,
            "body_left": teletype.BODY_LEFT,
            "capital_top": teletype.CAPITAL_TOP,
            "blows_inked": teletype.BLOWS_INKED,
            "force_steps": teletype.FORCE_STEPS,
            "forces": printed_type.FORCES,
            "fringe": printed_type.FRINGE,
            "fringe_ink": printed_type.FRINGE_INK,
            "spreads": printed_type.SPREADS,
            "spread_ink": printed_type.SPREAD_INK,
            "soaked_letter": printed_type.SOAKED_LETTER,
            "mottle": printed_type.MOTTLE,
            # the sheet in the room (paper_sheet.py): its curl at the top, its edges and shadows
            "curl_band": paper_sheet.CURL_BAND,
            "curl_radius": paper_sheet.CURL_RADIUS,
            "curl_shade": paper_sheet.CURL_SHADE,
            "shadow": paper_sheet.SHADOW,
            "shadow_alpha": list(paper_sheet.SHADOW_ALPHA),
            "edge_width": paper_sheet.EDGE_WIDTH,
            "edge_tint": list(paper_sheet.EDGE_TINT),
            "platen_shade": list(paper_sheet.PLATEN_SHADE),
            "light_across": list(paper_sheet.LIGHT_ACROSS),
            "effects": list(teletype.PaperEffects.all_names()),
            # F-key number -> effect, as the window's (F2 to F6)
            "keys": [[number, name] for number, name in teletype.EFFECT_KEYS.items()],
        },
        # the worn machine's type, character by character (type_wear.py): the share of a full blow's
        # ink each leaves, and how far it sits off its place (64ths of an inch)
        "faces": {
            char: {"force": face.force, "rise": face.rise, "drift": face.drift}
            for char in MODEL_33
            for face in [TypeBox(MACHINE_SEED).face(char)]
        },
        # the glass terminal's character generator (font.py): (column, row) of each dot
        "dots": {"width": WIDTH, "height": HEIGHT, "rows": ROWS, "glyphs": _dot_glyphs()},
    }


def glass() -> dict[str, object]:
    """The glass terminal's tube as the page reads it: the window's own numbers (crt.py)."""
    return {
        "phosphors": {
            name: {"name": p.name, "colour": list(p.color), "persistence": p.persistence}
            for name, p in crt.PHOSPHORS.items()
        },
        "effects": list(crt.EFFECT_NAMES),
        # [Shift held, F-key number, effect]: F2 to F5 and Shift+F2 to Shift+F8, as the window's
        "keys": [[shifted, number, name] for (shifted, number), name in crt.EFFECT_KEYS.items()],
        "phosphor_key": 6,
        "curvature": curvature.STRENGTH,
        "flicker_frames": crt.FLICKER,
        "flicker_step": glass_text.FLICKER_STEP,
        "jitter": crt.JITTER,
        "tear": crt.TEAR,
        "afterglow_gone": crt.AFTERGLOW_GONE,
        "scanline_shade": tube.SCANLINE_SHADE,
        "vignette_depth": tube.VIGNETTE_DEPTH,
        "raster_level": tube.RASTER_LEVEL,
        "housing": list(tube.HOUSING),
        "glass": list(tube.GLASS),
        "cursor_blink": crt.CURSOR_BLINK,
        # the room in the glass (tube.py's room_light) and the bezel's shade of it, on a grid over
        # the glass from corner to corner, row by row, out of 255: the page scales it to its glass
        "room": _room(*ROOM_GRID),
    }


ROOM_GRID = (128, 96)
"""Points across and down the glass for its reflection: the lamp's glare spans about six across."""


def _room(width: int, height: int) -> dict[str, object]:
    shade, light = tube.glass_grids(width, height)
    return {"width": width, "height": height, "shade": shade, "light": light}


@cache
def glass_json() -> bytes:
    return json.dumps(glass(), separators=(",", ":")).encode()


def _dot_glyphs() -> dict[str, list[list[int]]]:
    return {chr(code): [list(dot) for dot in dots(chr(code))] for code in range(0x20, 0x7F)}


@cache
def typeface_json() -> bytes:
    return json.dumps(typeface(), separators=(",", ":")).encode()


@cache
def sound_wav(name: str) -> bytes | None:
    """One of the Teletype's sounds as a WAV file (None: no such sound)."""
    voice = SOUNDS.get(name)
    if voice is None:
        return None
    out = io.BytesIO()
    with wave.open(out, "wb") as wav:
        wav.setnchannels(1)
        wav.setsampwidth(2)
        wav.setframerate(sound.SAMPLE_RATE)
        wav.writeframes(sound.pcm(voice(), sound.SAMPLE_RATE, 1))
    return out.getvalue()
