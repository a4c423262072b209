"""`life2` / `life2 play`: a game on a chosen terminal, ended cleanly however it ends."""

from __future__ import annotations

import argparse

from ..events import Stop
from ..programs.instructions import sheet
from ..terminals import TERMINALS, offered
from .options import add_mode_options, add_terminal_options, mode_from, terminal_settings
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


def main(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    mode = mode_from(args, parser)
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
