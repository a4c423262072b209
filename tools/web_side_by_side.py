"""The page beside the pygame window, the same script in each: docs/web-teletype.png, docs/web-crt.png.

    python tools/web_side_by_side.py [--out docs] [--size 1024x700]

The window is `life2 screenshot` of the quick game; the page is `life2
--terminal web` in Debian's Chromium (headless, driven by Playwright), the same
six lines typed at its keyboard. Both at the same size, the page on the left.
Needs the dev install and `apt-get install chromium`.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

QUICK_GAME = ["1,1", "1,5", "5,5", "3,2", "3,3", "3,4"]
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def window(look: str, size: str, out: Path, script: Path) -> None:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    subprocess.run(
        [
            sys.executable,
            "-m",
            "life2_retro",
            "screenshot",
            "--input",
            str(script),
            "--out",
            str(out),
            "--terminal",
            look,
            "--dialect",
            "ms1978",
            "--size",
            size,
            "--baud",
            "0",
        ],
        check=True,
        env=env,
        timeout=300,
    )


def page(look: str, size: str, out: Path) -> None:
    from playwright.sync_api import sync_playwright

    game = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "life2_retro",
            "--dialect",
            "ms1978",
            "--terminal",
            "web",
            "--port",
            "0",
            "--code",
            "2222",
            "--baud",
            "0",
            "--look",
            look,
        ],
        stderr=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
    )
    assert game.stderr is not None
    os.set_blocking(game.stderr.fileno(), False)
    said = b""
    while not (found := re.search(rb"(http://\S+)", said)):
        said += game.stderr.read() or b""
        time.sleep(0.05)
    width, height = (int(n) for n in size.split("x"))
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
            shown = browser.new_page(viewport={"width": width, "height": height})
            shown.goto(found[1].decode())
            for number, line in enumerate(QUICK_GAME, start=1):
                shown.wait_for_function(
                    f"() => Number(document.getElementById('machine').dataset.asked || 0) >= {number}"
                    " && document.getElementById('machine').dataset.asking"
                )
                shown.keyboard.type(line)
                shown.keyboard.press("Enter")
            shown.wait_for_function("() => document.getElementById('machine').dataset.over")
            time.sleep(0.5)
            shown.screenshot(path=str(out))
            browser.close()
    finally:
        game.kill()
        game.wait()


def side_by_side(left: Path, right: Path, out: Path, width: int) -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    pygame.init()
    one, two = pygame.image.load(str(left)), pygame.image.load(str(right))
    gap = 16
    both = pygame.Surface((one.get_width() + gap + two.get_width(), max(one.get_height(), two.get_height())))
    both.fill((24, 22, 20))
    both.blit(one, (0, 0))
    both.blit(two, (one.get_width() + gap, 0))
    scale = width / both.get_width()
    both = pygame.transform.smoothscale(both, (width, round(both.get_height() * scale)))
    pygame.image.save(both, str(out))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", default="docs", type=Path)
    parser.add_argument("--size", default="1024x700")
    parser.add_argument("--width", default=1600, type=int, help="the picture's width, both halves")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        script = Path(folder) / "quick.txt"
        script.write_text("\n".join(QUICK_GAME) + "\n")
        for look in ("teletype", "crt"):
            shown, drawn = Path(folder) / f"page-{look}.png", Path(folder) / f"window-{look}.png"
            page(look, args.size, shown)
            window(look, args.size, drawn, script)
            side_by_side(shown, drawn, args.out / f"web-{look}.png", args.width)
            print(f"{args.out / f'web-{look}.png'}: the page (left) and the window (right)")


if __name__ == "__main__":
    main()
