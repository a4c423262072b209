"""`life2 bench --soak N`: N attract games on each pygame terminal, and whether the memory holds.

The exhibit's promise is days unattended. This runs the real exhibit (its runner,
its window terminal with every effect, the banner and the live listing, its
records) headless, on a simulated clock, as the exhibit's config sets it by
default, and counts what a kiosk would suffer:

* resident memory (/proc/self/statm) every twentieth of the run, with the
  games a second, and at the end of the warm-up (WARM_UP games: caches
  filling, the paper and the screen reaching their kept sizes);
* the verdict on growth, not on where the warm-up happened to end: the trend
  (a least-squares line) over the steady part, the later of the warm-up's end
  and the run's second half, against GROWTH_LIMIT scaled to the games of that
  part plus NOISE, what resident memory moves by with no leak at all. A short
  run's warm-up may end before the memory settles (on a loaded machine the
  glass terminal rose 1.7 MB after game 100, then sat at one figure from game
  300 to 1,000), and the kernel may take pages back at any time (17.6 MB went
  in one run); a leak rises all the way;
* the records, written by the exhibit's own log to a temporary folder and read
  back by the reader `life2 exhibit --stats` uses: every game recorded, and no
  line the reader skips.

A frame moves the clock FRAME_SECONDS and the line runs at 9600 baud, so a game
takes a few dozen frames instead of thousands (at 110 baud a Teletype game is
ten minutes). Nobody comes: the computers play each other, and a game ends at
its end or at `attract.max_rounds`. `--visitors` sends a crowd instead: each
visitor stops the computers' game, answers a few prompts and walks away.

The warm-up, on the Teletype at 1280x800: about 61 MB once the window is up
(Python 11, pygame 33, life2's modules 5, the window, banner and panel 12),
65 MB after the first game and 67 MB after 100. The first game brings the
paper to what the kiosk keeps (300 lines, about 1,900 strikes; terminals take
`history_lines`) and the rows in view drawn once (61 surfaces, 2.6 MB, with a
few spare to draw the next rows on); the heap settles over the next hundred.
Before, the computer players' generation cache filled to 65,536 boards in the
first 8 games, 22 MB held for good: 90 MB after 11 games (programs/life2/rules.py
keeps 1,024 now). The glass terminal works out its look when the window opens
(89 MB at 1280x800, 138 MB in all) and then stays where it is.
"""

from __future__ import annotations

import dataclasses
import gc
import os
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ...exhibit.config import ExhibitConfig
from ...exhibit.records import read_records
from ...exhibit.simulated import Crowd, SimulatedExhibit
from ...terminals.window.terminal import headless

TERMINALS = ("teletype", "crt")
WARM_UP = 100
"""Games before the memory is taken as settled."""
GROWTH_LIMIT = 5 * 1024 * 1024
"""Resident memory may grow this much over LIMIT_GAMES games after the warm-up: 530 bytes a game."""
LIMIT_GAMES = 10_000 - WARM_UP
FRAME_SECONDS = 2.0
"""Simulated seconds a frame: the Teletype prints about ten lines a frame (its carriage return
holds it to five a second), the glass terminal about 1,700 characters."""
BAUD = 9600
RECORDS_KEPT = 1000
"""Rotated record files kept, the most the config allows: the soak reads back every game."""
MB = 1024 * 1024


def resident_bytes() -> int:
    """This process's resident memory, as the kernel counts it."""
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


NOISE = 1024 * 1024
"""What resident memory moves by over a steady stretch with no leak: the allocator's arenas taken
and given back, the kernel's reclaim. A run shorter than the allowance's 10,000 games cannot see a
leak smaller than this over its steady part; the full soak sees 530 bytes a game."""
SAMPLES = 20
"""Resident memory is read this many times in a run (and at the end of the warm-up)."""


def allowed_growth(games: int, warm_up: int = WARM_UP) -> float:
    """GROWTH_LIMIT for 10,000 games, scaled to the games after the warm-up in a run of `games`."""
    return GROWTH_LIMIT * max(0, games - warm_up) / LIMIT_GAMES


def trend(points: list[tuple[int, int]]) -> float:
    """The least-squares slope of resident bytes over games played: bytes a game."""
    if len(points) < 2:
        return 0.0
    mean_x = sum(x for x, _ in points) / len(points)
    mean_y = sum(y for _, y in points) / len(points)
    spread = sum((x - mean_x) ** 2 for x, _ in points)
    if spread == 0:
        return 0.0
    return sum((x - mean_x) * (y - mean_y) for x, y in points) / spread


@dataclass
class SoakResult:
    terminal: str
    games: int
    seconds: float = 0.0
    frames: int = 0
    samples: list[tuple[int, float, int]] = field(default_factory=list)
    """(games played, seconds since the start, resident bytes), the warm-up's end among them."""
    warm: int = 0
    """Resident bytes at the end of the warm-up."""
    end: int = 0
    recorded: int = 0
    """Records the reader found."""
    problems: list[str] = field(default_factory=list)
    """Lines the reader skipped."""
    endings: Counter[str] = field(default_factory=Counter)
    """How the recorded games ended."""
    by_game: Counter[str] = field(default_factory=Counter)
    """The recorded games of each program."""
    warm_up: int = WARM_UP

    @property
    def steady_from(self) -> int:
        """The games played when the steady part begins: the warm-up's end, or half the run if later."""
        return max(self.warm_up, self.games // 2)

    @property
    def steady(self) -> list[tuple[int, int]]:
        """(games played, resident bytes) over the steady part."""
        return [(games, rss) for games, _, rss in self.samples if games >= self.steady_from]

    @property
    def growth(self) -> float:
        """Resident bytes gained over the steady part, as its trend has them (the verdict's figure)."""
        return trend(self.steady) * (self.games - self.steady_from)

    @property
    def allowed(self) -> float:
        """GROWTH_LIMIT scaled to the steady part's games, plus NOISE."""
        return GROWTH_LIMIT * (self.games - self.steady_from) / LIMIT_GAMES + NOISE

    @property
    def passed(self) -> bool:
        return self.growth < self.allowed and not self.problems and self.recorded == self.games


def soak_config(terminal: str, folder: Path, museum: ExhibitConfig | None = None) -> ExhibitConfig:
    """The museum's exhibit (by default, as its config sets it by default) on `terminal`, in a
    window, logging to `folder`."""
    return dataclasses.replace(
        museum or ExhibitConfig(),
        terminal=terminal,
        fullscreen=False,
        records_path=folder / "life2-games.jsonl",
        records_keep=RECORDS_KEPT,
    )


def soak(
    terminal: str,
    games: int,
    *,
    visitors: bool = False,
    seed: int = 1,
    warm_up: int = WARM_UP,
    report: int | None = None,
    say: Callable[[str], None] = print,
    museum: ExhibitConfig | None = None,
) -> SoakResult:
    """Play `games` games on `terminal` and measure; `say` gets a line at every `report` games.
    A run of no more than twice `warm_up` games warms up for its first half."""
    headless()
    warm_up = min(warm_up, games // 2)
    every = report or max(1, games // 10)
    sample = max(1, games // SAMPLES)
    result = SoakResult(terminal, games, warm_up=warm_up)
    with tempfile.TemporaryDirectory(prefix="life2-soak-") as folder:
        config = soak_config(terminal, Path(folder), museum)
        simulated = SimulatedExhibit(config, frame_step=FRAME_SECONDS, size=config.size, seed=seed, baud=BAUD)
        if visitors:
            simulated.visitor = Crowd()
        exhibit = simulated.exhibit
        stops = sorted({*range(sample, games, sample), *range(every, games, every), warm_up, games})
        started = time.perf_counter()
        try:
            for stop in stops:
                exhibit.run(games=stop)
                gc.collect()
                seconds = time.perf_counter() - started
                rss = resident_bytes()
                result.samples.append((exhibit.games, seconds, rss))
                notes = []
                if stop % every == 0 or stop == games:
                    notes.append(f"{exhibit.games / seconds:6.2f} games/s")
                if stop == warm_up:
                    result.warm = rss
                    notes.append("end of warm-up")
                if notes:
                    said = "  ".join(notes)
                    say(f"  {exhibit.games:>7} games  {seconds:8.0f} s  {rss / MB:7.1f} MB  {said}")
        finally:
            result.seconds = time.perf_counter() - started
            result.frames = simulated.terminal.frames
            simulated.close()
        result.end = result.samples[-1][2]
        result.games = exhibit.games
        records, result.problems = read_records(config.records_path)
        result.recorded = len(records)
        result.endings = Counter(f"{record.mode} {record.ended}" for record in records)
        result.by_game = Counter(record.game for record in records)
    return result


def _said_now(line: str) -> None:
    """A reading, printed at once (a soak's output often goes to a file, and runs for hours)."""
    print(line, flush=True)


def _stop(signum: int, _frame: object) -> None:
    """SIGTERM (`timeout`, `kill`) ends the soak. Left alone, SDL would take it for a click on the
    window's close, which the exhibit ignores, and the soak would go on."""
    raise SystemExit(128 + signum)


def bench(
    games: int,
    terminals: tuple[str, ...] = TERMINALS,
    visitors: bool = False,
    seed: int = 1,
    config: str | None = None,
) -> int:
    """Soak each terminal in turn and print the figures; the status is 1 if any fails (2 for a config
    with mistakes). Each terminal has a process of its own, so that one's memory is not counted in
    the other's. With `config`, the museum's exhibit.toml: its games, in turn, and their settings."""
    signal.signal(signal.SIGTERM, _stop)
    museum = None
    if config is not None:
        from ...exhibit.config import ConfigError, load_config

        try:
            museum = load_config(config)
        except ConfigError as exc:
            for problem in exc.problems:
                print(f"life2 bench: {problem}", file=sys.stderr)
            return 2
    if len(terminals) > 1:
        statuses = []
        for terminal in terminals:
            command = [sys.executable, "-m", "life2_retro", "bench", "--soak", str(games)]
            command += ["--terminal", terminal, "--seed", str(seed)] + (["--visitors"] if visitors else [])
            command += ["--config", config] if config is not None else []
            statuses.append(subprocess.run(command, check=False).returncode)
        return max(statuses)
    failed = []
    shown = museum or ExhibitConfig()
    for terminal in terminals:
        who = "a crowd of visitors" if visitors else "attract mode, nobody comes"
        whose = f"{config}'s exhibit ({', '.join(shown.games)})" if config else "the exhibit's defaults"
        print(
            f"life2 bench --soak {games} --terminal {terminal}: {whose} "
            f"({'x'.join(map(str, shown.size))}, every effect, the side panel), headless, "
            f"{BAUD} baud, {FRAME_SECONDS:g} simulated s a frame, {who}"
        )
        print(f"  {'played':>7}        {'wall':>8}    {'resident':>7}")
        result = soak(terminal, games, visitors=visitors, seed=seed, museum=museum, say=_said_now)
        print(
            f"  {result.games} games in {result.seconds:.0f} s ({result.games / result.seconds:.2f} games/s, "
            f"{result.frames} frames)"
        )
        print(
            f"  resident: {result.warm / MB:.1f} MB after {result.warm_up} games of warm-up, "
            f"{result.end / MB:.1f} MB at the end; its trend from game {result.steady_from} on "
            f"({len(result.steady)} readings): {result.growth / MB:+.2f} MB (allowed "
            f"{result.allowed / MB:.2f} MB: 5 MB for 10,000 games, scaled, and {NOISE / MB:g} MB of noise)"
        )
        endings = ", ".join(f"{ended} {count}" for ended, count in sorted(result.endings.items()))
        print(
            f"  records read back: {result.recorded} games ({endings}), "
            f"{len(result.problems)} problem{'s' if len(result.problems) != 1 else ''}"
        )
        if len(result.by_game) > 1:
            print("  games by program: " + ", ".join(f"{game} {n}" for game, n in result.by_game.items()))
        for problem in result.problems[:10]:
            print(f"    {problem}")
        print(f"  {'PASS' if result.passed else 'FAIL'}")
        if not result.passed:
            failed.append(terminal)
    return 1 if failed else 0
