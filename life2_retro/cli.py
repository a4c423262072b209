"""The `life2` command: play, and the tools testers and museums script against.

`life2 [options]` plays; `life2 SUBCOMMAND [options]` runs a subcommand, whose
options come after its name. Heavy imports (PC-BASIC, and the display and
serial libraries) happen only inside the subcommand that needs them, so
`life2 --help` stays fast and works without a display.
"""

from __future__ import annotations

import argparse
import sys
import textwrap
from collections.abc import Sequence

from . import __version__
from .basic.dialects import DEFAULT_DIALECT, DIALECT_NAMES, Dialect
from .programs.bugs import BUG_NAMES, BUGS, resolve_bugs
from .terminals import PYGAME_TERMINALS, TERMINALS
from .terminals.serial.settings import BYTESIZES, FLOWS, PARITIES, STOPBITS

SUBCOMMANDS = {
    "play": "play LIFE2, two players at one keyboard (the default)",
    "run": "run a script of typed responses; write exactly the bytes the BASIC sends",
    "compare": "run scripts through PC-BASIC (the original listing) and life2, and compare",
    "bench": "time life2 against PC-BASIC on the same generated scripts; --render: frames per second",
    "screenshot": "run a script on a pygame terminal and save what its window shows as a PNG",
    "terminal": "be a Teletype or glass terminal on a serial line, for a game played elsewhere",
    "exhibit": "the museum kiosk: attract mode, computer opponents, the live listing (--config FILE)",
}


def positive_int(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more, not {value}")
    return value


class _Switch(argparse.Action):
    """--bug NAME / --no-bug NAME, kept in command-line order: the last word on a switch wins."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: object,
        option_string: str | None = None,
    ) -> None:
        earlier = getattr(namespace, self.dest, None) or []
        switches = [*earlier, (option_string == "--bug", values)]
        setattr(namespace, self.dest, switches)


def _bug_help() -> str:
    return "\n".join(
        textwrap.fill(BUGS[name].summary, 100, initial_indent=f"  {name:21}", subsequent_indent=" " * 23)
        for name in BUG_NAMES
    )


def _add_mode_options(parser: argparse.ArgumentParser, dialect: Dialect = DEFAULT_DIALECT) -> None:
    group = parser.add_argument_group("mode")
    group.add_argument(
        "--dialect",
        choices=DIALECT_NAMES,
        default=dialect.rules.name,
        help=f"ms1978: the 1978 Microsoft BASIC; gwbasic: exactly what PC-BASIC does "
        f"(default {dialect.rules.name})",
    )
    group.add_argument(
        "--fixed", action="store_true", help="turn every original bug off: play as the instructions say"
    )
    switch_help = {"--bug": "turn one bug on", "--no-bug": "turn one bug off (all are on unless --fixed)"}
    for flag, text in switch_help.items():
        group.add_argument(
            flag, action=_Switch, dest="switches", metavar="NAME", choices=BUG_NAMES, help=text
        )


def _add_terminal_options(parser: argparse.ArgumentParser, names: Sequence[str]) -> None:
    group = parser.add_argument_group("terminal")
    group.add_argument(
        "--terminal",
        default=names[0],
        choices=list(names),
        help="console: this terminal, typed coordinates hidden; teletype: a Model 33 on paper; "
        "crt: a glass terminal (both in a window); serial: a real teletype on a serial line",
    )
    group.add_argument(
        "--baud",
        type=int,
        metavar="N",
        help="line speed: teletype 110 (default), crt 300, 1200 (default) "
        "or 9600, 0 meaning as fast as it comes; serial: any rate the port can do (default 110)",
    )
    group.add_argument(
        "--phosphor", choices=["p1", "p3", "p4"], default="p1", help="crt: green, amber or white"
    )
    for effect in ("scanlines", "glow", "persistence", "vignette"):
        group.add_argument(f"--no-{effect}", action="store_true", help=f"crt: turn the {effect} off")
    group.add_argument("--mute", action="store_true", help="teletype: no sound (the M key toggles it)")
    group.add_argument("--fullscreen", action="store_true", help="start in full screen (F11 toggles it)")


def _add_line_options(group: argparse._ArgumentGroup) -> None:
    """A serial line's settings; the defaults (shown in the help) are a Model 33's: 110 7E2."""
    group.add_argument(
        "--port",
        metavar="PORT",
        help="a serial device (/dev/ttyUSB0) or any pyserial URL: "
        "loop://, socket://HOST:PORT, rfc2217://HOST:PORT",
    )
    group.add_argument("--bytesize", type=int, choices=BYTESIZES, help="data bits (default 7)")
    group.add_argument("--parity", choices=list(PARITIES), help="parity bit (default even)")
    group.add_argument("--stopbits", type=float, choices=STOPBITS, help="stop bits (default 2)")
    group.add_argument("--flow", choices=FLOWS, help="flow control (default none)")


def _add_serial_options(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("serial line (--terminal serial; defaults are a Model 33's, 110 7E2)")
    _add_line_options(group)
    group.add_argument(
        "--echo",
        action="store_true",
        help="echo each key as a full-duplex host does (the listing's ink blot hides it on paper); "
        "off by default, so the opponent cannot read the move",
    )
    group.add_argument("--uppercase", action="store_true", help="fold the output to capitals")
    group.add_argument("--fill-cr", type=int, metavar="N", help="fill characters after CR (default 2)")
    group.add_argument("--fill-lf", type=int, metavar="N", help="fill characters after LF (default 1)")
    # for tests: pace the writes at this speed while the port keeps its --baud
    group.add_argument("--pace-baud", type=int, help=argparse.SUPPRESS)


def _add_play_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--trace", metavar="FILE", help="write the line numbers executed, one per line")
    _add_terminal_options(parser, list(TERMINALS))
    _add_serial_options(parser)
    _add_mode_options(parser)


def _subcommand_parsers() -> dict[str, argparse.ArgumentParser]:
    def parser(name: str) -> argparse.ArgumentParser:
        return argparse.ArgumentParser(prog=f"life2 {name}", description=SUBCOMMANDS[name])

    play = parser("play")
    _add_play_options(play)

    run = parser("run")
    run.add_argument(
        "--input", required=True, metavar="FILE", help="one typed response per line ('-' is stdin)"
    )
    run.add_argument("--trace", metavar="FILE", help="write the line numbers executed, one per line")
    _add_mode_options(run)

    compare = parser("compare")
    source = compare.add_mutually_exclusive_group(required=True)
    source.add_argument("--input", metavar="FILE", help="one script: one typed response per line")
    source.add_argument("--generate", type=positive_int, metavar="N", help="N generated scripts")
    compare.add_argument("--seed", type=int, default=1, help="seed of the generated scripts (default 1)")
    compare.add_argument("--listing", metavar="PATH", help="the 1978 listing (checked by its SHA-256)")
    compare.add_argument("--show", type=positive_int, default=5, metavar="K", help="report at most K scripts")
    compare.add_argument(
        "--jobs", type=positive_int, metavar="J", help="PC-BASIC processes (default: one per core)"
    )
    _add_mode_options(compare, Dialect.GWBASIC)

    bench = parser("bench")
    bench.add_argument(
        "--scripts", type=positive_int, default=20, metavar="N", help="scripts timed (default 20)"
    )
    bench.add_argument(
        "--generations", type=positive_int, default=10, metavar="G", help="generations timed (default 10)"
    )
    bench.add_argument("--seed", type=int, default=1, help="seed of the generated scripts")
    bench.add_argument("--listing", metavar="PATH", help="the 1978 listing (checked by its SHA-256)")
    bench.add_argument(
        "--render", action="store_true", help="instead: frames per second of each pygame terminal, headless"
    )
    bench.add_argument(
        "--line", action="store_true", help="instead: characters per second on a serial line (a pty)"
    )
    bench.add_argument(
        "--players", action="store_true", help="instead: milliseconds per move of each computer level"
    )
    _add_mode_options(bench, Dialect.GWBASIC)

    screenshot = parser("screenshot")
    screenshot.add_argument("--input", required=True, metavar="FILE", help="one typed response per line")
    screenshot.add_argument("--out", required=True, metavar="PNG", help="where to save the picture")
    screenshot.add_argument(
        "--size", default="1024x768", metavar="WxH", help="window size (default 1024x768)"
    )
    _add_terminal_options(screenshot, list(PYGAME_TERMINALS))
    _add_mode_options(screenshot)

    terminal = parser("terminal")
    _add_terminal_options(terminal, list(PYGAME_TERMINALS))
    line = terminal.add_argument_group("serial line (defaults are a Model 33's, 110 7E2)")
    _add_line_options(line)
    terminal.add_argument(
        "--local-echo",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="print the keys as they are typed, as a half-duplex Teletype does "
        "(default: on for the teletype, off for the crt)",
    )
    terminal.add_argument(
        "--input",
        metavar="FILE",
        help="type these lines, one each time the line has gone quiet (a demonstration, or a test); "
        "the terminal closes once they are typed and the line is quiet again",
    )
    terminal.add_argument(
        "--quiet",
        type=float,
        default=1.0,
        metavar="SECONDS",
        help="with --input: how long the line must be quiet before the next line is typed (default 1)",
    )
    terminal.add_argument("--screenshot", metavar="PNG", help="save the window as a PNG when it closes")
    terminal.add_argument("--size", default="1024x768", metavar="WxH", help="window size (default 1024x768)")
    exhibit = parser("exhibit")
    exhibit.add_argument(
        "--config", default="exhibit.toml", metavar="FILE", help="the exhibit's config (default exhibit.toml)"
    )
    what = exhibit.add_mutually_exclusive_group()
    what.add_argument("--stats", action="store_true", help="summarize the game records, then stop")
    what.add_argument("--check", action="store_true", help="check the config, then stop")
    return {
        "exhibit": exhibit,
        "play": play,
        "run": run,
        "compare": compare,
        "bench": bench,
        "screenshot": screenshot,
        "terminal": terminal,
    }


def build_parser() -> tuple[argparse.ArgumentParser, dict[str, argparse.ArgumentParser]]:
    """The top-level parser (it plays) and one parser per subcommand."""
    subcommands = _subcommand_parsers()
    usage = "\n".join(
        "  " + " ".join(p.format_usage().removeprefix("usage: ").split()) for p in subcommands.values()
    )
    listed = "\n".join(f"  {name:10} {text}" for name, text in SUBCOMMANDS.items())
    top = argparse.ArgumentParser(
        prog="life2",
        usage="life2 [options]  |  life2 SUBCOMMAND [options]",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="LIFE2 (Brian Wyvill, Basic Computer Games 1978), faithful to the original listing.\n"
        "With no subcommand, life2 plays.",
        epilog=(
            f"subcommands (life2 SUBCOMMAND --help for each one):\n{listed}\n\n{usage}\n\n"
            f"bug switches (all on by default):\n{_bug_help()}\n\n"
            "The listing for compare and bench: --listing, else $LIFE2_LISTING, else ../shared/reference/."
        ),
    )
    top.add_argument("--version", action="version", version=f"life2-retro {__version__}")
    _add_play_options(top)
    return top, subcommands


def main(argv: Sequence[str] | None = None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    top, subcommands = build_parser()
    if words and words[0] in subcommands:
        command = words[0]
        args = subcommands[command].parse_args(words[1:])
    else:
        command = "play"
        args, left = top.parse_known_args(words)
        misplaced = [word for word in left if word in subcommands]
        if misplaced:
            top.error(f"options go after the subcommand: life2 {misplaced[0]} [options]")
        if left:
            top.error(f"unrecognized arguments: {' '.join(left)}")
    if command == "terminal":
        from .remote import terminal_command

        return terminal_command(args, subcommands["terminal"])
    if command == "exhibit":
        from .exhibit.command import exhibit_command

        return exhibit_command(args)
    dialect = Dialect.named(args.dialect)
    bugs = resolve_bugs(args.fixed, args.switches or [])
    if command == "play":
        from .play import play, terminal_options

        try:
            options = terminal_options(args, dialect)
        except ValueError as exc:
            top.error(str(exc))
        return play(dialect, bugs, args.terminal, args.trace, options)
    if command == "screenshot":
        from .play import terminal_options
        from .screenshot import screenshot_command

        try:
            options = terminal_options(args, dialect)
        except ValueError as exc:
            subcommands["screenshot"].error(str(exc))
        return screenshot_command(args, dialect, bugs, options)
    if command == "run":
        from .batch import run_script_file

        return run_script_file(args.input, args.trace, dialect, bugs)
    if command == "compare":
        from .compare import compare_command

        return compare_command(args, dialect, bugs)
    if args.render:
        from .render_bench import render_bench_command

        return render_bench_command()
    if args.line:
        from .line_bench import line_bench_command

        return line_bench_command()
    if args.players:
        from .exhibit.players_bench import players_bench_command

        return players_bench_command()
    from .bench import bench_command

    return bench_command(args, dialect, bugs)


if __name__ == "__main__":
    sys.exit(main())
