"""`life2 bench --render`: frames per second, measured."""

from __future__ import annotations


def test_bench_render_measures_both_terminals(monkeypatch):
    from life2_retro.commands.bench import render

    monkeypatch.setattr(render, "FRAMES", 12)
    for name in ("teletype", "crt"):
        rest, printing = render.measure(name)
        assert rest > 0 and printing > 0
