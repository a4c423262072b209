"""The soak, short: `life2 bench --soak`'s own code, on each pygame terminal.

The bench plays 10,000 games a terminal and allows the resident memory 5 MB of
growth after a warm-up of 100; here a dozen or two games must keep their steady
part's trend within the same allowance scaled (and the noise resident memory
has), every game must be read back from the records, and a leak injected into
the exhibit must fail. A crowd of visitors (each stops the computers' game,
answers a few prompts and walks away, and the idle time brings attract mode
back) keeps the exhibit's whole cycle in the soak too. The verdict itself is
tested on readings made up to show each case: a warm-up that ends before the
memory settles, the kernel taking pages back, a leak.
"""

from __future__ import annotations

import mmap
import os
from collections.abc import Callable
from pathlib import Path

import pytest

from life2_retro.commands.bench import soak
from life2_retro.exhibit.config import load_config

SCALE = float(os.environ.get("SOAK_SCALE", "1"))
"""SOAK_SCALE=10 plays ten times the games (a longer soak by hand)."""
MB = 1024 * 1024


def _checked(result: soak.SoakResult, games: int) -> None:
    growth, allowed = result.growth, result.allowed
    assert result.games == games and result.recorded == games
    assert result.problems == []
    assert growth < allowed, f"{result.terminal} grew {growth} bytes after the warm-up; allowed {allowed:.0f}"


THREE_GAMES = Path(__file__).resolve().parents[2] / "docs" / "three-games.toml"
"""The museum's config with the three stands in turn: each attract game shows its own panel."""


@pytest.mark.parametrize(("terminal", "games", "config"), [("crt", 24, THREE_GAMES), ("teletype", 15, None)])
def test_attract_games_keep_the_memory_and_every_record(terminal, games, config):
    """Nobody comes: the computers play on, and each game ends at its end or its round limit (or,
    for Cell Life, where the 2008 program would crash). The glass terminal shows the three games in
    turn, each with its panel; the Teletype the exhibit's defaults."""
    games = round(games * SCALE)
    museum = None if config is None else load_config(config)
    result = soak.soak(terminal, games, say=lambda line: None, museum=museum)
    _checked(result, games)
    assert result.warm_up == min(soak.WARM_UP, games // 2)
    assert set(result.endings) <= {"attract finished", "attract limit", "attract unreproducible"}
    assert result.endings["attract finished"] and result.endings["attract limit"]
    if museum is not None:
        assert set(result.by_game) == set(museum.games)
    pause = soak.ExhibitConfig().attract_pause_seconds / soak.FRAME_SECONDS
    assert result.frames > (pause + 1) * games  # frames drawn while printing, not only between games


def test_a_crowd_of_visitors_keeps_the_memory_and_every_record():
    """Each visitor stops the computers' game, answers 0 to 3 prompts and leaves: the cycle of
    attract, visitor and idle reset, in the bench's own loop."""
    games = round(40 * SCALE)
    result = soak.soak("crt", games, visitors=True, say=lambda line: None)
    _checked(result, games)
    assert set(result.endings) <= {"attract visitor", "attract finished", "attract limit", "visitor idle"}
    assert result.endings["attract visitor"] and result.endings["visitor idle"]


def test_the_allowance_is_five_megabytes_for_ten_thousand_games():
    assert soak.allowed_growth(10_000) == 5 * 1024 * 1024
    assert soak.allowed_growth(200) == pytest.approx(5 * 1024 * 1024 * 100 / 9_900)
    assert soak.allowed_growth(100) == 0


def test_the_bench_prints_the_figures_and_the_verdict(monkeypatch, capsys):
    """`life2 bench --soak N --terminal T`: the figures a tester reads, from a short run."""
    from life2_retro.cli import main

    monkeypatch.setattr(soak, "GROWTH_LIMIT", 10**12)  # a few games cannot show growth; the verdict
    assert main(["bench", "--soak", "6", "--terminal", "crt"]) == 0  # is the records and the bound
    out = capsys.readouterr().out
    assert "life2 bench --soak 6 --terminal crt" in out
    assert "3 games" in out and "end of warm-up" in out and "games/s" in out
    assert "records read back: 6 games" in out and "0 problems" in out
    assert out.rstrip().endswith("PASS")


def test_a_leak_in_the_exhibit_fails_the_soak(monkeypatch):
    """A megabyte kept at every game's record, as a leak would: the steady part's trend says FAIL.
    The megabyte is mapped afresh and written: a leak through the heap first fills the free chunks
    that earlier tests in this process left, which are resident already (24 MB vanished so)."""
    from life2_retro.exhibit.runner import Exhibit

    kept: list[mmap.mmap] = []
    record = Exhibit._record

    def leaking(self, *args, **kwargs):
        pages = mmap.mmap(-1, MB)
        pages.write(b"\x01" * MB)  # every page of it resident
        kept.append(pages)
        return record(self, *args, **kwargs)

    monkeypatch.setattr(Exhibit, "_record", leaking)
    result = soak.soak("crt", 10, say=lambda line: None)
    assert len(kept) == 10 and result.recorded == 10
    assert result.growth > result.allowed, result.samples
    assert not result.passed
    for pages in kept:
        pages.close()


def readings(rss_at: Callable[[int], float], games: int = 300) -> soak.SoakResult:
    """A soak's readings made up: resident bytes `rss_at(games played)` at each of its stops."""
    result = soak.SoakResult("crt", games)
    stops = sorted({*range(games // soak.SAMPLES, games + 1, games // soak.SAMPLES), soak.WARM_UP})
    result.samples = [(stop, float(stop), round(rss_at(stop))) for stop in stops]
    result.warm = round(rss_at(soak.WARM_UP))
    result.end = result.samples[-1][2]
    result.recorded = games
    return result


@pytest.mark.parametrize(
    ("case", "rss_at", "passed"),
    [
        # the glass terminal's memory as a loaded machine saw it: 1.7 MB more after game 100, then
        # the same to the tenth of a megabyte from 150 on (the old verdict: FAIL, 1.66 MB against 0.45)
        ("settles late", lambda games: 128 * MB - 1.7 * MB * max(0, 150 - games) / 50, True),
        ("pages taken back", lambda games: 95 * MB - (17.6 * MB if games > 200 else 0), True),
        ("steady", lambda games: 128 * MB + (4096 if games % 40 == 0 else 0), True),
        ("a leak", lambda games: 128 * MB + 10_000 * games, False),
        ("a leak after the warm-up", lambda games: 128 * MB + 20_000 * max(0, games - 180), False),
    ],
)
def test_the_verdict_comes_from_the_steady_parts_trend(case, rss_at, passed):
    result = readings(rss_at)
    assert result.steady_from == 150 and len(result.steady) == 11
    assert result.passed is passed, (case, result.growth, result.allowed)
