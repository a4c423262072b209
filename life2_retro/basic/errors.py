"""BASIC run-time errors, and how each dialect announces them.

A program raises `BasicError` with a code; the machine turns it into the dialect's
message and stops, as the interpreter would.
"""

from __future__ import annotations

from .dialects import Dialect

# code: (GW-BASIC message, 1978 two-letter code; None where only GW-BASIC raises it)
_MESSAGES: dict[str, tuple[str, str | None]] = {
    "undefined-line": ("Undefined line number", "US"),
    "illegal-function-call": ("Illegal function call", "FC"),
    "subscript-out-of-range": ("Subscript out of range", "BS"),
    "overflow": ("Overflow", "OV"),
    "next-without-for": ("NEXT without FOR", "NF"),
    "return-without-gosub": ("RETURN without GOSUB", "RG"),
    "out-of-data": ("Out of DATA", "OD"),
    "break": ("Break", None),  # Ctrl-C at GW-BASIC's INPUT (gwinput.GwLineEditor)
}


class BasicError(Exception):
    """An error the BASIC interpreter reports, stopping the program."""

    def __init__(self, code: str) -> None:
        if code not in _MESSAGES:
            raise ValueError(f"unknown BASIC error {code!r}")
        super().__init__(code)
        self.code = code


def error_message(dialect: Dialect, code: str, line: int, column: int) -> bytes:
    """The bytes the interpreter prints when `code` stops the program in `line`.

    GW-BASIC moves to a fresh line only when the cursor is not at its start, then
    prints the message and CR LF (PC-BASIC adds a 0xFF byte there, which is an
    artefact of its stream, not output). The 1978 BASIC always sends CR LF first,
    then `?US ERROR IN  575` (the number keeps its sign space), CR LF, and the
    `OK` of direct mode (basic_reference/ms1978.md, rule X1).
    """
    text, short = _MESSAGES[code]
    if dialect is Dialect.GWBASIC:
        lead = b"\r\n" if column else b""
        return lead + f"{text} in {line}".encode("ascii") + b"\r\n"
    if short is None:
        raise ValueError(f"the 1978 BASIC has no {code!r} error here")
    return f"\r\n?{short} ERROR IN  {line}".encode("ascii") + dialect.rules.ready


def break_message(dialect: Dialect, line: int) -> bytes:
    """What the interpreter prints when Ctrl-C stops the program before a statement of `line`'s
    successor, `line` being the one it ran last.

    The 1978 BASIC: BRKTXT (CR LF `BREAK`), ` IN `, the line number with its sign space, and
    READY's CR LF `OK` CR LF (m6502.asm STOP-ENDCON L2227-2248, ERRFIN L1546-1549; msbasic
    flow1.s and message.s QT_BREAK). GW-BASIC as PC-BASIC: `^C` where the cursor is, a new line,
    `Break in 110` and CR LF (interpreter.py Interpreter._handle_break, implementation.py
    _handle_error); the ^C leaves the cursor past column 1, so the new line always comes.
    """
    if dialect is Dialect.GWBASIC:
        return f"^C\r\nBreak in {line}\r\n".encode("ascii")
    return f"\r\nBREAK IN  {line}".encode("ascii") + dialect.rules.ready
