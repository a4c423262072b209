"""`life2 terminal`: the pygame Teletype or glass terminal, plugged into a serial line.

A museum can run the game on one machine (`life2 --terminal serial`) and the
display on another. With `--input`, the terminal types a script itself; when
the script is done and the line is quiet again, it closes (saving
`--screenshot` if asked). That is for demonstrations and tests.
"""

from __future__ import annotations

import argparse
import contextlib

from ..terminals import WINDOW_TERMINALS, offered
from ..terminals.options import OptionError, add_flags, from_args
from ..terminals.serial.settings import LINE_OPTIONS
from .options import add_terminal_options, terminal_settings
from .running import run_command
from .without_a_window import command_line_ways

SUMMARY = "be a Teletype or glass terminal on a serial line, for a game played elsewhere"
LEAVE_OUT = ("baud",)
"""The window's pace is the line's."""
LINE = {"line": LINE_OPTIONS}


def seconds(text: str) -> float:
    """A time above 0 and short of for ever (`inf` and a number of 5,000 figures are for ever)."""
    try:
        value = float(text)
    except ValueError:
        value = 0.0
    if not 0 < value < float("inf"):  # nan too: it compares false with everything
        raise argparse.ArgumentTypeError(f"a number of seconds above 0, not {text!r}")
    return value


def configure(parser: argparse.ArgumentParser) -> None:
    add_terminal_options(parser, WINDOW_TERMINALS, LEAVE_OUT)
    add_flags(parser.add_argument_group("serial line (defaults are a Model 33's, 110 7E2)"), LINE)
    parser.add_argument(
        "--local-echo",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="print the keys as they are typed, as a half-duplex Teletype does "
        "(default: on for the teletype, off for the crt)",
    )
    parser.add_argument(
        "--input",
        metavar="FILE",
        help="type these lines, one each time the line has gone quiet (a demonstration, or a test); "
        "the terminal closes once they are typed and the line is quiet again",
    )
    parser.add_argument(
        "--quiet",
        type=seconds,
        default=1.0,
        metavar="SECONDS",
        help="with --input: how long the line must be quiet before the next line is typed (default 1)",
    )
    parser.add_argument("--screenshot", metavar="PNG", help="save the window as a PNG when it closes")


def main(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    from ..terminals.serial.settings import LineSettings

    display_settings = terminal_settings(args, parser, offered(WINDOW_TERMINALS, LEAVE_OUT))
    try:
        line = from_args(args, "line", LINE, of="the serial line")
        port = line.pop("port")
        settings = LineSettings(**line)
    except (OptionError, ValueError) as exc:
        parser.error(str(exc))
    local_echo = args.local_echo if args.local_echo is not None else args.terminal == "teletype"

    def session() -> None:
        from ..terminals import open_window
        from ..terminals.serial.link import SerialLink
        from ..terminals.transcript import read_responses
        from ..terminals.window.on_line import LineTerminal, ScriptedTypist
        from ..terminals.window.terminal import WindowClosed

        typist = None if args.input is None else ScriptedTypist(read_responses(args.input), args.quiet)
        link = SerialLink(port, settings)
        link.open()
        try:
            with open_window(args.terminal, baud=settings.baud, **display_settings) as display:
                joined = LineTerminal(display, link, local_echo, typist)
                with contextlib.suppress(WindowClosed):
                    joined.run()
                if args.screenshot:
                    display.save_png(args.screenshot)
        finally:
            link.close()

    return run_command("terminal", session, command_line_ways(parser))
