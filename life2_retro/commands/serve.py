"""`life2 serve`: the exhibit on a museum's web site, from the `[web]` table of the exhibit's config.

Every visitor who opens the page gets a game of their own (exhibit/web.py), on
one asyncio loop with a WebSocket per page (terminals/web/server.py). `--check`
checks the config, `[web]` with it, and stops. Each game is recorded under
the config's `[records]` path, as the kiosk records its own. The server needs the `web`
extra (aiohttp): without it, one line says how to get it.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import signal
import sys
from pathlib import Path

from ..terminals.options import whole_number
from .running import run_command

SUMMARY = "the exhibit on a web site: each visitor's own game in a browser (--config FILE, its [web] table)"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--config",
        metavar="FILE",
        help="the exhibit's config, whose [web] table sets the server and whose game tables set the games "
        "(default: exhibit.toml if there is one, else every default)",
    )
    parser.add_argument(
        "--check", action="store_true", help="check the config and the files it names, then stop"
    )
    parser.add_argument("--bind", metavar="ADDRESS", help="the address to listen on (default: the config's)")
    parser.add_argument(
        "--port",
        type=whole_number,
        metavar="PORT",
        help="the port to listen on, 0 for any (default: the config's)",
    )
    parser.add_argument("--seed", type=whole_number, help="seeds the games' draws, so a run can be replayed")


def main(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    from dataclasses import replace

    from ..exhibit.config import ExhibitConfig, check_files, load_config, parse_config
    from .exhibit import loaded_or_said

    def load() -> ExhibitConfig:
        if args.config is not None or Path("exhibit.toml").exists():
            config = load_config(args.config or "exhibit.toml")
        else:
            config = parse_config({})
        if args.bind is not None:
            config = replace(config, web_bind=parse_config({"web": {"bind": args.bind}}).web_bind)
        if args.port is not None:
            config = replace(config, web_port=parse_config({"web": {"port": args.port}}).web_port)
        return config

    config = loaded_or_said("serve", load)
    if config is None:
        return 2
    if args.check:
        problems = check_files(config)
        for problem in problems:
            print(f"life2 serve: {problem}", file=sys.stderr)
        if problems:
            return 2
        print(
            f"{args.config or 'the defaults'}: valid; serving {', '.join(config.web_games)} on "
            f"{config.web_bind} port {config.web_port}"
        )
        return 0
    try:
        import aiohttp  # noqa: F401
    except ImportError:
        print("life2 serve: the web server needs aiohttp: pip install 'life2-retro[web]'", file=sys.stderr)
        return 2
    return run_command("serve", lambda: asyncio.run(serve(config, args.seed)))


async def serve(config: object, seed: int | None) -> None:
    from ..exhibit.config import ExhibitConfig
    from ..exhibit.records import RecordLog
    from ..exhibit.web import WebExhibit
    from ..terminals.door.address import is_loopback
    from ..terminals.web.server import Limits, WebServer

    assert isinstance(config, ExhibitConfig)
    log = RecordLog(config.records_path, config.records_max_bytes, config.records_keep)
    exhibit = WebExhibit(config, seed, log)
    limits = Limits(
        pages=config.web_max_games * 2,
        per_address=config.web_pages_per_address,
        knock_seconds=config.web_code_wait,
        not_reading_seconds=config.web_stall,
        heartbeat=config.web_stall,
    )
    server = WebServer(exhibit, limits)
    server.on_tick = exhibit.tend
    host, port = await server.start(config.web_bind, config.web_port)
    shown = f"[{host}]" if ":" in host else host
    offered = "" if is_loopback(host) else ", offered to the network"
    print(
        f"life2 serve: serving on {host} port {port}{offered}: http://{shown}:{port}/",
        file=sys.stderr,
        flush=True,
    )
    print(f"life2 serve: recording each game in {config.records_path}", file=sys.stderr, flush=True)
    stopping = asyncio.Event()
    with contextlib.suppress(NotImplementedError):  # a service manager's stop: as Ctrl-C
        asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stopping.set)
    try:
        await stopping.wait()
    finally:
        left = ", ".join(f"{count} {why}" for why, count in server.closed.most_common()) or "none"
        print(
            f"life2 serve: stopping with {len(exhibit.visits)} games; {exhibit.played} played to their end "
            f"or let go; pages gone: {left}; turned away as too many: {server.refused}",
            file=sys.stderr,
            flush=True,
        )
        exhibit.stop()
        await server.stop()
