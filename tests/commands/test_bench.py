"""`life2 bench --render`: frames per second, measured."""

from __future__ import annotations


def test_bench_render_measures_both_terminals(monkeypatch):
    from life2_retro.commands.bench import render

    monkeypatch.setattr(render, "FRAMES", 12)
    for name in ("teletype", "crt"):
        rest, printing = render.measure(name)
        assert rest > 0 and printing > 0


def test_bench_render_times_each_effect_alone(monkeypatch):
    from life2_retro.commands.bench import render

    monkeypatch.setattr(render, "FRAMES", 6)
    monkeypatch.setattr(render, "WARM_UP", 2)
    for name, effects in (("teletype", {"strike", "curl"}), ("crt", {"bezel", "burnin", "raster"})):
        figures = render.measure_effects(name, rounds=1)
        assert {"all", "none"} | effects <= set(figures)
        assert all(rest > 0 and printing > 0 for rest, printing in figures.values())
