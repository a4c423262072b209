"""`life2 screenshot`, and a window that cannot be opened."""

from __future__ import annotations

import os

import pytest

from ..support.helpers import QUICK_GAME, life2


@pytest.mark.parametrize("name", ["teletype", "crt"])
def test_screenshot_saves_what_the_window_shows(tmp_path, name):
    import pygame

    script = tmp_path / "quick.txt"
    script.write_bytes(b"\n".join(QUICK_GAME))
    pictures = {}
    for label, path in (("game", script), ("blank", tmp_path / "nothing.txt")):
        path.touch()
        out = tmp_path / f"{label}.png"
        result = life2(
            "screenshot",
            "--terminal",
            name,
            "--input",
            str(path),
            "--out",
            str(out),
            "--size",
            "800x600",
            timeout=120,
        )
        assert result.returncode == 0, result.stderr
        pictures[label] = pygame.image.load(str(out))
    assert pictures["game"].get_size() == (800, 600)
    differing = sum(
        pictures["game"].get_at((x, y)) != pictures["blank"].get_at((x, y))
        for x in range(0, 800, 2)
        for y in range(0, 600, 2)
    )
    assert differing > 2000  # the boards and the mask, not just the title the blank run prints


def test_screenshot_errors_are_one_line(tmp_path):
    script = tmp_path / "quick.txt"
    script.write_bytes(b"1,1\n")
    for extra in (["--size", "10x10"], ["--out", str(tmp_path / "no" / "dir" / "x.png")], ["--fullscreen"]):
        args = ["--out", str(tmp_path / "x.png"), *extra]
        result = life2("screenshot", "--terminal", "crt", "--input", str(script), *args)
        assert (
            result.returncode == 2
            and b"Traceback" not in result.stderr
            and b"life2 screenshot" in result.stderr
        )


def test_no_display_is_a_clear_error():
    env = {**os.environ, "SDL_VIDEODRIVER": "no-such-driver"}
    result = life2("--terminal", "crt", env=env)
    assert (
        result.returncode == 2
        and b"Traceback" not in result.stderr
        and b"--terminal console" in result.stderr
    )


def test_a_screenshot_is_the_same_every_time_and_a_crop_is_its_part_at_full_size(tmp_path):
    """Flicker, jitter and static are seeded: two runs of a script give the same picture."""
    import pygame

    script = tmp_path / "quick.txt"
    script.write_bytes(b"\n".join(QUICK_GAME))

    def shot(out: str, *extra: str):
        args = ["--terminal", "crt", "--input", str(script), "--size", "640x480", *extra]
        return life2("screenshot", *args, "--out", str(tmp_path / out), timeout=120)

    runs = [("a.png", []), ("b.png", []), ("crop.png", ["--crop", "40,30,200,100"])]
    for out, extra in runs:
        result = shot(out, *extra)
        assert result.returncode == 0, result.stderr
    whole, again, crop = (pygame.image.load(str(tmp_path / out)) for out, _ in runs)
    assert pygame.image.tobytes(whole, "RGB") == pygame.image.tobytes(again, "RGB")
    assert crop.get_size() == (200, 100)
    part = whole.subsurface((40, 30, 200, 100))
    assert pygame.image.tobytes(crop, "RGB") == pygame.image.tobytes(part, "RGB")
    for bad in ("1,2,3", "700,500,10,10"):
        result = shot("x.png", "--crop", bad)
        assert result.returncode == 2 and b"Traceback" not in result.stderr and b"crop" in result.stderr
