"""The `life2` command: play, and the tools testers and museums script against.

`life2 [options]` plays; `life2 SUBCOMMAND [options]` runs a subcommand, whose
options come after its name. Each subcommand is a module of `commands/`,
loaded from the table below; heavy imports (PC-BASIC, and the display and
serial libraries) happen only inside the subcommand that needs them, so
`life2 --help` stays fast and works without a display.
"""

from __future__ import annotations

import argparse
import difflib
import sys
from collections.abc import Sequence
from importlib import import_module
from typing import Protocol

from . import __version__
from .exits import ending_on_signals

COMMANDS = {
    "play": "life2_retro.commands.play",
    "run": "life2_retro.commands.run",
    "compare": "life2_retro.commands.compare",
    "bench": "life2_retro.commands.bench",
    "screenshot": "life2_retro.commands.screenshot",
    "terminal": "life2_retro.commands.terminal",
    "exhibit": "life2_retro.commands.exhibit",
    "serve": "life2_retro.commands.serve",
    "study": "life2_retro.commands.study",
    "watch": "life2_retro.commands.watch",
}
"""Subcommand -> its module (`SUMMARY`, `configure(parser)`, `main(args, parser)`)."""
DEFAULT = "play"


class CommandModule(Protocol):
    """What a subcommand's module gives the command line."""

    SUMMARY: str

    def configure(self, parser: argparse.ArgumentParser) -> None: ...

    def main(self, args: argparse.Namespace, parser: argparse.ArgumentParser) -> int: ...


def command_module(name: str) -> CommandModule:
    return import_module(COMMANDS[name])


def subcommand_parser(name: str) -> argparse.ArgumentParser:
    """The parser of one subcommand, with the options its module declares."""
    module = command_module(name)
    parser = argparse.ArgumentParser(prog=f"life2 {name}", description=module.SUMMARY)
    module.configure(parser)
    return parser


def top_parser() -> argparse.ArgumentParser:
    """`life2` itself: it plays, and its help lists every subcommand with its usage."""
    from .commands.options import bug_help

    summaries = {name: command_module(name).SUMMARY for name in COMMANDS}
    usage = "\n".join(
        "  " + " ".join(subcommand_parser(name).format_usage().removeprefix("usage: ").split())
        for name in COMMANDS
    )
    listed = "\n".join(f"  {name:10} {text}" for name, text in summaries.items())
    top = argparse.ArgumentParser(
        prog="life2",
        usage="life2 [options]  |  life2 SUBCOMMAND [options]",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="LIFE2 (Brian Wyvill, Basic Computer Games 1978), faithful to the original listing.\n"
        "With no subcommand, life2 plays.",
        epilog=(
            f"subcommands (life2 SUBCOMMAND --help for each one):\n{listed}\n\n{usage}\n\n"
            f"bug switches (all on by default):\n{bug_help()}\n\n"
            "The original for compare and bench: --listing, else $LIFE2_LISTING\n"
            "(Cell Life: $CELL_LIFE_SOURCE), else ../shared/reference/."
        ),
    )
    top.add_argument("--version", action="version", version=f"life2-retro {__version__}")
    command_module(DEFAULT).configure(top)
    return top


def unknown_command(word: str) -> str:
    """What `life2 WORD` says when WORD names no subcommand: the nearest one, when one is near (a
    slip of the fingers), else them all."""
    near = difflib.get_close_matches(word, COMMANDS, n=1)
    if near:
        return f"unknown command {word!r}; did you mean {near[0]!r}?"
    return f"unknown command {word!r}; the commands are {', '.join(COMMANDS)}"


def main(argv: Sequence[str] | None = None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    if words and words[0] in COMMANDS:
        name = words[0]
        parser = subcommand_parser(name)
        args = parser.parse_args(words[1:])
    else:
        name = DEFAULT
        parser = top_parser()
        if words and not words[0].startswith("-"):
            parser.error(unknown_command(words[0]))  # play takes options only: a word is a command
        args, left = parser.parse_known_args(words)
        for word in left:
            if word in COMMANDS:
                parser.error(f"options go after the subcommand: life2 {word} [options]")
            near = [] if word.startswith("-") else difflib.get_close_matches(word, COMMANDS, n=1)
            if near:
                after = f"options go after the subcommand: life2 {near[0]} [options]"
                parser.error(f"{unknown_command(word)} ({after})")
        if left:
            parser.error(f"unrecognized arguments: {' '.join(left)}")
    # SIGTERM and SIGHUP end every command as Ctrl-C does; once the program itself (not a caller in
    # Python) has made its status, they and Ctrl-C change it no more (exits.py)
    with ending_on_signals(then_ignored=argv is None):
        return command_module(name).main(args, parser)


if __name__ == "__main__":
    sys.exit(main())
