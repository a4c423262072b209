"""The README's exhibit picture: attract mode on the Teletype with the live listing, as a PNG.

    python tools/exhibit_picture.py docs/exhibit.png

It is `life2 exhibit` as docs/exhibit.toml's defaults set it, in a 1280x800
window: the real runner, terminal, panel and banner, headless, on a simulated
clock (exhibit/simulated.py), so the same picture comes out every time. The
computers play for SECONDS, and the picture is taken at the first frame after
that with the banner lit. No listing is configured, so the panel shows our own
notes on each line and the picture holds nothing of the 1978 listing.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

SIZE = "1280x800"
SECONDS = 30.0
"""How long the computers have played when the picture is taken: boards on the paper, a game on."""
FRAME_SECONDS = 0.05
BAUD = 1200
"""The picture only: the first boards are on paper in seconds, not minutes."""


class Taken(Exception):
    """The picture is saved: the exhibit stops."""


def take(out: str) -> None:
    from life2_retro.exhibit.banner import BLINK_SECONDS
    from life2_retro.exhibit.config import parse_config
    from life2_retro.exhibit.simulated import SimulatedExhibit
    from life2_retro.terminals.window.terminal import headless

    headless()
    with tempfile.TemporaryDirectory(prefix="life2-exhibit-picture-") as folder:
        exhibit = {"terminal": "teletype", "fullscreen": False, "size": SIZE}
        config = parse_config({"exhibit": exhibit}, Path(folder))
        simulated = SimulatedExhibit(config, frame_step=FRAME_SECONDS, size=config.size, seed=1, baud=BAUD)
        clock, terminal = simulated.clock, simulated.terminal

        def shoot() -> None:
            now = clock.now()
            if now >= SECONDS and int(now / BLINK_SECONDS) % 4 != 3:  # the banner blinks: lit
                terminal.save_png(out)
                raise Taken

        terminal.frame_hooks.append(shoot)
        try:
            simulated.exhibit.run()
        except Taken:
            pass
        finally:
            simulated.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", help="where to save the PNG")
    take(parser.parse_args(argv).out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
