"""The soak, short: `life2 bench --soak`'s own code, on each pygame terminal.

The bench plays 10,000 games a terminal and allows the resident memory 5 MB of
growth after a warm-up of 100; here a couple of hundred games must keep within
the same allowance scaled to the games after their warm-up, and every game must
be read back from the records. A crowd of visitors (each stops the computers'
game, answers a few prompts and walks away, and the idle time brings attract
mode back) keeps the exhibit's whole cycle in the soak too.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from life2_retro.commands.bench import soak
from life2_retro.exhibit.config import load_config

SCALE = float(os.environ.get("SOAK_SCALE", "1"))
"""SOAK_SCALE=10 plays ten times the games (a longer soak by hand)."""


def _checked(result: soak.SoakResult, games: int) -> None:
    growth, allowed = result.growth, result.allowed
    assert result.games == games and result.recorded == games
    assert result.problems == []
    assert growth < allowed, f"{result.terminal} grew {growth} bytes after the warm-up; allowed {allowed:.0f}"


THREE_GAMES = Path(__file__).resolve().parents[2] / "docs" / "three-games.toml"
"""The museum's config with the three stands in turn: each attract game shows its own panel."""


@pytest.mark.parametrize(
    ("terminal", "games", "config"), [("crt", 160, THREE_GAMES), ("teletype", 120, None)]
)
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
    games = round(150 * SCALE)
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
