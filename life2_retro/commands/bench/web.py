"""`life2 bench --web N[,N...]`: how many concurrent `life2 serve` games one core carries at 110 baud.

The server is the real `life2 serve`, pinned to core 0 (taskset); the visitors
are simulated here, on core 1, over loopback only: each opens the socket,
chooses a LIFE2 game against the computer, and answers each prompt a second
after it is asked (from a fixed round of squares); when a game ends, the
visitor starts another, so the count of games running stays the step's. Every game's line runs at
110 baud, so a visitor's page should get each character a tenth of a second
after the last, and a carriage's return later after a CR.

For each count of games, after all have started, for `seconds`:
* the pace: each run of characters a page got (frames less than a second
  apart) is put through the line's own throttle (pacing.py) on a simulated
  clock, which says when its last character was due; how late it came is the
  lateness. The pace is kept when 99% of the runs end within LATE_LIMIT of it;
* the server's CPU (/proc/PID/stat), as a share of its one core, and the
  visitors' process's, which must stay under its own core for the figures to
  be the server's;
* the server's resident memory (/proc/PID/status) with the games running,
  less what it held before the first page, a game;
* the time to first byte: for ARRIVALS visitors arriving one by one while the
  games run, from a page's knock to the first of its game's bytes (the median
  and the slowest), and from a request for the page to its last byte.

Bounded in count and time: at most MOST games, `seconds` a step, every
socket closed and the server stopped at the end.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ...terminals.pacing import LinePace, SimulatedClock, Throttle

MOST = 3000
LATE_LIMIT = 0.3
"""Seconds a run of characters may end after the line would have delivered it: three ticks."""
THINK = 1.0
"""Seconds a simulated visitor takes to answer a prompt."""
SQUARES = [f"{x},{y}" for x in range(1, 6) for y in range(1, 6)]
ARRIVALS = 20
"""Visitors timed one by one, arriving while the step's games run."""
RUN_GAP = 1.0
"""Frames further apart than this start a new run of characters."""


@dataclass
class Visitor:
    knocked: float = 0.0
    first_byte: float | None = None
    frames: list[tuple[float, str]] = field(default_factory=list)
    asked: int = 0
    games: int = 0
    """Games played to their end (the visitor then starts another)."""
    failed: str = ""


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _rss_mb(pid: int) -> float:
    found = re.search(r"VmRSS:\s+(\d+) kB", Path(f"/proc/{pid}/status").read_text())
    return int(found[1]) / 1024 if found else 0.0


def _cpu_name() -> str:
    found = re.search(r"model name\s*:\s*(.+)", Path("/proc/cpuinfo").read_text())
    return found[1].strip() if found else "an unknown CPU"


def lateness(frames: list[tuple[float, str]], baud: int) -> list[float]:
    """For each run of characters, how long after the line's own time its last one came."""
    late = []
    runs: list[list[tuple[float, str]]] = []
    ended = True
    for frame in frames:
        if not frame[1]:  # a game's end: the next frame starts a run of its own
            ended = True
        elif not ended and frame[0] - runs[-1][-1][0] <= RUN_GAP:
            runs[-1].append(frame)
        else:
            runs.append([frame])
            ended = False
    for run in runs:
        pace = LinePace(baud)
        # the line began a character's time before the first frame came: its first one was due then
        start = run[0][0] - pace.seconds_per_byte
        clock = SimulatedClock(start)
        throttle = Throttle(pace, clock)
        throttle.feed("".join(text for _, text in run).encode("ascii", "replace"))
        due = start
        while throttle.pending:
            step = throttle.next_due()
            assert step is not None
            clock.advance(max(0.0, step - clock.now()))
            throttle.due()
            due = clock.now()
        late.append(run[-1][0] - due)
    return late


async def _visitor(url: str, visitor: Visitor, stop: asyncio.Event) -> None:
    """One visitor, who plays game after game (a game over, the next begins) until the step ends,
    so the count of games running stays what the step says."""
    import aiohttp

    try:
        async with aiohttp.ClientSession() as session:
            while not stop.is_set():
                await _game(session, url, visitor, stop)
    except Exception as exc:  # a visitor's failure is a figure, not the end of the bench
        visitor.failed = repr(exc)[:80]


async def _game(session: Any, url: str, visitor: Visitor, stop: asyncio.Event) -> None:
    import aiohttp

    async with session.ws_connect(url, heartbeat=None) as ws:
        await ws.receive(timeout=60)  # the door's choice
        knocked = time.monotonic()
        visitor.knocked = visitor.knocked or knocked
        await ws.send_str(json.dumps({"code": "", "game": "life2/computer"}))
        square = 0
        answer_at: float | None = None
        while not stop.is_set():
            wait = 0.5 if answer_at is None else max(0.01, answer_at - time.monotonic())
            try:
                message = await ws.receive(timeout=wait)
            except TimeoutError:
                if answer_at is not None and time.monotonic() >= answer_at:
                    try:
                        await ws.send_str(json.dumps({"line": SQUARES[square % 25]}))
                    except aiohttp.ClientConnectionResetError:  # the game ended as the answer went
                        return
                    square, answer_at = square + 7, None
                continue
            if message.type != aiohttp.WSMsgType.TEXT:
                if ws.close_code != 4001:  # the game's end closes with 4001
                    visitor.failed = f"closed {ws.close_code}"
                return
            now = time.monotonic()
            said = json.loads(message.data)
            if "out" in said:
                visitor.first_byte = visitor.first_byte or now
                visitor.frames.append((now, said["out"]))
            elif said.get("read"):
                visitor.asked += 1
                answer_at = now + THINK
            elif "over" in said:
                visitor.games += 1
                visitor.frames.append((now, ""))  # a run ends with its game
                return


async def _arrival(url: str) -> float:
    """A visitor arriving while the games run: from the knock to the game's first byte."""
    import aiohttp

    async with aiohttp.ClientSession() as session, session.ws_connect(url, heartbeat=None) as ws:
        await ws.receive(timeout=60)
        knocked = time.monotonic()
        await ws.send_str(json.dumps({"code": "", "game": "life2/computer"}))
        while True:
            message = await ws.receive(timeout=60)
            if message.type != aiohttp.WSMsgType.TEXT:
                raise OSError(f"closed {ws.close_code} before the first byte")
            if "out" in json.loads(message.data):
                return time.monotonic() - knocked


async def _page_time(base: str) -> float:
    import aiohttp

    async with aiohttp.ClientSession() as session:
        started = time.monotonic()
        async with session.get(base) as response:
            await response.read()
        return time.monotonic() - started


async def _step(base: str, games: int, seconds: float, server: int) -> dict[str, float | int | str]:
    import aiohttp

    url = base + "socket"
    visitors = [Visitor() for _ in range(games)]
    rss_before = _rss_mb(server)
    page = await _page_time(base)
    stop = asyncio.Event()
    tasks = []
    for number, visitor in enumerate(visitors):  # a ramp: 200 visitors a second at most
        tasks.append(asyncio.create_task(_visitor(url, visitor, stop)))
        if number % 20 == 19:
            await asyncio.sleep(0.1)
    # measured once every visitor has its game's first bytes (or a minute has passed), and 5 s more
    ramp_ends = time.monotonic() + 60
    while time.monotonic() < ramp_ends and any(v.first_byte is None and not v.failed for v in visitors):
        await asyncio.sleep(0.2)
    await asyncio.sleep(5)
    cpu0, mine0, wall0 = _cpu_seconds(server), time.process_time(), time.monotonic()
    until = wall0 + seconds
    rss_running = 0.0
    while time.monotonic() < until:
        await asyncio.sleep(1)
        rss_running = max(rss_running, _rss_mb(server))
    cpu = (_cpu_seconds(server) - cpu0) / (time.monotonic() - wall0)
    mine = (time.process_time() - mine0) / (time.monotonic() - wall0)
    arrivals, turned_away = [], []
    for _ in range(ARRIVALS):
        try:
            arrivals.append(await _arrival(url))
        except (OSError, TimeoutError, aiohttp.ClientError) as exc:  # a figure, not the bench's end
            turned_away.append(repr(exc)[:80])
    stop.set()
    await asyncio.gather(*tasks)
    late = [
        value
        for visitor in visitors
        for value in lateness([frame for frame in visitor.frames if wall0 <= frame[0] <= until], 110)
    ]
    first = sorted(arrivals)
    failed = [v.failed for v in visitors if v.failed] + turned_away
    kept = sum(value <= LATE_LIMIT for value in late) / len(late) if late else 0.0
    return {
        "games": games,
        "server_cpu": cpu,
        "visitors_cpu": mine,
        "runs": len(late),
        "kept": kept,
        "late_p99": _quantile(late, 0.99),
        "mb_per_game": (rss_running - rss_before) / games,
        "rss_mb": rss_running,
        "first_p50": _quantile(first, 0.5),
        "first_p99": _quantile(first, 0.99),
        "page": page,
        "failed": len(failed),
        "why": failed[0] if failed else "",
        "asked": sum(v.asked for v in visitors),
        "ended": sum(v.games for v in visitors),
    }


def _quantile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def bench(counts: list[int], seconds: float = 30.0) -> int:
    try:
        import aiohttp  # noqa: F401
    except ImportError:
        print("life2 bench: --web needs aiohttp: pip install 'life2-retro[web]'", file=sys.stderr)
        return 2
    counts = [min(MOST, count) for count in counts]
    folder = tempfile.mkdtemp(prefix="life2-bench-web-")
    config = Path(folder) / "exhibit.toml"
    most = max(counts)
    config.write_text(
        '[web]\nport = 0\nbaud = 110\ngames = ["life2"]\nplayers = "human-computer"\n'
        f"max_games = {most + ARRIVALS + 10}\npages_per_address = {most + ARRIVALS + 10}\n"
        "idle_seconds = 3600\n"
        '[life2]\ndialect = "ms1978"\n[records]\npath = "' + str(Path(folder) / "games.jsonl") + '"\n'
    )
    pin = ["taskset", "-c", "0"] if shutil.which("taskset") and (os.cpu_count() or 1) > 1 else []
    print(
        f"life2 serve on {'core 0' if pin else 'any core'} of {_cpu_name()}; the visitors on "
        f"{'core 1' if pin else 'the same cores'}; every line at 110 baud; {seconds:g} s a step"
    )
    if pin:
        os.sched_setaffinity(0, {1})
    print(
        f"{'games':>6} {'server CPU':>10} {'visitors CPU':>12} {'pace kept':>9} {'late p99':>8} "
        f"{'MB/game':>7} {'RSS MB':>7} {'1st byte p50/max':>16} {'page':>6} {'failed':>6}"
    )
    for games in counts:
        said = Path(folder) / "serve.log"
        with open(said, "wb") as log:
            server = subprocess.Popen(
                [*pin, sys.executable, "-m", "life2_retro", "serve", "--config", str(config), "--seed", "1"],
                stderr=log,
                stdout=subprocess.DEVNULL,
            )
        try:
            base = _server_base(server, said)
            figures = asyncio.run(_step(base, games, seconds, server.pid))
            if server.poll() is not None:
                print(f"life2 serve ended during the step: {said.read_text(errors='replace')[-600:]}")
        finally:
            server.terminate()
            try:
                server.wait(timeout=20)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()
        if figures["failed"]:
            print("  " + said.read_text(errors="replace").strip().splitlines()[-1])
        first = f"{figures['first_p50'] * 1000:.0f}/{figures['first_p99'] * 1000:.0f} ms"
        print(
            f"{figures['games']:>6} {figures['server_cpu']:>10.0%} {figures['visitors_cpu']:>12.0%} "
            f"{figures['kept']:>9.1%} {figures['late_p99']:>7.2f}s {figures['mb_per_game']:>7.3f} "
            f"{figures['rss_mb']:>7.0f} {first:>16} {figures['page'] * 1000:>4.0f}ms {figures['failed']:>6}"
            + (f" ({figures['why']})" if figures["why"] else ""),
            flush=True,
        )
    shutil.rmtree(folder, ignore_errors=True)
    print(f"pace kept: the share of runs of characters that ended within {LATE_LIMIT:g} s of the line's time")
    return 0


def _server_base(server: subprocess.Popen[bytes], log: Path) -> str:
    deadline = time.monotonic() + 30
    said = ""
    while time.monotonic() < deadline:
        said = log.read_text(errors="replace")
        found = re.search(r"(http://\S+/)", said)
        if found:
            return found[1]
        if server.poll() is not None:
            break
        time.sleep(0.05)
    raise OSError(f"life2 serve did not start: {said[-300:]}")
