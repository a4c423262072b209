"""LIFE2 (1978) at the exhibit: the 1978 program, our computer players, and the live listing beside it.

The program is the listing's, line by line, under the dialect and bug
switches the museum chose. The listing has no computer player, so ours sit
at the table (programs/life2/players.py): each decides its square for a round
from the printed paper alone, before any visitor's answer of that round is
read. The panel shows the listing (the museum's copy, checked by its SHA-256)
or our notes on each line, with the line running marked, and the variables
that tell the story: whose turn, the squares typed, the two populations.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from typing import Any

from ...basic.dialects import DIALECT_NAMES
from ...events import Stop
from ...programs import program_entry
from ...programs.life2.bugs import BUG_NAMES
from ...programs.life2.observer import GameObserver
from ...programs.life2.players import LEVELS, ComputerPlayer
from ...reference import make_program
from ...terminals.base import KeyHook, Terminal
from ...terminals.options import Option
from ...terminals.pacing import OSI_CHALLENGER_1P_HZ
from ..table import Table
from .base import ONE_VISITOR, Game, Hooks, Panel, Played, Stand, variables_of
from .settings import PATH_ALLOWS, attract_levels_of, bug_switches, file_path, levels_said, opponent_level

PANEL_VARIABLES = ("B", "X(1)", "Y(1)", "X(2)", "Y(2)", "M2", "M3")
"""The variables the listing panel shows: whose turn, the squares typed, the two populations."""
WELCOME = {
    1: b"\r\n\r\nYOU ARE PLAYER 1 (*). THE COMPUTER IS PLAYER 2 (#).\r\n\r\n",
    2: b"\r\n\r\nTWO PLAYERS: PLAYER 1 IS *, PLAYER 2 IS #. TAKE TURNS AT THE KEYS.\r\n\r\n",
}
EMPTY_ANSWERS = ("ask-again", "basic")
ENGINES = ("python", "6502")
LISTING_TITLE = "LIFE2 (1978) - THE PROGRAM AS IT RUNS"
ANNOTATED_TITLE = "LIFE2 - WHAT EACH LINE DOES (NO LISTING ON THIS MACHINE)"
NOT_FOUND = "the 1978 listing is not in the config, at $LIFE2_LISTING or in ../shared/reference/"
NOT_LOOKED_FOR = "no listing path in the config (a screenshot shows no other)"


class Life2Table(Table):
    """Two seats, each a visitor or a computer. A computer answers from the move it committed for the
    round, decided before any visitor's input of the round was read: it knows only what was printed."""

    def __init__(
        self,
        terminal: Terminal,
        seats: dict[int, ComputerPlayer | None],
        on_answer: Callable[[int, bytes], None] | None = None,
        ask_again_when_empty: bool = False,
        on_key: KeyHook | None = None,
        idle_seconds: float | None = None,
    ) -> None:
        super().__init__(terminal, on_key, idle_seconds)
        self.seats = seats
        """Player number -> the computer in that seat, or None for a visitor."""
        self.observer = GameObserver()
        self.on_answer = on_answer
        self.ask_again_when_empty = ask_again_when_empty
        """A visitor's Return on an empty line is not passed on (the 1978 BASIC would stop)."""
        self._last_prompted = 1

    @property
    def computers(self) -> list[ComputerPlayer]:
        return [player for player in self.seats.values() if player is not None]

    def read_paper(self, data: bytes) -> None:
        self.observer.feed(data)

    def read_line(self, idle_seconds: float | None = None) -> bytes | None:
        number = self.observer.prompted or self._last_prompted
        self._last_prompted = number
        for computer in self.computers:  # every computer decides before anyone's input is read
            computer.commit(self.observer)
        player = self.seats.get(number)
        if player is None:
            line = self.read_visitor()
            while line is not None and self.ask_again_when_empty and not line.strip():
                line = self.read_visitor()
            if line is None:
                return None
        else:
            line = player.answer(self.observer)
            self.show_typing(line)
        self.moves.append([number, line.decode("ascii", "replace")])
        if self.on_answer is not None:
            self.on_answer(number, line)
        return line


class Life2Game(Game):
    table: Life2Table

    def __init__(self, stand: Life2Stand, visitors: int, hooks: Hooks, terminal: Terminal) -> None:
        settings = stand.settings
        entry = program_entry("life2")
        if visitors:
            opponent = self._computer(2, settings["computer_level"], stand, hooks)
            self.seats = {1: None, 2: opponent if visitors == ONE_VISITOR else None}
        else:
            first, second = settings["attract_levels"]
            self.seats = {
                1: self._computer(1, first, stand, hooks),
                2: self._computer(2, second, stand, hooks),
            }
        self.dialect: str = settings["dialect"]
        self.on_the_machine = settings["engine"] == "6502"
        """The listing itself runs, on the 1977 interpreter, emulated: the panel adds its cycles."""
        engine = {"engine": "6502", "rom": settings["rom"]} if self.on_the_machine else {}
        program = make_program(entry, self.dialect, settings["bugs"], **engine)
        self._program = program
        self.erase = entry.erase_key(self.dialect)
        if settings["historical_speed"]:
            # segment by segment: the historical speed holds the board's printing line by line, where
            # a pass priced at once would hold it all before the first row
            self.meter = entry.count_cycles(self._program, self.dialect, by_segment=True)
            self.clock_hz = settings["clock_hz"]
        self.visitors = visitors
        self.on_round = hooks.on_round
        self._secret_round: int | None = None
        self.table = Life2Table(
            terminal,
            self.seats,
            on_answer=self._answered,
            ask_again_when_empty=settings["empty_answer"] == "ask-again",
            on_key=hooks.on_key,
            idle_seconds=hooks.idle_seconds,
        )
        self.terminal = self.table

    @staticmethod
    def _computer(number: int, level: int, stand: Life2Stand, hooks: Hooks) -> ComputerPlayer:
        return ComputerPlayer(number, level, stand.settings["bugs"], seed=hooks.random.getrandbits(32))

    def _answered(self, number: int, line: bytes) -> None:
        observer = self.table.observer
        if self.visitors:
            self._secret_round = observer.round  # kept off the panel until its board is printed
        if self.on_round is not None:
            self.on_round(observer.round)

    def ended(self, stop: Stop) -> str:
        observer = self.table.observer
        observer.stopped(stop)
        if observer.winner is None:
            return "error" if stop is Stop.ERROR else "stopped"
        return "finished"

    def played(self) -> Played:
        return Played(
            players=[seat.name if seat is not None else "human" for seat in self.seats.values()],
            winner=self.table.observer.winner,
            moves=self.table.moves,
            dialect=self.dialect,
            bugs=sorted(self._program.bugs),
        )

    def variables(self) -> list[tuple[str, str]]:
        """In a visitor's game the squares typed (X, Y) stay hidden until the board that places them
        is printed: the panel must not give a move away."""
        hidden = self.visitors > 0 and self.table.observer.round == self._secret_round
        shown = self._program.variables()

        def number(name: str) -> str:  # a variable not made yet is 0, as BASIC reads it
            return "?" if hidden and name[0] in "XY" else f"{shown.get(name, 0.0):g}"

        box = [(name, number(name)) for name in PANEL_VARIABLES]
        if self.on_the_machine:  # the 1977 machine's own clock, from the typed RUN
            box.append(("CYCLES", f"{self._program.machine_cycles:,}"))
        return box


class Life2Stand(Stand):
    NAME = "life2"
    TITLE = "LIFE2, Brian Wyvill (BASIC Computer Games, 1978): the listing's program, our computers"
    BANNER = "PRESS ANY KEY TO PLAY LIFE2"
    OPTIONS = (
        Option(
            "dialect",
            "the BASIC it runs on: ms1978 (the 1978 BASIC) or gwbasic",
            "ms1978",
            choices=DIALECT_NAMES,
        ),
        bug_switches(BUG_NAMES, "the listing's bugs kept", "the 1978 listing"),
        opponent_level(LEVELS, "1 random, 2 greedy, 3 search"),
        attract_levels_of(LEVELS),
        Option(
            "empty_answer",
            "Return on an empty line: ask-again, or basic (the 1978 BASIC stops there)",
            "ask-again",
            choices=EMPTY_ANSWERS,
        ),
        Option(
            "listing",
            "the museum's copy of the 1978 listing, checked by its SHA-256 (without it: $LIFE2_LISTING, "
            "then ../shared/reference/, as for every command; none found, the panel shows our notes)",
            None,
            convert=file_path,
            allows=PATH_ALLOWS,
            written='"/opt/life2/lifefortwo-1978.bas"',
        ),
        Option(
            "historical_speed",
            "hold each line for the 6502 cycles it cost the 1977 BASIC (needs dialect ms1978)",
            False,
            bool,
        ),
        Option(
            "engine",
            "python: the listing re-created line by line; 6502: the listing itself on Microsoft's 1977 "
            "6502 BASIC, emulated, the panel following its CURLIN and its cycles (needs dialect ms1978 "
            "and the ROM)",
            "python",
            choices=ENGINES,
        ),
        Option(
            "rom",
            "with engine 6502: the museum's copy of the ROM, osi-6502-basic-1977.bin, checked by its "
            "SHA-256 (else $LIFE2_ROM, else ../shared/reference/)",
            None,
            convert=file_path,
            allows="a file path as a string",
            written='"/opt/life2/osi-6502-basic-1977.bin"',
        ),
        Option(
            "clock_hz",
            "the 6502's clock for it: 983000, an OSI Challenger 1P",
            OSI_CHALLENGER_1P_HZ,
            float,
            low=10_000,
            high=1_000_000_000,
        ),
    )
    MOVED = {
        ("exhibit", "dialect"): "dialect",
        ("exhibit", "bugs"): "bugs",
        ("exhibit", "computer_level"): "computer_level",
        ("exhibit", "empty_answer"): "empty_answer",
        ("attract", "levels"): "attract_levels",
        ("listing", "path"): "listing",
        ("listing", "historical_speed"): "historical_speed",
        ("listing", "clock_hz"): "clock_hz",
    }

    @classmethod
    def problems(cls, settings: Mapping[str, Any]) -> list[str]:
        found = []
        if settings["historical_speed"] and settings["dialect"] != "ms1978":
            found.append(
                'life2.historical_speed needs life2.dialect = "ms1978": the cycles are those of the 1977 '
                "6502 BASIC"
            )
        if settings["engine"] == "6502" and settings["dialect"] != "ms1978":
            found.append('life2.engine = "6502" needs life2.dialect = "ms1978": it is the 1977 BASIC')
        return found

    def check(self) -> list[str]:
        found = []
        if self.settings["engine"] == "6502":
            from ...programs import ProgramUnavailable

            try:  # the ROM, the listing and a 6502 core, once, before the first visitor
                make_program(
                    program_entry("life2"),
                    self.settings["dialect"],
                    self.settings["bugs"],
                    engine="6502",
                    rom=self.settings["rom"],
                )
            except ProgramUnavailable as exc:
                found.append(f"life2.engine: {str(exc).splitlines()[0]}")
        _, _, why_not = self.listing_rows()
        if why_not not in (None, NOT_FOUND, NOT_LOOKED_FOR):
            found.append(f"{'life2.listing' if self.settings['listing'] else 'the listing found'}: {why_not}")
        return found

    def summary(self) -> str:
        settings = self.settings
        bugs = len(settings["bugs"])
        _, _, why_not = self.listing_rows()
        panel = "the listing" if why_not is None else "our notes"
        speed = f", the 1977 speed at {settings['clock_hz']:g} Hz" if settings["historical_speed"] else ""
        engine = ", on Microsoft's 1977 6502 BASIC (emulated)" if settings["engine"] == "6502" else ""
        return (
            f"{settings['dialect']}{engine}, {bugs} of {len(BUG_NAMES)} bugs kept, {levels_said(settings)}"
            f"{speed}; the panel shows {panel}"
        )

    def welcome(self, visitors: int) -> bytes:
        return WELCOME[visitors]

    def game(self, terminal: Terminal, visitors: int, hooks: Hooks) -> Game:
        return Life2Game(self, visitors, hooks, terminal)

    def listing_rows(self) -> tuple[list[tuple[int, str]], str, str | None]:
        """The panel's rows: the museum's listing (checked by its SHA-256), or our annotations.

        Returns the rows, the panel's title, and why the listing is not shown (None when it is)."""
        from ...reference.listing import ListingError, candidate_paths, load_listing
        from ...reference.patches import patch_lines
        from ..annotations import annotated_listing
        from ..panel import listing_rows

        path = self.settings["listing"]
        if path is None and not self.finds_references:
            return annotated_listing(), ANNOTATED_TITLE, NOT_LOOKED_FOR
        if path is None and not any(place.is_file() for place in candidate_paths()):
            return annotated_listing(), ANNOTATED_TITLE, NOT_FOUND
        try:
            listing = load_listing(path)  # without a path: $LIFE2_LISTING, then ../shared/reference/
        except ListingError as exc:
            return annotated_listing(), ANNOTATED_TITLE, str(exc).splitlines()[0]
        patched: dict[int, bytes] = {}
        for switch in BUG_NAMES:
            if switch not in self.settings["bugs"]:
                patched.update(patch_lines(switch))
        return listing_rows(listing, patched), LISTING_TITLE, None

    def panel(self, pygame: Any, running: Callable[[], Game | None]) -> Panel | None:
        from ..panel import ListingPanel

        rows, title, why_not = self.listing_rows()
        if why_not not in (None, NOT_FOUND, NOT_LOOKED_FOR):  # a copy was named or found, and is wrong
            print(f"life2 exhibit: the panel shows our annotations: {why_not}", file=sys.stderr)
        return ListingPanel(pygame, rows, title, variables_of(running))


STAND = Life2Stand
