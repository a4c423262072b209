"""A run's end, found from the records of many generations a call to the engine, against the check
made a generation at a time, as runs.py made it before (written again here as the oracle)."""

from __future__ import annotations

from collections import deque

import numpy as np
import pytest

from life2_retro.automata.engine import Engine
from life2_retro.automata.rules import VARIANTS
from life2_retro.automata.runs import RunEnd, run_to_end
from life2_retro.automata.soup import random_soup


def every_generation(engine: Engine, period_bound: int, cap: int) -> RunEnd:
    """A digest every generation, each looked for among the last period_bound."""
    seen: dict[int, int] = {}
    window: deque[tuple[int, int, int]] = deque()
    cells = engine.height * engine.width
    while engine.generation < cap:
        engine.step()
        generation, digest = engine.generation, engine.digest
        window.append((digest, engine.whites + engine.blacks, engine.coins_tossed))
        if len(window) > period_bound + 1:
            oldest, _, _ = window.popleft()
            if seen.get(oldest) == generation - period_bound - 1:
                del seen[oldest]
        first = seen.get(digest)
        if first is not None:
            period = generation - first
            cycle = [population for _, population, _ in list(window)[-period:]]
            end = "empty" if engine.whites + engine.blacks == 0 else "still" if period == 1 else "periodic"
            coin_in_cycle = engine.coins_tossed != window[-1 - period][2]
            return RunEnd(
                end, first, period, engine.whites, engine.blacks, sum(cycle) / period / cells, coin_in_cycle
            )
        seen[digest] = generation
    population = engine.whites + engine.blacks
    return RunEnd("cap", cap, 0, engine.whites, engine.blacks, population / cells, False)


@pytest.mark.parametrize("boundary", ["cutoff", "periodic"])
def test_a_run_ends_where_a_digest_every_generation_ends_it(boundary):
    """Runs that end still, periodic (some with the coin in the cycle) and at the cap, with bounds
    from 2 to 64, every variant."""
    rng = np.random.default_rng(25)
    ends = set()
    for trial in range(16):
        side = int(rng.choice([8, 12, 16, 24]))
        density = float(rng.choice([0.05, 0.3, 0.5, 0.9]))
        period_bound = int(rng.choice([2, 3, 8, 64]))
        cap = int(rng.choice([200, 600]))
        variant = str(rng.choice(list(VARIANTS)))
        soup = random_soup((side, side), density, rng)
        seed = int(rng.integers(2**63))
        rules = VARIANTS[variant]
        expected = every_generation(Engine(soup, boundary, seed, rules), period_bound, cap)
        got = run_to_end(Engine(soup, boundary, seed, rules), period_bound, cap)
        assert got == expected, (trial, side, density, period_bound, cap, variant)
        ends.add(expected.end)
    assert len(ends) >= 2
