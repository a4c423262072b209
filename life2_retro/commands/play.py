"""`life2` / `life2 play`: a game on a chosen terminal, ended cleanly however it ends."""

from __future__ import annotations

import argparse

from ..events import Stop
from ..programs.instructions import sheet
from ..terminals import TERMINALS, offered
from .options import (
    AWAY_FOR,
    Mode,
    Seat,
    add_mode_options,
    add_seat_options,
    add_terminal_options,
    mode_from,
    seats_from,
    terminal_settings,
)
from .running import run_command, trace_file
from .without_a_window import command_line_ways

END_OF_INPUT = "end of input: the game stops here."
"""What life2 says when the person ends the input (Ctrl-D), whichever program it was: the programs'
own words, if they have any, are theirs and stay as they are (p2life prints its own line first)."""

SUMMARY = "play (the default): LIFE2, or --game cell-life or p2life, at one keyboard or with computers"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--instructions",
        action="store_true",
        help="print how to play on the terminal before the game, as a sheet beside the machine would",
    )
    parser.add_argument("--trace", metavar="FILE", help="write the line numbers executed, one per line")
    add_terminal_options(parser, list(TERMINALS))
    add_mode_options(parser, clock=True)
    add_seat_options(parser, list(TERMINALS))


def main(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    mode = mode_from(args, parser)
    seats = seats_from(args, parser, mode, erase=mode.erase_key)
    if seats:
        return run_command("play", lambda: play_seated(mode, seats, args), command_line_ways(parser))
    settings = terminal_settings(args, parser, offered(list(TERMINALS)), erase=mode.erase_key)

    def game() -> None:
        from ..session import drive
        from ..terminals import open_terminal
        from ..terminals.unix_tty import for_program

        with trace_file(args.trace) as on_line, open_terminal(args.terminal, **settings) as opened:
            if args.instructions:
                opened.write(sheet(mode.entry.name))
            terminal = for_program(opened, mode.entry.through_a_tty)
            stop = drive(
                mode.make(person=True).run(),
                terminal,
                on_line,
                mode.break_key,
                mode.breaks_between_statements,
            )
            if stop is Stop.INPUT_ENDED:  # Ctrl-D: every program stops there, and life2 says so alike
                terminal.notice(END_OF_INPUT)
            terminal.linger()  # a window keeps the last board in sight until the player is done

    return run_command("play", game, command_line_ways(parser))


def play_seated(mode: Mode, seats: list[Seat], args: argparse.Namespace) -> None:
    """A game with a terminal for each seated player: each is opened in turn (a network seat starts
    to listen), and the game starts once a player is at each (a network seat's code given)."""
    from contextlib import ExitStack

    from ..session import drive
    from ..terminals import open_terminal
    from ..terminals.seats import Seats
    from ..terminals.unix_tty import for_program

    _, turns = mode.entry.seating()
    with trace_file(args.trace) as on_line, ExitStack() as opened:
        terminals = {
            seat.player: opened.enter_context(open_terminal(seat.terminal, **seat.settings)) for seat in seats
        }
        seated = Seats(terminals, turns, AWAY_FOR if args.away_for is None else args.away_for)
        try:
            seated.wait_for_players()
            if args.instructions:
                seated.write(sheet(mode.entry.name))
            terminal = for_program(seated, mode.entry.through_a_tty)
            stop = drive(mode.make(person=True).run(), terminal, on_line, mode.break_key)
        except KeyboardInterrupt:  # Ctrl-C at the host: the others are told who ended it
            seated.ended_at_host()
            raise
        if stop is Stop.INPUT_ENDED:
            terminal.notice(END_OF_INPUT)
        terminal.linger()
