"""Three speed-ups for the oracle that leave what PC-BASIC computes untouched.

A profile of PC-BASIC 2.0.8 running LIFE2 shows three costs that have nothing to do
with BASIC:

- Its event cycle calls `time.sleep(0)` three times per statement, to let other
  threads in. On Linux each such call sleeps for the process's timer slack, 50 us
  by default: about a third of the wall time of a game. `timer_slack` sets the
  slack to 1 ns while the oracle runs and puts it back afterwards.
- Every scroll of its text screen also moves the 640x200 CGA pixel buffer, and
  clears the vacated area one Python generator step per pixel: about a third of
  the CPU time. `fast_pixel_moves` puts a plain zero fill in its place.
  The result is byte for byte the same matrix (tests/reference/test_pcbasic_speed.py checks
  it against PC-BASIC's own `move`); output and trace never read those pixels.
- Every key typed at INPUT redraws its screen row: `VideoBuffer.force_submit` converts
  the whole row to Unicode (`_refresh_dbcs`), draws its glyphs into the pixels and
  queues them for a window there is none of: about three quarters of the time of a
  long typed line. `no_redraw` drops the redraw. The Unicode mirror it skips feeds
  only the display and the character widths, and every code page 437 byte is one
  character wide whatever the mirror holds (the test checks all 256 and compares
  output, trace and screen text with and without it).
"""

from __future__ import annotations

import contextlib
import ctypes
import functools
import sys
from collections.abc import Iterator
from typing import Any

PR_SET_TIMERSLACK = 29
PR_GET_TIMERSLACK = 30


@functools.cache
def _prctl() -> Any | None:
    """libc's prctl, looked up once: the oracle runs thousands of games."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        return ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None


@contextlib.contextmanager
def timer_slack(nanoseconds: int = 1) -> Iterator[None]:
    """The calling thread's timer slack set to `nanoseconds` for the block (Linux; elsewhere nothing)."""
    prctl = _prctl()
    before = prctl(PR_GET_TIMERSLACK, 0, 0, 0, 0) if prctl is not None else -1
    if before > 0:
        prctl(PR_SET_TIMERSLACK, nanoseconds, 0, 0, 0)
    try:
        yield
    finally:
        if before > 0:
            prctl(PR_SET_TIMERSLACK, before, 0, 0, 0)


def zero_filled_move(matrix: Any, sy0: int, sy1: int, sx0: int, sx1: int, ty0: int, tx0: int) -> None:
    """PC-BASIC's `ByteMatrix.move`: copy a block, clear the source to 0, paste at the target."""
    clip = matrix[sy0:sy1, sx0:sx1].copy()
    for row in matrix._rows[sy0:sy1]:
        row[sx0:sx1] = bytes(len(row[sx0:sx1]))
    matrix[ty0 : ty0 + (sy1 - sy0), tx0 : tx0 + (sx1 - sx0)] = clip


def pcbasic_move() -> Any:
    """PC-BASIC's own `ByteMatrix.move`: what the test compares against."""
    from pcbasic.basic.base.bytematrix import ByteMatrix

    return _originals.get((ByteMatrix, "move"), ByteMatrix.__dict__["move"])


def forget_redraw(buffer: Any) -> None:
    """`VideoBuffer.force_submit` without the redraw: the rows marked for it are just unmarked."""
    buffer._dirty_left = {}
    buffer._dirty_right = {}


_originals: dict[tuple[type, str], Any] = {}
"""PC-BASIC's own methods while ours stand in for them."""


@contextlib.contextmanager
def _stand_in(cls: type, name: str, replacement: Any) -> Iterator[None]:
    """`replacement` in place of `cls.name` for the block (once, however deeply nested)."""
    key = (cls, name)
    if key in _originals:  # already in place further up
        yield
        return
    _originals[key] = cls.__dict__[name]
    setattr(cls, name, replacement)
    try:
        yield
    finally:
        setattr(cls, name, _originals.pop(key))


@contextlib.contextmanager
def fast_pixel_moves() -> Iterator[None]:
    """`zero_filled_move` stands in for PC-BASIC's move for the block."""
    from pcbasic.basic.base.bytematrix import ByteMatrix

    with _stand_in(ByteMatrix, "move", zero_filled_move):
        yield


@contextlib.contextmanager
def no_redraw() -> Iterator[None]:
    """`forget_redraw` stands in for PC-BASIC's `VideoBuffer.force_submit` for the block."""
    from pcbasic.basic.display.buffers import VideoBuffer

    with _stand_in(VideoBuffer, "force_submit", forget_redraw):
        yield


@contextlib.contextmanager
def quick_oracle() -> Iterator[None]:
    """All three speed-ups for the block."""
    with timer_slack(), fast_pixel_moves(), no_redraw():
        yield
