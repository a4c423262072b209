"""The glass terminal, headless, judged by its pixels: no typed input shown, phosphors, effects."""

from __future__ import annotations

import math

import pytest

from ..support.windows import (
    crt,
    key,
    typed,
)


def test_the_crt_shows_no_typed_input():
    import pygame

    with crt() as screen:
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
    from life2_retro.terminals.window.crt import Effects

    with crt(effects=Effects(scanlines=False, glow=False, vignette=False)) as screen:
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
        expected = full * math.exp(-frames / 60 / tau)
        assert level == pytest.approx(expected, abs=3 * frames + 0.04 * full), (frames, level, expected)
    ratios = [later / earlier for earlier, later in zip(levels, levels[1:], strict=False)]
    assert all(0.6 < ratio < 0.8 for ratio in ratios)  # a constant fraction a frame: exponential


@pytest.mark.parametrize("phosphor", ["p1", "p3", "p4"])
def test_phosphors_colour_the_text(phosphor):
    from life2_retro.terminals.window.crt import PHOSPHORS

    with crt(phosphor=phosphor) as screen:
        screen.write(b"########")
        screen.settle(0.2)
        x, y, w, h = screen.view.cell_rect(0, 0)
        colours = {screen.surface.get_at((x + i, y + j))[:3] for i in range(w) for j in range(h)}
        brightest = max(colours, key=sum)
        target = PHOSPHORS[phosphor].color
        assert max(range(3), key=lambda k: brightest[k]) == max(range(3), key=lambda k: target[k])


def test_persistence_decays_and_each_effect_toggles():
    from life2_retro.terminals.window.crt import Effects

    with crt(effects=Effects(scanlines=False, glow=False, vignette=False)) as screen:
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
    import pygame

    with crt() as screen:
        screen.write(b"HELLO")
        screen.settle(0.2)
        pictures = {pygame.image.tobytes(screen.surface, "RGB")}
        # scanlines, glow, vignette and the phosphor each change a still picture (persistence only
        # shows when something changes, above)
        for key in (pygame.K_F2, pygame.K_F3, pygame.K_F5, pygame.K_F6):
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
            screen.settle(0.2)
            pictures.add(pygame.image.tobytes(screen.surface, "RGB"))
        assert len(pictures) == 5
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F4, mod=0, unicode=""))
        screen.frame()
        assert screen.effects.names() == []
