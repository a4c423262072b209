"""Speed-ups for the oracle that leave what PC-BASIC computes untouched.

Profiles of PC-BASIC 2.0.8 running LIFE2 show four costs that have nothing to
do with BASIC:

- Its event cycle calls `time.sleep(0)` three times per statement, so that an
  interface thread (SDL, a text console) gets the GIL between statements. The
  oracle has no interface: its only other thread reads the (empty) input stream
  on its own timer, and the interpreter hands it the GIL at Python's switch
  interval anyway. Each of those calls is a system call, and on Linux a sleep
  for the timer slack: about 30% of a game's time. `no_idle_yields` makes
  `sleep(0)` return at once inside the event cycle; every real wait stays.
- Its tokenised program is a `CodeStream` that reaches its `io.BytesIO` through
  `StreamWrapper.__getattr__` on every `read`, `seek` and `tell`: a few
  million attribute look-ups a game, about 40% of what is left.
  `direct_code_reads` binds the buffer's own methods on each new stream, the
  methods the look-up would have found.
- Every scroll of its text screen also moves the 640x200 CGA pixel buffer, and
  clears the vacated area one Python generator step per pixel.
  `fast_pixel_moves` puts a plain zero fill in its place. The result is byte for
  byte the same matrix (tests/reference/test_pcbasic_speed.py checks it against
  PC-BASIC's own `move`); output and trace never read those pixels.
- Every key typed at INPUT redraws its screen row: `VideoBuffer.force_submit` converts
  the whole row to Unicode (`_refresh_dbcs`), draws its glyphs into the pixels and
  queues them for a window there is none of: about three quarters of the time of a
  long typed line. `no_redraw` drops the redraw. The Unicode mirror it skips feeds
  only the display and the character widths, and every code page 437 byte is one
  character wide whatever the mirror holds (the test checks all 256 and compares
  output, trace and screen text with and without it).

The first two make a game about 2.5 times cheaper (measured on 20 generated
scripts: 1.01 s of CPU a game without them, 0.41 s with them, the same output
and trace for every script).
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

_BUFFER_METHODS = ("read", "seek", "tell", "write", "truncate", "getvalue")
"""What a CodeStream asks its BytesIO for through `__getattr__`."""


def _sleep_unless_zero(seconds: float) -> None:
    if seconds:
        time.sleep(seconds)


@contextlib.contextmanager
def no_idle_yields() -> Iterator[None]:
    """`time.sleep(0)` in PC-BASIC's event cycle returns at once for the block; other sleeps sleep."""
    from pcbasic.basic import eventcycle

    before = eventcycle.time
    eventcycle.time = SimpleNamespace(**{**vars(time), "sleep": _sleep_unless_zero})
    try:
        yield
    finally:
        eventcycle.time = before


def _bind_buffer_methods(stream: Any) -> None:
    """Put on `stream` the buffer's own methods that its class leaves to `__getattr__`."""
    from pcbasic.compat.streams import StreamWrapper

    own = {name for cls in type(stream).__mro__ if cls not in (StreamWrapper, object) for name in vars(cls)}
    for name in _BUFFER_METHODS:
        if name not in own and name not in vars(stream):
            vars(stream)[name] = getattr(stream._stream, name)


@contextlib.contextmanager
def direct_code_reads() -> Iterator[None]:
    """Each CodeStream made in the block reads its buffer without the wrapper's look-up."""
    from pcbasic.basic.base.codestream import CodeStream

    plain_init = CodeStream.__dict__["__init__"]

    def init(self: Any, *args: Any, **kwargs: Any) -> None:
        plain_init(self, *args, **kwargs)
        _bind_buffer_methods(self)

    CodeStream.__init__ = init
    try:
        yield
    finally:
        CodeStream.__init__ = plain_init


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
    """Every speed-up for the block."""
    with no_idle_yields(), direct_code_reads(), fast_pixel_moves(), no_redraw():
        yield
