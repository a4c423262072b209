"""`life2 watch p2life`, headless: the picture is the lattice and its counts, and the keys pause, step
and reseed, in the window of cells and on the glass terminal."""

from __future__ import annotations

import numpy as np
import pytest

from life2_retro.automata.rules import BLACK, WHITE
from life2_retro.cli import main
from life2_retro.commands.watch import CRT_LATTICE, CrtView, Soup, Watcher, watch
from life2_retro.terminals.window.lattice import PALETTE, STATUS_HEIGHT, LatticeWindow
from life2_retro.terminals.window.terminal import WindowClosed

from ..support.windows import crt, key


def _soup(shape=(48, 64), seed=3) -> Soup:
    return Soup(shape, 0.5, "periodic", seed, "0")


def test_the_screenshot_shows_the_soup_cell_for_cell_with_its_counts(tmp_path):
    import pygame

    png = tmp_path / "watch.png"
    assert (
        main(
            [
                "watch",
                "p2life",
                "--lattice",
                "64x48",
                "--seed",
                "3",
                "--generations",
                "40",
                "--screenshot",
                str(png),
            ]
        )
        == 0
    )
    soup = _soup()
    for _ in range(40):
        soup.engine.step()
    picture = pygame.surfarray.array3d(pygame.image.load(str(png)))  # (x, y, rgb)
    board = picture[:, : 768 - STATUS_HEIGHT]
    scale = min(1024 // 64, (768 - STATUS_HEIGHT) // 48)
    for state, colour in ((WHITE, PALETTE[1]), (BLACK, PALETTE[2])):
        pixels = int(np.all(board == colour, axis=2).sum())
        assert pixels == int((soup.engine.lattice == state).sum()) * scale * scale
    status = picture[:, 768 - STATUS_HEIGHT :]
    assert (status.max(axis=2) > 150).sum() > 500  # the line of counts is written there


def test_the_window_hands_back_keys_by_name_and_esc_closes_it():
    import pygame

    with LatticeWindow(size=(640, 480)) as window:
        window.show(_soup().engine.lattice, "counts")
        for name in (pygame.K_SPACE, pygame.K_s, pygame.K_r):
            key(pygame, name)
        assert window.frame(wait=False) == ["space", "s", "r"]
        key(pygame, pygame.K_ESCAPE)
        with pytest.raises(WindowClosed):
            window.frame(wait=False)


def test_space_pauses_s_steps_one_generation_and_r_reseeds():
    soup = _soup()
    watcher = Watcher(soup, 10)
    assert watcher.tick([], flat_out=True) and soup.engine.generation == 1
    watcher.tick(["space"], flat_out=True)
    assert soup.paused and soup.engine.generation == 1
    for _ in range(3):
        assert not watcher.tick([], flat_out=True)
    watcher.tick(["s"], flat_out=True)
    watcher.tick(["right"], flat_out=True)
    assert soup.paused and soup.engine.generation == 3
    first = soup.engine.lattice
    watcher.tick(["r"], flat_out=True)
    assert soup.number == 1 and soup.engine.generation == 0
    assert not np.array_equal(soup.engine.lattice, _soup().engine.lattice)
    watcher.tick(["space"], flat_out=True)
    assert not soup.paused and soup.engine.generation == 1
    again = _soup()
    for _ in range(3):
        again.engine.step()
    assert np.array_equal(again.engine.lattice, first)  # the same seed, the same soups


def test_the_pace_keys_move_through_the_paces_and_stop_at_the_ends():
    watcher = Watcher(_soup(), 10)
    for _ in range(9):
        watcher.press("+")
    assert watcher.pace == 6
    for _ in range(9):
        watcher.press("-")
    assert watcher.pace == 0


def test_the_glass_terminal_shows_the_lattice_as_text_and_takes_the_keys():
    import pygame

    soup = _soup(CRT_LATTICE)
    with crt() as screen:
        view = CrtView(screen)
        watch(view, soup, 10, generations=5)
        text = screen.screen.text()
        lattice = soup.engine.lattice
        assert text[:22] == ["".join(" O#"[state] for state in row) for row in lattice.tolist()]
        assert f"white {soup.engine.whites}  black {soup.engine.blacks}" in text[22]
        key(pygame, pygame.K_SPACE)
        key(pygame, pygame.K_F2)  # the terminal's own key: scanlines, not a command
        assert view.frame() == ["space"]
        assert not screen.effects.scanlines


def test_watch_refuses_what_it_cannot_show(capsys):
    for words, complaint in [
        (["--terminal", "crt", "--lattice", "100x50"], "the glass terminal shows 80x22 cells"),
        (["--lattice", "4x4"], "a lattice is COLUMNSxROWS of at least 8x8"),
        (["--density", "2"], "a density is a number from 0 to 1"),
        (["--phosphor", "p3"], "--phosphor is for the crt terminal"),
    ]:
        with pytest.raises(SystemExit):
            main(["watch", "p2life", *words])
        assert complaint in capsys.readouterr().err
