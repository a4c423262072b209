"""What the page draws and plays is the project's own, made by the window's own code: the type's
paths, the glass terminal's dots, the worn machine, and the sounds, sample for sample."""

from __future__ import annotations

import io
import json
import wave
from array import array

from life2_retro.terminals.web.assets import sound_wav, typeface_json
from life2_retro.terminals.window import sound
from life2_retro.terminals.window.font import dots
from life2_retro.terminals.window.strokes import flatten
from life2_retro.terminals.window.type_wear import TypeBox
from life2_retro.terminals.window.typeface import MODEL_33, PEN


def test_the_pages_type_is_the_typefaces_strokes_flattened_by_the_windows_code():
    face = json.loads(typeface_json())
    assert face["pen"] == PEN and set(face["glyphs"]) == set(MODEL_33)
    for char, strokes in MODEL_33.items():
        paths = flatten(strokes)
        served = face["glyphs"][char]
        assert len(served) == len(paths), char
        for got, path in zip(served, paths, strict=True):
            assert [(round(x, 3), round(y, 3)) for x, y in path] == [tuple(point) for point in got]
    assert face["glyphs"]["X"] and face["glyphs"][" "] == []


def test_the_glass_terminals_dots_and_the_worn_machine_are_the_windows():
    face = json.loads(typeface_json())
    for code in range(0x20, 0x7F):
        assert face["dots"]["glyphs"][chr(code)] == [list(dot) for dot in dots(chr(code))]
    machine = TypeBox(33)
    for char, worn in face["faces"].items():
        assert worn == {
            "force": machine.face(char).force,
            "rise": machine.face(char).rise,
            "drift": machine.face(char).drift,
        }


def test_the_sounds_are_the_windows_sample_for_sample():
    for name, voice in {**sound.Sounds.VOICES, "hum": sound.hum}.items():
        with wave.open(io.BytesIO(sound_wav(name))) as played:
            assert (played.getframerate(), played.getnchannels(), played.getsampwidth()) == (
                sound.SAMPLE_RATE,
                1,
                2,
            )
            samples = array("h", played.readframes(played.getnframes()))
        assert samples.tobytes() == sound.pcm(voice(), sound.SAMPLE_RATE, 1), name
    assert sound_wav("no such sound") is None


def test_the_glass_terminals_tube_is_the_windows_numbers():
    """The page's tube (glass.js) reads its phosphors, keys and effects' strengths from /glass.json,
    which is made from the window's modules: here each is checked against them."""
    from life2_retro.terminals.web.assets import glass_json
    from life2_retro.terminals.window import crt, curvature, glass_text, tube

    served = json.loads(glass_json())
    assert served["phosphors"] == {
        name: {"name": p.name, "colour": list(p.color), "persistence": p.persistence}
        for name, p in crt.PHOSPHORS.items()
    }
    assert served["phosphors"]["p1"]["persistence"] == 0.011  # P1: 11 ms to 1/e
    assert served["effects"] == list(crt.Effects.all_names())
    assert {(shifted, n): name for shifted, n, name in served["keys"]} == crt.EFFECT_KEYS
    assert (served["curvature"], served["flicker_frames"], served["flicker_step"]) == (
        curvature.STRENGTH,
        crt.FLICKER,
        glass_text.FLICKER_STEP,
    )
    assert (served["jitter"], served["tear"], served["afterglow_gone"], served["cursor_blink"]) == (
        crt.JITTER,
        crt.TEAR,
        crt.AFTERGLOW_GONE,
        crt.CURSOR_BLINK,
    )
    assert (served["scanline_shade"], served["vignette_depth"], served["raster_level"]) == (
        tube.SCANLINE_SHADE,
        tube.VIGNETTE_DEPTH,
        tube.RASTER_LEVEL,
    )
    assert (served["housing"], served["glass"]) == (list(tube.HOUSING), list(tube.GLASS))


def test_the_paper_in_the_room_is_the_windows_numbers():
    """The page's sheet (teletype.js): its curl, edges, shadows and light from paper_sheet.py, and
    the window's keys for them."""
    from life2_retro.terminals.window import paper_sheet, teletype

    paper = json.loads(typeface_json())["paper"]
    assert (paper["curl_band"], paper["curl_radius"], paper["curl_shade"], paper["shadow"]) == (
        paper_sheet.CURL_BAND,
        paper_sheet.CURL_RADIUS,
        paper_sheet.CURL_SHADE,
        paper_sheet.SHADOW,
    )
    assert (paper["shadow_alpha"], paper["edge_width"], paper["edge_tint"]) == (
        list(paper_sheet.SHADOW_ALPHA),
        paper_sheet.EDGE_WIDTH,
        list(paper_sheet.EDGE_TINT),
    )
    assert paper["platen_shade"] == list(paper_sheet.PLATEN_SHADE)
    assert paper["light_across"] == list(paper_sheet.LIGHT_ACROSS)
    assert paper["effects"] == list(teletype.PaperEffects.all_names())
    assert {n: name for n, name in paper["keys"]} == teletype.EFFECT_KEYS
    assert teletype.EFFECT_KEYS[5] == "edge" and teletype.EFFECT_KEYS[6] == "curl"


def test_the_room_in_the_pages_glass_is_the_windows():
    """The reflection the page scales to its glass is the window's room_light on a grid: the lamp's
    glare where the window has it, in the upper right corner, off the text."""
    from life2_retro.terminals.web.assets import glass_json
    from life2_retro.terminals.window import tube

    room = json.loads(glass_json())["room"]
    width, height = room["width"], room["height"]
    assert len(room["light"]) == len(room["shade"]) == width * height
    for i, j in [(0, 0), (width // 2, height // 3), (width - 1, height - 1), (width // 5, height // 4)]:
        u, v = i / (width - 1), j / (height - 1)
        assert room["light"][j * width + i] == round(tube.room_light(u, v))
    brightest = max(range(width * height), key=room["light"].__getitem__)
    u, v = brightest % width / (width - 1), brightest // width / (height - 1)
    assert abs(u - tube.LAMP[0]) < 0.02 and abs(v - tube.LAMP[1]) < 0.03
