"""Reading the game off the paper: what a person at the terminal knows, and nothing more.

Computer players decide from this alone, so they never learn a move the program
has not printed. It reads the exact bytes either dialect sends (ms1978 strikes
the mask over one line with bare CRs, gwbasic ends every line with CR LF),
boards with blank or dotted empty squares, in chunks of any size.

Feed it the program's output only, not the echo of typed answers: on paper the
echo is struck onto the ink blot where nobody can read it. (If an echo is fed,
the rest of a prompt's line is ignored all the same.)
"""

from __future__ import annotations

import re
from typing import Literal

from ...events import Stop
from .rules import EMPTY, ONE, TWO, Board, Result, population

Phase = Literal["setup", "turn", "over"]

_HEADER = " 0  1  2  3  4  5  0 "
"""Lines 99-103 print the column numbers above and below the board (the corners as 0)."""
_CELLS = {" ": EMPTY, ".": EMPTY, "*": ONE, "#": TWO}
_ROW = re.compile(r"^ ([1-5]) ((?: [ .*#] ){5}) ([1-5]) $")
_SETUP_HEADER = re.compile(r"^PLAYER ([12])  - 3 LIVE PIECES\.$")  # line 520
_TURN_PROMPT = re.compile(r"^PLAYER ([12]) X,Y$")  # line 580, then 700
_WINNER = re.compile(r"^PLAYER ([12]) IS THE WINNER$")  # line 575
_PROMPTS = ("? ", "?? ")
"""INPUT's prompt, and the 1978 BASIC's prompt for the values still missing."""


class GameObserver:
    """The state of one game as its printed output shows it."""

    def __init__(self) -> None:
        self.phase: Phase = "setup"
        self.prompted: int | None = None
        """The player the waiting prompt is for; None while no prompt waits."""
        self.asking: int | None = None
        """The player the program last asked for a square (stays set after the answer)."""
        self.round = 0
        """0 for the setup; each turn after a board is printed is the next round."""
        self.prompts = 0
        """How many prompts have waited so far: tells one prompt from the next."""
        self.board: Board | None = None
        self.history: list[Board] = []
        self.refused = False
        self.same_coord = False
        self.winner: Result = None
        self.ended = False
        self.stopped_by: Stop | None = None
        """Why the program stopped, once the driver says so (see `stopped`)."""
        self._tail = b""
        self._rows: list[tuple[int, ...]] | None = None
        self._setup_player = 1
        self._illegal = False
        self._same_pending = False
        self._board_since_round = False

    # -- reading --------------------------------------------------------------------------------

    def feed(self, data: bytes) -> None:
        """Bytes the program sent, in order; chunks may split lines anywhere."""
        text = self._tail + data
        *lines, self._tail = text.split(b"\n")
        for line in lines:
            for segment in line.rstrip(b"\r").split(b"\r"):
                self._line(segment.decode("latin-1"))
        waiting = self._tail.split(b"\r")[-1].decode("latin-1") in _PROMPTS and not self.ended
        if waiting and (lines or self.prompted is None):  # a line ended: any earlier prompt was answered
            self.prompts += 1
        self.prompted = self.asking if waiting else None

    @property
    def populations(self) -> tuple[int, int] | None:
        """(`*`, `#`) on the last board printed."""
        return None if self.board is None else population(self.board)

    def _line(self, line: str) -> None:
        """One line, or one overprinted stretch of a line: what is struck there, in order."""
        if self._rows is not None and self._board_row(line):
            return
        if line == _HEADER:
            self._rows = []
        elif match := _TURN_PROMPT.match(line):
            self._ask(int(match[1]))
        elif line == "X,Y":
            self._ask(self._setup_player if self.phase == "setup" else self.asking or 1)
        elif line == "ILLEGAL COORDS. RETYPE":
            self._illegal = True
        elif line == "SAME COORD.  SET TO 0":
            self._same_pending = True
        elif match := _SETUP_HEADER.match(line):
            self._setup_player = int(match[1])
        elif match := _WINNER.match(line):
            self._end(1 if match[1] == "1" else 2)  # the pattern allows 1 or 2 only
        elif line == "A DRAW":
            self._end("draw")

    def stopped(self, stop: Stop) -> None:
        """The program has stopped (the driver knows why: an end, an error, an empty answer, or no
        more input). Whatever the paper shows, the game is over."""
        self.stopped_by = stop
        if stop is not Stop.INPUT_ENDED:
            self._end(self.winner)

    def _board_row(self, line: str) -> bool:
        """Takes the next line of a board being printed; False when the line is no part of one."""
        assert self._rows is not None
        if len(self._rows) == 5:
            if line == _HEADER:
                self._printed(tuple(self._rows))
                self._rows = None
                return True
        elif (match := _ROW.match(line)) and match[1] == match[3] == str(len(self._rows) + 1):
            self._rows.append(tuple(_CELLS[match[2][i]] for i in range(1, 15, 3)))
            return True
        self._rows = None
        return False

    def _printed(self, board: Board) -> None:
        self.board = board
        self.history.append(board)
        if self.phase == "setup":
            self.phase = "turn"
        self.same_coord = self._same_pending
        self._same_pending = False
        self._board_since_round = True

    def _ask(self, player: int) -> None:
        """Line 700 prints X,Y: a new request for a square (a retype after ILLEGAL COORDS too)."""
        if self.phase == "turn" and self._board_since_round:
            self.round += 1
            self._board_since_round = False
        self.asking = player
        self.refused = self._illegal
        self._illegal = False

    def _end(self, winner: Result) -> None:
        self.winner = winner
        self.ended = True
        self.phase = "over"
        self.prompted = None
