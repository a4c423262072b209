"""`life2 bench`: its parts measured (the render, p2life's engines, the cycle model's cost)."""

from __future__ import annotations


def test_bench_render_measures_both_terminals(monkeypatch):
    from life2_retro.commands.bench import render

    monkeypatch.setattr(render, "FRAMES", 12)
    for name in ("teletype", "crt"):
        rest, printing = render.measure(name)
        assert rest > 0 and printing > 0


def test_bench_p2life_times_every_engine_on_the_same_lattices(monkeypatch, capsys):
    """`life2 bench --game p2life` times p2life's engines: it has no original to time against."""
    from life2_retro.cli import main
    from life2_retro.commands.bench import p2life

    monkeypatch.setattr(p2life, "SIDES", (16, 70))
    monkeypatch.setattr(p2life, "MIN_SECONDS", 0.01)
    assert main(["bench", "--game", "p2life"]) == 0
    out = capsys.readouterr().out
    for heading in ("engine, 1 core", "NumPy bit-planes", "NumPy reference", "pure Python"):
        assert heading in out
    rows = [line.split() for line in out.splitlines() if line.strip().startswith(("16 x 16 ", "70 x 70 "))]
    assert [len(row) for row in rows] == [3 + 5, 3 + 5]  # the lattice, then five figures
    assert all(float(figure) > 0 for row in rows for figure in row[3:])
    assert "the engine equals the reference" in out
    assert "x the NumPy reference" in out and "x pure Python" in out


def test_bench_render_times_each_effect_alone(monkeypatch):
    from life2_retro.commands.bench import render

    monkeypatch.setattr(render, "FRAMES", 6)
    monkeypatch.setattr(render, "WARM_UP", 2)
    for name, effects in (("teletype", {"strike", "curl"}), ("crt", {"bezel", "burnin", "raster"})):
        figures = render.measure_effects(name, rounds=1)
        assert {"all", "none"} | effects <= set(figures)
        assert all(rest > 0 and printing > 0 for rest, printing in figures.values())


def test_bench_cycles_times_runs_with_and_without_the_meter_side_by_side(monkeypatch, capsys):
    from life2_retro.cli import main
    from life2_retro.commands.bench import cycles

    monkeypatch.setattr(cycles, "ROUNDS", 1)
    assert main(["bench", "--cycles", "--scripts", "2"]) == 0
    out = capsys.readouterr().out
    assert "14 scripts (12 worked examples, 2 generated" in out and "ms1978" in out
    ratios = {
        label: float(line.split()[-1])
        for line in out.splitlines()
        for label in ("without --cycles", "a meter doing nothing", "with --cycles")
        if line.strip().startswith(label)
    }
    assert ratios["without --cycles"] == 1.0 and ratios["with --cycles"] > 1.0
    assert "--cycles costs" in out


def test_bench_cycles_is_for_the_1978_basic():
    from ..support.helpers import life2

    result = life2("bench", "--cycles", "--dialect", "gwbasic")
    assert result.returncode == 2 and b"ms1978" in result.stderr
