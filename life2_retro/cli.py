"""The `life2` command: play, and the tools testers and museums script against.

Heavy imports (PC-BASIC, pygame, pyserial) happen inside the subcommand that
needs them, so `life2 --help` stays fast and works without a display.
"""

from __future__ import annotations

import argparse
import sys
import textwrap
from collections.abc import Sequence

from . import __version__
from .basic.dialects import DEFAULT_DIALECT, DIALECT_NAMES, Dialect
from .programs.bugs import BUG_NAMES, BUGS, resolve_bugs

SUBCOMMANDS = {
    "play": "play LIFE2 at this terminal, two players at one keyboard (the default)",
    "run": "run a script of typed responses; write exactly the bytes the BASIC sends",
    "compare": "run scripts through PC-BASIC (the original listing) and life2, and compare",
    "bench": "time life2 against PC-BASIC on the same generated scripts",
}


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
    group.add_argument(
        "--bug", action="append", default=[], metavar="NAME", choices=BUG_NAMES, help="turn one bug on"
    )
    group.add_argument(
        "--no-bug",
        action="append",
        default=[],
        metavar="NAME",
        choices=BUG_NAMES,
        help="turn one bug off (all are on unless --fixed)",
    )


def _add_play_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--terminal",
        default="console",
        choices=["console"],
        help="where to play: console (this terminal, typed coordinates hidden)",
    )
    parser.add_argument("--trace", metavar="FILE", help="write the line numbers executed, one per line")
    _add_mode_options(parser)


def build_parser() -> argparse.ArgumentParser:
    subcommand_list = "\n".join(f"  {name:10} {text}" for name, text in SUBCOMMANDS.items())
    parser = argparse.ArgumentParser(
        prog="life2",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="LIFE2 (Brian Wyvill, Basic Computer Games 1978), faithful to the original listing.",
        epilog=(
            f"subcommands (life2 SUBCOMMAND --help for each one's options):\n{subcommand_list}\n\n"
            "  life2 run --input FILE [--trace FILE] [mode options]\n"
            "  life2 compare (--input FILE | --generate N [--seed S]) [--listing PATH] [mode options]\n"
            "  life2 bench [--scripts N] [--seed S] [--listing PATH] [mode options]\n\n"
            f"bug switches (all on by default):\n{_bug_help()}\n\n"
            "The listing for compare/bench: --listing, else $LIFE2_LISTING, else ../shared/reference/."
        ),
    )
    parser.add_argument("--version", action="version", version=f"life2-retro {__version__}")
    _add_play_options(parser)
    sub = parser.add_subparsers(dest="command", metavar="SUBCOMMAND")

    play = sub.add_parser("play", help=SUBCOMMANDS["play"], description=SUBCOMMANDS["play"])
    _add_play_options(play)

    run = sub.add_parser("run", help=SUBCOMMANDS["run"], description=SUBCOMMANDS["run"])
    run.add_argument(
        "--input", required=True, metavar="FILE", help="one typed response per line ('-' is stdin)"
    )
    run.add_argument("--trace", metavar="FILE", help="write the line numbers executed, one per line")
    _add_mode_options(run)

    compare = sub.add_parser("compare", help=SUBCOMMANDS["compare"], description=SUBCOMMANDS["compare"])
    source = compare.add_mutually_exclusive_group(required=True)
    source.add_argument("--input", metavar="FILE", help="one script: one typed response per line")
    source.add_argument("--generate", type=int, metavar="N", help="N generated scripts")
    compare.add_argument("--seed", type=int, default=1, help="seed of the generated scripts (default 1)")
    compare.add_argument("--listing", metavar="PATH", help="the 1978 listing (checked by its SHA-256)")
    compare.add_argument(
        "--show", type=int, default=5, metavar="K", help="report at most K differing scripts"
    )
    compare.add_argument(
        "--jobs", type=int, default=0, metavar="J", help="PC-BASIC processes (default: two per core)"
    )
    _add_mode_options(compare, Dialect.GWBASIC)

    bench = sub.add_parser("bench", help=SUBCOMMANDS["bench"], description=SUBCOMMANDS["bench"])
    bench.add_argument(
        "--scripts", type=int, default=20, metavar="N", help="generated scripts timed in both (default 20)"
    )
    bench.add_argument("--seed", type=int, default=1, help="seed of the generated scripts")
    bench.add_argument("--listing", metavar="PATH", help="the 1978 listing (checked by its SHA-256)")
    _add_mode_options(bench, Dialect.GWBASIC)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    dialect = Dialect.named(args.dialect)
    bugs = resolve_bugs(args.fixed, args.bug, args.no_bug)
    command = args.command or "play"
    if command == "play":
        from .play import play

        return play(dialect, bugs, args.terminal, args.trace)
    if command == "run":
        from .batch import run_script_file

        return run_script_file(args.input, args.trace, dialect, bugs)
    if command == "compare":
        from .compare import compare_command

        return compare_command(args, dialect, bugs)
    if command == "bench":
        from .bench import bench_command

        return bench_command(args, dialect, bugs)
    parser.error(f"unknown subcommand {command}")
    return 2


if __name__ == "__main__":
    sys.exit(main())
