"""What a running program hands its driver: trace lines, output, echo, input requests, notices, status.

The program never touches a terminal. It yields these events, and a driver
decides what each means on its terminal (a transcript keeps every byte; a
console hides the echo; a teletype paces the output). Every program speaks
this, whatever its runtime: the 1978 BASIC (basic/) or C (libc/).
"""

from __future__ import annotations

from collections.abc import Generator
from enum import Enum


class Stop(Enum):
    """Why a program run ended."""

    END = "end"
    """The program ran off its last line or executed END."""
    ERROR = "error"
    """A BASIC error stopped it; the message is in the output."""
    EMPTY_INPUT = "empty-input"
    """The 1978 BASIC stops a program when INPUT gets an empty line."""
    INPUT_ENDED = "input-ended"
    """The driver had no more input to give."""
    BREAK = "break"
    """Ctrl-C typed while the program ran: the BASIC stopped at a statement boundary, said BREAK
    (GW-BASIC: Break) and the line, and waits for commands."""
    RUNAWAY = "runaway"
    """The original would go on for ever without anything new from the player (a C retry loop at a
    bad character or at the end of input): it was stopped, and a Notice says so."""
    UNREPRODUCIBLE = "unreproducible"
    """The original's reference build does something here that cannot be reproduced (it reads an
    uninitialised pointer and crashes, or loops without end): it was stopped, and a Notice says so."""


class Echo(bytes):
    """Bytes the host echoes of a typed response.

    A terminal that hides input drops them; a transcript keeps them, because
    the BASIC really sent them.
    """


class Notice(str):
    """A word from life2 itself, not the program's output: why a run was stopped. A transcript puts
    it on stderr, so that stdout stays the original's bytes; a terminal shows it on its own line."""


class Status(str):
    """A word from life2 for the person at the terminal about what the program is doing now, when the
    program itself says nothing (the 2008 Cell Life waits for one more key after its result, without
    a word). It is never part of the output: a terminal shows it on a channel of its own (stderr beside
    a console, a window's caption), and one with no such channel, or nobody at it, lets it pass."""


class RawInput(bytes):
    """Typed input exactly as it came, its newline included when it had one (a file's bytes, read
    by `life2 run` for a C program, whose stdin sees the file as it is)."""


class UnfinishedLine(bytes):
    """The last keys of the input, typed after the last Return: the input ended before this line
    did. The 1978 BASIC echoes them and goes on waiting for the Return (INLIN leaves only on one),
    so it never takes them as an answer; GW-BASIC's oracle types every script line with its Return,
    so gwbasic takes them as a whole line, as before."""


class CtrlC(bytes):
    """What the driver sends back for a program's next line when Ctrl-C was typed while it ran (the
    6502 BASIC's ISCNTC at NEWSTT, PC-BASIC's check of its events before each statement). Only a
    program that says it breaks between statements (ProgramModule.breaks_between_statements) is
    sent it; at a prompt, Ctrl-C is the prompt's business (see session.drive). It is bytes, empty,
    so that it travels where typed lines do; the one instance is CTRL_C."""

    def __repr__(self) -> str:
        return "CTRL_C"


CTRL_C = CtrlC()


class InputRequest:
    """The program waits for one typed line; send the bytes back (None at end of input).

    `shown`: the answer hides nothing from an opponent (how many players, which board), so a terminal
    that hides the players' moves may show it as it is typed."""

    __slots__ = ("shown",)

    def __init__(self, shown: bool = False) -> None:
        self.shown = shown

    def __repr__(self) -> str:
        return "InputRequest(shown=True)" if self.shown else "InputRequest()"


INPUT_REQUEST = InputRequest()
"""A move, or any answer an opponent must not read."""
SHOWN_INPUT_REQUEST = InputRequest(shown=True)
"""An answer anyone may read: a setup question's."""


class Redisplay:
    """The program begins a full picture of the game here (LIFE2: a board). A terminal that may
    lose its line keeps its output from this point, to show it again when the line is back."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "Redisplay()"


REDISPLAY = Redisplay()

Event = int | str | bytes | InputRequest | Redisplay
"""An `int` is a line entered (what TRON prints); a `str` is a C function entered (a `Notice` or a
`Status` is a word from life2); `bytes` (maybe `Echo`) is output."""

Run = Generator[Event, bytes | None, Stop]


class PromptTurns:
    """Whose turn a prompt is, read from the program's own words, for a game with a seat a player.

    A program says in its output whose turn it is (LIFE2: `PLAYER 2`), and it alone knows how; its
    package gives a pattern for those words (its seats.py). The last match in the output before a
    prompt decides: group 1 holds the player's number, or matches nothing for a question to no
    player in particular (how many players?), which the first seat answers. Output without a match
    leaves the turn as it was: a prompt asked again after a refusal is the same player's. It reads
    bytes only, so a driver can keep one beside any terminal."""

    def __init__(self, pattern: bytes, numbers: dict[bytes, int] | None = None) -> None:
        import re

        self._pattern = re.compile(pattern)
        self._numbers = numbers or {}
        """Words group 1 may hold for a player (`WHITE`: 1), besides a number."""
        self._since_prompt = bytearray()
        self._player: int | None = None

    def see(self, output: bytes) -> None:
        """Bytes the program printed (all of them, in order)."""
        self._since_prompt += output

    def asked(self) -> int | None:
        """The player the prompt now waiting asks; None: no player in particular."""
        matches = list(self._pattern.finditer(bytes(self._since_prompt)))
        self._since_prompt.clear()
        if matches:
            named = matches[-1][1]
            self._player = None if named is None else self._numbers.get(named) or int(named)
        return self._player
