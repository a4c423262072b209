"""`life2` / `life2 play`: a game on a chosen terminal, ended cleanly however it ends."""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

from ..events import Stop
from ..programs import Program
from ..programs.instructions import sheet
from ..session import LineHook
from ..terminals import TERMINALS, offered
from ..terminals.base import Terminal
from ..terminals.pacing import OSI_CHALLENGER_1P_HZ, HistoricalPace
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


def clock_mhz(text: str) -> float:
    """--historical-speed's clock, in MHz: 0.001 to 1000."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of MHz: {text!r}") from None
    if not 0.001 <= value <= 1000:
        raise argparse.ArgumentTypeError("a clock of 0.001 to 1000 MHz")
    return value


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--instructions",
        action="store_true",
        help="print how to play on the terminal before the game, as a sheet beside the machine would",
    )
    parser.add_argument("--trace", metavar="FILE", help="write the line numbers executed, one per line")
    parser.add_argument(
        "--historical-speed",
        metavar="MHZ",
        nargs="?",
        const=OSI_CHALLENGER_1P_HZ / 1e6,
        type=clock_mhz,
        help="compute as slowly as the 1977 machine: each line held for the 6502 cycles it cost, at a "
        f"clock of MHZ (default {OSI_CHALLENGER_1P_HZ / 1e6:g}, an OSI Challenger 1P); life2, ms1978 "
        "(with --engine 6502 the machine's own cycles)",
    )
    add_terminal_options(parser, list(TERMINALS))
    add_mode_options(parser, clock=True)
    add_seat_options(parser, list(TERMINALS))


def main(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    mode = mode_from(args, parser)
    if args.historical_speed is not None:
        try:
            mode.entry.check_cycles(mode.runtime)
        except ValueError as exc:
            parser.error(f"--historical-speed: {exc}")
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
            program = mode.make(person=True)
            if args.historical_speed is not None:
                on_line = paced(mode, program, terminal, args.historical_speed * 1e6, on_line)
            stop = drive(program.run(), terminal, on_line, mode.break_key, mode.breaks_between_statements)
            if stop is Stop.INPUT_ENDED:  # Ctrl-D: every program stops there, and life2 says so alike
                terminal.notice(END_OF_INPUT)
            terminal.linger()  # a window keeps the last board in sight until the player is done

    return run_command("play", game, command_line_ways(parser))


def paced(
    mode: Mode,
    program: Program,
    terminal: Terminal,
    clock_hz: float,
    on_line: LineHook | None,
    clock: Callable[[], float] = time.monotonic,
) -> LineHook:
    """A line hook that holds each line for what the lines before it cost the 1977 machine (the
    exhibit's historical speed, for one game): the pace is a layer over the terminal, as the baud
    rate's is, and the program never waits."""
    meter = mode.entry.count_cycles(program, mode.runtime, by_segment=True)
    pace = HistoricalPace(clock, clock_hz=clock_hz)
    held = 0

    def line(number: int | str) -> None:
        nonlocal held
        if on_line is not None:
            on_line(number)
        cycles = meter.cycles
        wait = pace.charge_cycles(cycles - held)
        held = cycles
        if wait:
            terminal.idle(wait)

    return line


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
