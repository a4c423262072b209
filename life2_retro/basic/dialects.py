"""The two BASICs LIFE2 can run under, and every place where they part ways.

`gwbasic` is what PC-BASIC 2.0.8 does, measured byte for byte; it is the oracle's
dialect. `ms1978` is Microsoft's 1977-78 BASIC as the book targeted it; each of its
rules is documented with its source in `basic_reference/ms1978.md`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


@dataclass(frozen=True)
class DialectRules:
    """The facts a dialect fixes; the runtime modules read them, nothing else decides."""

    name: str
    width: int
    """Characters on a printed line before the BASIC breaks it."""
    cr: bytes
    """What PRINT sends for CHR$(13): GW-BASIC's screen turns it into CR LF, the 1978 BASIC sends it bare."""
    tab_left_newline: bool
    """GW-BASIC starts a new line for a TAB left of the carriage; the 1978 BASIC does nothing."""
    round_subscripts: bool
    """GW-BASIC rounds a fractional subscript; the 1978 BASIC truncates it (m6502.asm AYINT)."""
    significant_digits: int
    """Digits PRINT shows of a single-precision number."""
    erase: str
    """What the Backspace key sends: the character the BASIC's INPUT takes as erase
    (the 1978 BASIC's `_`, m6502.asm INLIN; GW-BASIC's BS)."""
    break_key: bytes | None
    """What a Ctrl-C struck at a prompt is to the BASIC: GW-BASIC's INPUT reads it as a key and
    breaks the program (PC-BASIC console.py Console._interact L174-176); None where Ctrl-C is
    left to stop life2 (the 1978 dialect, as before)."""
    ready: bytes
    """What the BASIC prints when a program stops and it returns to direct mode.

    The 1978 BASIC prints CR LF `OK` CR LF (m6502.asm REDDY). PC-BASIC's `Ok` prompt
    is not part of a Session's output stream, so for gwbasic it is nothing.
    """


class Dialect(Enum):
    """A BASIC dialect, chosen with `--dialect`."""

    GWBASIC = DialectRules(
        name="gwbasic",
        width=80,
        cr=b"\r\n",
        tab_left_newline=True,
        round_subscripts=True,
        significant_digits=7,
        erase="\b",
        break_key=b"\x03",
        ready=b"",
    )
    MS1978 = DialectRules(
        name="ms1978",
        width=72,
        cr=b"\r",
        tab_left_newline=False,
        round_subscripts=False,
        significant_digits=6,
        erase="_",
        break_key=None,
        ready=b"\r\nOK\r\n",
    )

    @property
    def rules(self) -> DialectRules:
        return self.value

    @classmethod
    def named(cls, name: str) -> Dialect:
        """The dialect a user names on the command line."""
        for dialect in cls:
            if dialect.value.name == name:
                return dialect
        raise ValueError(f"unknown dialect {name!r}: choose from {', '.join(DIALECT_NAMES)}")


DIALECT_NAMES = tuple(d.value.name for d in Dialect)
DEFAULT_DIALECT = Dialect.MS1978
