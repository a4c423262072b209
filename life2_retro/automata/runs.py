"""A run: a random soup stepped until it is still or periodic, found by hashing, or until the cap.

Each state's 64-bit hash (engine.py) is kept with its generation for as long
as the period bound; a state seen again within the bound ends the run, and
the distance between the two sightings is the period. A glider circling a
torus never meets its own past within the bound, so the generation cap ends
such a run ("cap"). A state whose cycle needed a coin (3 and 3 around an empty
cell) is not certain to repeat: its run ends all the same, and says so.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .rules import P2LIFE, Rules
from .soup import check_boundary, random_soup

ENDS = ("empty", "still", "periodic", "cap")
PERIOD_BOUND = 64
"""Long enough for every common oscillator (the pentadecathlon's 15); a glider on a torus of n cells a side
needs 4n."""
GENERATION_CAP = 20_000


@dataclass(frozen=True)
class RunEnd:
    """How one run ended, and what was left."""

    end: str
    """One of ENDS."""
    settled: int
    """The generation the final state (or cycle) was first reached; the cap for a run the cap ended."""
    period: int
    """1 for a still life (and an empty lattice), 0 for a run the cap ended."""
    white: int
    black: int
    density: float
    """Tokens per cell, averaged over the final cycle (the final state, for a run the cap ended)."""
    coin_in_cycle: bool

    @property
    def loser_over_winner(self) -> float | None:
        """The smaller population over the larger; None when both died out."""
        winner = max(self.white, self.black)
        return None if winner == 0 else min(self.white, self.black) / winner


class RunAbandoned(Exception):
    """The run's caller no longer wants it (a cancelled task on a cluster)."""


ASK_EVERY = 8
"""Generations between two questions to `wanted`: a question is a dictionary look-up, and eight
generations of a 512 x 512 lattice take a few milliseconds, so a run gives up at once."""


def run_to_end(
    engine: Any,
    period_bound: int = PERIOD_BOUND,
    cap: int = GENERATION_CAP,
    wanted: Callable[[], bool] | None = None,
) -> RunEnd:
    """Step `engine` (an engine.Engine) until its state repeats within `period_bound` or the cap;
    RunAbandoned as soon as `wanted`, asked every few generations, says no."""
    seen: dict[int, int] = {}
    window: deque[tuple[int, int, int]] = deque()
    """(hash, population, coins tossed so far) of the last period_bound + 1 generations."""
    cells = engine.height * engine.width
    while engine.generation < cap:
        if wanted is not None and engine.generation % ASK_EVERY == 0 and not wanted():
            raise RunAbandoned
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
            population = engine.whites + engine.blacks
            end = "empty" if population == 0 else "still" if period == 1 else "periodic"
            coin_in_cycle = engine.coins_tossed != window[-1 - period][2]
            density = sum(cycle) / period / cells
            return RunEnd(end, first, period, engine.whites, engine.blacks, density, coin_in_cycle)
        seen[digest] = generation
    population = engine.whites + engine.blacks
    return RunEnd("cap", cap, 0, engine.whites, engine.blacks, population / cells, False)


def soup_run(
    size: int,
    density: float,
    boundary: str,
    seed: Any,
    rules: Rules = P2LIFE,
    period_bound: int = PERIOD_BOUND,
    cap: int = GENERATION_CAP,
    white_share: float = 0.5,
    wanted: Callable[[], bool] | None = None,
) -> RunEnd:
    """One run of the study from its own seed (an int or a NumPy SeedSequence): the soup and then the
    coins' seed are drawn from it. `wanted`: see run_to_end."""
    import numpy as np

    from .engine import Engine

    check_boundary(boundary)
    rng = np.random.default_rng(seed)
    lattice = random_soup((size, size), density, rng, white_share)
    coin_seed = int(rng.integers(0, 2**64, dtype=np.uint64))
    return run_to_end(Engine(lattice, boundary, coin_seed, rules), period_bound, cap, wanted)
