"""What every reference oracle gives back, and how it says it cannot run."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class OracleRun:
    output: bytes
    """What the original program sent, byte for byte."""
    trace: tuple[int | str, ...] | None
    """The lines it entered, in order (what TRON prints); None when the oracle cannot say."""
    complete: bool = True
    """False when the original was cut off: it went on printing, or went silent, past the oracle's
    limits (a C retry loop prints for ever); its output is then only a beginning."""
    failed: str | None = None
    """Why the oracle's own software broke down on this script (an exception inside PC-BASIC), or None.
    Its output and trace then stop where it broke; such a run is not a difference."""
    cycles: int | None = None
    """The 6502 cycles the original spent in program lines, where it ran on the 1977 machine (what
    `life2 run --cycles` says); None elsewhere."""
    segments: tuple[tuple[int, int], ...] | None = None
    """With `cycles`: each segment in order, as (CURLIN's value, its cycles)."""


class OracleUnavailable(Exception):
    """The oracle's own software is not installed (PC-BASIC, a C compiler)."""


class OracleUnusable(Exception):
    """The oracle cannot run this: the wrong runtime, no reference copy, or no oracle software.
    The message is for the user."""
