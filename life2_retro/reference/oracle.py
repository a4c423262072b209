"""What every reference oracle gives back, and how it says it cannot run."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class OracleRun:
    output: bytes
    """What the original program sent, byte for byte."""
    trace: tuple[int, ...]
    """The numbers of the lines it entered, in order (what TRON prints)."""


class OracleUnavailable(Exception):
    """The oracle's own software is not installed (PC-BASIC, a C compiler)."""


class OracleUnusable(Exception):
    """The oracle cannot run this: the wrong runtime, no reference copy, or no oracle software.
    The message is for the user."""
