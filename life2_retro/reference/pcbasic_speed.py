"""Two speed-ups for the oracle that leave what PC-BASIC computes untouched.

A profile of PC-BASIC 2.0.8 running LIFE2 shows two costs that have nothing to do
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

    return ByteMatrix.__dict__["move"] if _installed is None else _installed


_installed: Any = None
"""PC-BASIC's own move while ours stands in for it."""


@contextlib.contextmanager
def fast_pixel_moves() -> Iterator[None]:
    """`zero_filled_move` stands in for PC-BASIC's move for the block."""
    global _installed
    from pcbasic.basic.base.bytematrix import ByteMatrix

    if _installed is not None:  # already in place further up
        yield
        return
    _installed = ByteMatrix.__dict__["move"]
    ByteMatrix.move = zero_filled_move  # type: ignore[method-assign]
    try:
        yield
    finally:
        ByteMatrix.move = _installed  # type: ignore[method-assign]
        _installed = None


@contextlib.contextmanager
def quick_oracle() -> Iterator[None]:
    """Both speed-ups for the block."""
    with timer_slack(), fast_pixel_moves():
        yield
