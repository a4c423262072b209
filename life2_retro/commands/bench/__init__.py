"""`life2 bench`: the benchmarks, each printing ratios measured side by side in one run.

With no choice it times the program against its original (oracle.py). The
others time a part of the house: `--render` the pygame terminals' frames,
`--line` a serial line's pace, `--players` the exhibit's computer players,
`--cycles` what the 6502 cycle model adds to a run; `--web N` how many
concurrent `life2 serve` games one core carries at 110 baud; `--soak N` plays N exhibit
games on each pygame terminal and watches its memory and records (soak.py).
`--game p2life` times p2life's engines (p2life.py): it has no original to
run, so it is handled here, before any program is looked up.
"""

from __future__ import annotations

import argparse

from ...terminals.options import whole_number
from ..options import add_mode_options, add_reference_option, mode_from, positive_int

SUMMARY = (
    "time life2 against its original (PC-BASIC, with --dialect gwbasic; or the C build) on the same scripts; "
    "or a part of it: --render, --line, --players, --cycles, --soak N; --game p2life: p2life's engines"
)
ENGINE_BENCHES = ("p2life",)
"""Games benched by their engines' speed, not against an original."""


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--scripts", type=positive_int, default=20, metavar="N", help="scripts timed (default 20)"
    )
    parser.add_argument(
        "--generations", type=positive_int, default=10, metavar="G", help="generations timed (default 10)"
    )
    parser.add_argument("--seed", type=whole_number, default=1, help="seed of the generated scripts")
    add_reference_option(parser)
    parser.add_argument(
        "--rom",
        metavar="PATH",
        help="with --dialect ms1978: Microsoft's 1977 6502 BASIC, timed beside life2 (else $LIFE2_ROM, "
        "else ../shared/reference/)",
    )
    parser.add_argument(
        "--render", action="store_true", help="instead: frames per second of each pygame terminal, headless"
    )
    parser.add_argument(
        "--size",
        type=_window_size,
        metavar="WxH",
        help="with --render: the window's size, e.g. 1920x1080 or 3840x2160 (default 1024x768)",
    )
    parser.add_argument(
        "--line", action="store_true", help="instead: characters per second on a serial line (a pty)"
    )
    parser.add_argument(
        "--players", action="store_true", help="instead: milliseconds per move of each computer level"
    )
    parser.add_argument(
        "--cycles",
        action="store_true",
        help="instead: how much slower `life2 run` is with --cycles than without (life2, ms1978)",
    )
    parser.add_argument(
        "--soak",
        type=positive_int,
        metavar="N",
        help="instead: N attract games of the exhibit on each pygame terminal, headless: memory and records",
    )
    parser.add_argument(
        "--web",
        type=_counts,
        metavar="N[,N...]",
        help="instead: N concurrent `life2 serve` games at 110 baud each, simulated visitors on loopback: "
        "the pace kept, CPU, memory a game, time to first byte",
    )
    parser.add_argument(
        "--seconds", type=positive_int, default=30, metavar="S", help="with --web: seconds measured a step"
    )
    parser.add_argument(
        "--terminal",
        choices=("teletype", "crt"),
        help="with --soak: this terminal only (default: the Teletype, then the glass terminal)",
    )
    parser.add_argument(
        "--config",
        metavar="FILE",
        help="with --soak: the museum's exhibit.toml, its games and settings (default: the defaults)",
    )
    parser.add_argument(
        "--visitors",
        action="store_true",
        help="with --soak: a crowd of visitors, each stopping the computers' game and walking away",
    )
    parser.add_argument(
        "--json",
        metavar="FILE",
        help="with --game p2life: every figure also as JSON records (lattice, engine, threads, soup, rates)",
    )
    add_mode_options(parser)


def _counts(text: str) -> list[int]:
    try:
        counts = [whole_number(part) for part in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: counts of games, as 100,300,1000") from None
    if not counts or min(counts) < 1:
        raise argparse.ArgumentTypeError(f"{text!r}: counts of games, each 1 or more")
    return counts


def _window_size(text: str) -> tuple[int, int]:
    from ...terminals.window.terminal import parse_size

    try:
        return parse_size(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def main(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    if args.game in ENGINE_BENCHES:
        from ..extras import ENGINE_MODULES, require_extra

        if not require_extra("bench", f"--game {args.game}", "study", ENGINE_MODULES):
            return 2
        from . import p2life

        return p2life.bench(args.seed, json_path=args.json)
    if args.json:
        parser.error("--json is for --game p2life")
    if args.size is not None and not args.render:
        parser.error("--size is the window's, for --render")
    if args.render:
        from ..running import run_command
        from . import render

        status = 0

        def frames() -> None:  # a window that cannot be opened is a line, as at `screenshot`
            nonlocal status
            status = render.bench(args.size or render.SIZE)

        return run_command("bench", frames) or status
    if args.web:
        from . import web

        return web.bench(args.web, args.seconds)
    if args.line:
        from . import line

        return line.bench()
    if args.players:
        from . import players

        return players.bench()
    if args.cycles:
        from . import cycles

        mode = mode_from(args, parser, for_oracle=True)  # --seed is the scripts', not a clock
        try:
            mode.entry.check_cycles(mode.runtime)
        except ValueError as exc:
            parser.error(f"--cycles: {exc}")
        return cycles.bench(mode, args.scripts, args.seed)
    if args.soak:
        from . import soak

        terminals = (args.terminal,) if args.terminal else soak.TERMINALS
        return soak.bench(args.soak, terminals, visitors=args.visitors, seed=args.seed, config=args.config)
    if args.config:
        parser.error("--config is the exhibit's, for --soak")
    mode = mode_from(args, parser, for_oracle=True)
    if mode.runtime == "ms1978" and mode.entry.name == "life2":  # the original is the 1977 machine
        from . import rom

        return rom.bench(mode, args.scripts, args.seed, args.rom, args.listing)
    from . import oracle

    return oracle.bench(mode, args.listing, args.scripts, args.seed, args.generations)
