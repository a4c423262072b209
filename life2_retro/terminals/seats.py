"""Several terminals at one game, a seat a player: each sees the game, each answers their own prompts.

In 1978 the two players of LIFE2 shared one Teletype, and the ink blot hid a
move from the other player. With a seat each, the program still runs once and
its bytes do not change: every seat is sent every byte it prints, the mask
included, as the one sheet of paper would have shown it. A prompt is read at
the seat of the player it asks. The program says whose turn it is in its own
words, and only it knows how to read them, so a reader from the program's
package (`Turns`) is handed in: the seats know nothing of any rule.

What a player types goes to the program and nowhere else: the program's echo
of a typed line is shown only at the seat that typed it (and only if that
terminal shows echo), a typed line loses every control byte but the erase keys
before the program sees it, and each terminal's output passes printable ASCII
only. A seat that waits is told whose turn it is on its own status channel,
never among the program's bytes.

A seat whose line goes away (a serial adapter pulled out, a telnet connection
dropped, a window closed) holds the game: the other seats are told, the seat's
terminal waits for its player and shows them where the game is when they are
back, and after `away_for` seconds the game ends with a word at every other seat
(SeatLost). A seat that ends the game (Ctrl-C on its line, Esc at its window, or
its window closed a second time while away) ends it for all, and the others are
told who did, once; Ctrl-C at the host (SIGINT) is the console's seat's, or the
host's when no seat is the console.

A seat reached over a network has no player until someone gives its code: the
game starts once every seat has one, and the seats already there are told on
their status line who is awaited and how to sit down. Keys typed at a seat
while another seat is asked are dropped, as a line not listening drops them.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Mapping
from contextlib import suppress
from typing import Protocol

from .base import KeyHook, SeatLost, Terminal, TerminalClosed

ERASE_KEYS = b"\x08\x7f"
"""The control bytes a typed line keeps: a runtime's line editor takes them as an erase."""
_DROPPED = bytes(byte for byte in range(256) if byte < 0x20 or byte > 0x7E)
_DROPPED = bytes(byte for byte in _DROPPED if byte not in ERASE_KEYS)


class Turns(Protocol):
    """Whose turn the waiting prompt is (events.PromptTurns, made by the program's package)."""

    def see(self, output: bytes) -> None: ...

    def asked(self) -> int | None: ...


class Seats(Terminal):
    """The terminals at one game, by player number (1 to 4); the first seat answers what asks no one
    player, and the prompts of a player who has no seat of their own."""

    def __init__(self, seats: Mapping[int, Terminal], turns: Turns, away_for: float) -> None:
        if not seats:
            raise ValueError("a game needs a seat at least")
        self.seats = dict(sorted(seats.items()))
        self.turns = turns
        self.away_for = away_for
        self.first = min(self.seats)
        self.typist = self.first
        """The seat that typed the last line: the program's echo of it goes there only."""
        self.away: set[int] = set()
        self.ended_by = self.first
        """The seat whose player ended the game, if one did (Ctrl-C, a window closed)."""
        self.ended = False
        """The end has been told (it is told once, however many ways it reaches the seats)."""
        hosts = [number for number, terminal in self.seats.items() if terminal.HOST_KEYBOARD]
        self.host_seat: int | None = hosts[0] if hosts else None
        """The seat at the keyboard life2 was started from (the console), if one is."""
        for number, terminal in self.seats.items():
            terminal.watch = _SeatWatch(self, number)

    # -- output: every seat sees everything the program prints -------------------------------------

    def write(self, data: bytes, on_key: KeyHook | None = None) -> None:
        self.turns.see(data)
        for number, terminal in self.seats.items():
            try:
                terminal.write(data)
            except TerminalClosed:  # Ctrl-C typed at a waiting seat, seen as its line is written to
                self.ended_at(number)
                raise

    def echo(self, data: bytes) -> None:
        self.seats[self.typist].echo(data)

    def notice(self, text: str) -> None:
        for terminal in self.seats.values():
            terminal.notice(text)

    def status(self, text: str) -> None:
        for terminal in self.seats.values():
            terminal.status(text)

    def redisplay_from_here(self) -> None:
        for terminal in self.seats.values():
            terminal.redisplay_from_here()

    def stop_output(self) -> None:
        for terminal in self.seats.values():
            terminal.stop_output()

    def discard_input(self) -> None:
        for terminal in self.seats.values():
            terminal.discard_input()

    def set_erase(self, key: str) -> None:
        for terminal in self.seats.values():
            terminal.set_erase(key)

    def idle(self, seconds: float, on_key: KeyHook | None = None) -> None:
        self.seats[self.first].idle(seconds, on_key)

    def linger(self) -> None:
        for terminal in self.seats.values():
            terminal.linger()

    def close(self) -> None:
        for terminal in self.seats.values():
            with suppress(OSError):  # a seat whose line is gone is closed all the same
                terminal.close()

    # -- input: a prompt is answered at the asked player's seat ----------------------------------

    def seat_asked(self) -> tuple[int, int | None]:
        """The seat the waiting prompt is read at, and the player it asks (None: no one player)."""
        player = self.turns.asked()
        return (player if player in self.seats else self.first), player

    def read_line(self, idle_seconds: float | None = None) -> bytes | None:
        return self._read(False, idle_seconds)

    def read_shown_line(self, idle_seconds: float | None = None) -> bytes | None:
        return self._read(True, idle_seconds)

    @property
    def echoes_shown_lines(self) -> bool:
        return self.seats[self.typist].echoes_shown_lines

    def _read(self, shown: bool, idle_seconds: float | None) -> bytes | None:
        seat, player = self.seat_asked()
        waiting_for = f"player {player}" if player is not None else f"seat {seat}'s answer"
        for number, terminal in self.seats.items():
            if number != seat:
                terminal.status(f"seat {number}: waiting for {waiting_for}")
        terminal = self.seats[seat]
        self.typist = seat
        self.ended_by = seat
        terminal.meanwhile = self._tend_all_but(seat)
        try:
            line = terminal.read_shown_line(idle_seconds) if shown else terminal.read_line(idle_seconds)
        except TerminalClosed:
            self.ended_at(self.ended_by)
            raise
        finally:
            terminal.meanwhile = None
            for number, other in self.seats.items():
                if number != seat:  # typed while this seat was asked: dropped
                    other.discard_input()
        return None if line is None else line.translate(None, _DROPPED)

    def _tend_all_but(self, asked: int) -> Callable[[], None]:
        """What the asked seat's terminal calls while it waits: every other seat is kept alive (a
        window is drawn and read; one closed meanwhile ends the game, and it is the one named)."""

        def tend() -> None:
            for number, terminal in self.seats.items():
                if number != asked:
                    try:
                        terminal.tend()
                    except TerminalClosed:
                        self.ended_by = number
                        raise

        return tend

    # -- the players arrive, go away, and end the game ---------------------------------------------

    def wait_for_players(self, poll: float = 0.02) -> None:
        """Until every seat has its player (a network seat's code given). The seats already there are
        told on their status line who is awaited and how they sit down (a window's title shows the
        code; the console's stderr has it from the seat already)."""
        told: set[int] = set()
        while missing := [number for number, terminal in self.seats.items() if not terminal.present()]:
            for number in missing:
                invitation = self.seats[number].invitation()
                if number in told or invitation is None:
                    continue
                told.add(number)
                for other, there in self.seats.items():
                    if other not in missing and not there.HOST_KEYBOARD:
                        there.status(f"seat {other}: waiting for player {number} ({invitation})")
            for number, terminal in self.seats.items():
                try:
                    terminal.tend()
                except TerminalClosed:
                    self.ended_at(number)
                    raise
            time.sleep(poll)

    def ended_at(self, seat: int) -> None:
        """The player at `seat` ended the game (Ctrl-C on its line, Esc, its window closed)."""
        self.tell_end(seat, f"player {seat} ended the game at seat {seat}")

    def ended_at_host(self) -> None:
        """Ctrl-C at the host (SIGINT): the console's seat's, or the host's when no seat is the console."""
        if self.host_seat is not None:
            self.ended_at(self.host_seat)
        else:
            self.tell_end(None, "the game was ended at the host")

    def tell_end(self, seat: int | None, text: str, host_hears: bool = False) -> None:
        """The others told why the game ends, once. The host hears it at the console's seat, or on
        stderr when no seat is the console; `host_hears`: life2's last line says it there already."""
        if self.ended:
            return
        self.ended = True
        for number, terminal in self.seats.items():
            if number != seat and not (host_hears and terminal.HOST_KEYBOARD):
                terminal.tell(text)
        if self.host_seat is None and seat is not None and not host_hears:
            print(f"life2: {text}", file=sys.stderr, flush=True)

    def tell_others(self, seat: int, text: str) -> None:
        """A word at every seat but `seat` (and but those away, who are shown the game when back)."""
        for number, terminal in self.seats.items():
            if number != seat and number not in self.away:
                terminal.tell(text)


class _SeatWatch:
    """One seat's line, watched for the others: they hear it went, came back, or stayed away."""

    def __init__(self, seats: Seats, number: int) -> None:
        self.seats = seats
        self.number = number

    @property
    def waits(self) -> float:
        return self.seats.away_for

    def away(self, seconds: float) -> None:
        seats, number = self.seats, self.number
        if number not in seats.away:
            seats.tell_others(
                number,
                f"player {number}'s seat went away: the game waits for it ({seats.away_for:g} s at most)",
            )
            seats.away.add(number)
        if seconds >= seats.away_for:
            seats.away.discard(number)
            text = f"player {number}'s seat did not come back within {seats.away_for:g} s: the game ends"
            seats.tell_end(number, text, host_hears=True)  # life2's last line on stderr is this one
            raise SeatLost(text)

    def back(self) -> None:
        seats, number = self.seats, self.number
        if number in seats.away:
            seats.away.discard(number)
            seats.tell_others(number, f"player {number}'s seat is back: the game goes on")
