"""SDL's and ALSA's probing, kept off the player's terminal.

When SDL looks for a display or a sound card it tries each of its drivers, and
the libraries under it (Wayland, ALSA) report each failed try by writing
straight to file descriptor 2: "XDG_RUNTIME_DIR is invalid", eight lines of
"ALSA lib ... cannot find card". A player sees a wall of noise before a game
that then plays perfectly well, or in silence. Python's sys.stderr is not
involved, so the descriptor itself is pointed elsewhere for the call, and
what was written is kept for the error message should the call fail.
"""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
from collections.abc import Iterator


class Held:
    """What the libraries wrote while they were held quiet."""

    text = ""


@contextlib.contextmanager
def held_stderr() -> Iterator[Held]:
    """Descriptor 2 goes to a scratch file for the block; what it got is in the result afterwards."""
    held = Held()
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, ValueError):  # no descriptor 2 to hold (an embedded interpreter)
        yield held
        return
    with tempfile.TemporaryFile() as scratch:
        os.dup2(scratch.fileno(), 2)
        try:
            yield held
        finally:
            os.dup2(saved, 2)
            os.close(saved)
            scratch.seek(0)
            held.text = scratch.read().decode("utf-8", "replace")
