"""The glass terminal, headless, judged by its pixels: no typed input shown, phosphors, effects."""

from __future__ import annotations

import math

import pytest

from ..support.windows import (
    STILL_CRT,
    crt,
    crt_with,
    key,
    typed,
)


def test_the_crt_shows_no_typed_input():
    import pygame

    with crt_with(*STILL_CRT) as screen:
        screen.write(b"X,Y\r\n? ")
        screen.settle(0.5)
        x, y, w, h = screen.view.cell_rect(1, 2)
        region = (x, y, w * 8, round(h * 0.7))  # row 1 after the prompt, above the cursor bar
        before = pygame.image.tobytes(screen.surface.subsurface(region), "RGB")
        for char in "1,1":
            typed(pygame, char)
        key(pygame, pygame.K_RETURN, "\r")
        assert screen.read_line() == b"1,1"
        screen.echo(b"1,1")  # the host's echo: never shown either
        screen.settle(0.5)
        after = pygame.image.tobytes(screen.surface.subsurface(region), "RGB")
        assert screen.screen.text()[1].rstrip() == "?"
        assert after == before
        screen.write(b"1,1")  # the same region does change when something is printed there
        screen.settle(0.5)
        assert pygame.image.tobytes(screen.surface.subsurface(region), "RGB") != before


def test_the_crt_line_can_be_edited_before_it_is_sent():
    import pygame

    with crt() as screen:
        for char in "99":
            typed(pygame, char)
        key(pygame, pygame.K_u, "\x15", pygame.KMOD_CTRL)
        for char in "12":
            typed(pygame, char)
        key(pygame, pygame.K_BACKSPACE)
        typed(pygame, "3")
        key(pygame, pygame.K_RETURN, "\r")
        assert screen.read_line() == b"13"


def test_bel_beeps_on_the_crt():
    with crt() as screen:
        heard: list[list[str]] = []
        screen.sounds.play = heard.append
        screen.write(b"A\aB")
        assert ["bell"] in heard


def test_the_afterglow_decays_exponentially():
    """At 240 frames a second (a P1's afterglow is gone in two or three frames at 60), each frame
    fades it by exp(-1/240 / persistence): a constant fraction a frame."""
    from life2_retro.terminals.pacing import SimulatedClock

    step = 1 / 240
    with crt_with("persistence", clock=SimulatedClock(frame_step=step)) as screen:
        screen.write(b"########")
        screen.settle(0.3)
        x, y, w, h = screen.view.cell_rect(0, 0)
        brightest = lambda: max(screen.surface.get_at((x + i, y + j))[1] for i in range(w) for j in range(h))  # noqa: E731
        full = brightest()
        screen.write(b"\r        ")
        levels = []
        for _ in range(4):
            screen.frame()
            levels.append(brightest())
    tau = screen.phosphor.persistence
    # the write puts the spaces on the screen; each frame after it fades the afterglow, and also
    # cuts 3 off the tail
    for frames, level in enumerate(levels, start=1):
        expected = full * math.exp(-frames * step / tau)
        assert level == pytest.approx(expected, abs=3 * frames + 0.04 * full), (frames, level, expected)
    ratios = [later / earlier for earlier, later in zip(levels, levels[1:], strict=False)]
    kept = math.exp(-step / tau)
    assert all(kept - 0.1 < ratio < kept + 0.1 for ratio in ratios), (ratios, kept)  # exponential


@pytest.mark.parametrize("phosphor", ["p1", "p3", "p4"])
def test_phosphors_colour_the_text(phosphor):
    """The light the text adds over the bare glass has the phosphor's hue (its cores may be white)."""
    from life2_retro.terminals.window.crt import PHOSPHORS

    with crt(phosphor=phosphor) as screen:
        screen.write(b"\r\n" * 8 + b" " * 30 + b"########")
        screen.settle(0.2)
        lit, bare = screen.view.cell_rect(8, 30), screen.view.cell_rect(12, 30)
        added = [
            sum(
                screen.surface.get_at((lit[0] + i, lit[1] + j))[k]
                for i in range(lit[2])
                for j in range(lit[3])
            )
            - sum(
                screen.surface.get_at((bare[0] + i, bare[1] + j))[k]
                for i in range(bare[2])
                for j in range(bare[3])
            )
            for k in range(3)
        ]
        target = PHOSPHORS[phosphor].color
        assert max(range(3), key=lambda k: added[k]) == max(range(3), key=lambda k: target[k]), added


def test_persistence_decays():
    with crt_with("persistence") as screen:
        screen.write(b"########")
        screen.settle(0.3)
        screen.write(b"\r        ")  # the characters are overwritten: only their afterglow is left
        x, y, w, h = screen.view.cell_rect(0, 0)
        glow_now = max(sum(screen.surface.get_at((x + i, y + j))[:3]) for i in range(w) for j in range(h))
        screen.settle(1.0)
        glow_later = max(sum(screen.surface.get_at((x + i, y + j))[:3]) for i in range(w) for j in range(h))
        assert glow_now > 0 and glow_later == 0  # the afterglow fades to black
        screen.effects.persistence = False
        screen.write(b"\r########")
        screen.settle(0.3)
        screen.write(b"\r        ")
        screen.frame()
        no_afterglow = max(sum(screen.surface.get_at((x + i, y + j))[:3]) for i in range(w) for j in range(h))
        assert no_afterglow == 0


def test_each_effect_has_its_key_and_the_still_ones_change_the_picture():
    """F2 to F5 toggle the first four effects, Shift with F2 to F8 the tube's seven; F6 the phosphor."""
    import pygame

    from life2_retro.terminals.window.crt import EFFECT_KEYS, EFFECT_NAMES

    assert sorted(EFFECT_KEYS.values()) == sorted(EFFECT_NAMES)
    with crt_with(*STILL_CRT) as screen:
        screen.write(b"HELLO")
        screen.settle(0.2)
        pictures = {pygame.image.tobytes(screen.surface, "RGB")}
        for (shifted, number), name in EFFECT_KEYS.items():
            was = getattr(screen.effects, name)
            mod = pygame.KMOD_SHIFT if shifted else 0
            key(pygame, pygame.K_F1 + number - 1, mod=mod)
            screen.settle(0.2)
            assert getattr(screen.effects, name) is not was, name
            if name in ("scanlines", "glow", "vignette", "curvature", "bezel", "bloom"):
                pictures.add(pygame.image.tobytes(screen.surface, "RGB"))
        assert len(pictures) == 7  # each still effect changed the still picture
        colour = screen.phosphor
        key(pygame, pygame.K_F6)
        screen.frame()
        assert screen.phosphor is not colour
