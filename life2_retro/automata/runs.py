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
from collections.abc import Callable, Iterator
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


ASK_CELLS = 1 << 22
"""Cell-updates between two questions to `wanted`: a question is a dictionary look-up, and four
million cell-updates take under a millisecond, so a run gives up at once; the engine is asked for
that many generations in one call (a generation of a small lattice takes less time than Python
takes to ask for one)."""


class _Window:
    """The end-of-run check, a generation at a time: each generation's digest is looked for among
    those of the generations up to `period_bound` before it.

    Kept for each of the last period_bound + 1 generations: (digest, population, coins tossed so
    far); and the generation each digest was last seen."""

    def __init__(self, period_bound: int, cells: int) -> None:
        self.period_bound = period_bound
        self.cells = cells
        self.seen: dict[int, int] = {}
        self.window: deque[tuple[int, int, int]] = deque()

    def add(self, generation: int, digest: int, whites: int, blacks: int, coins: int) -> RunEnd | None:
        """The run's end if this generation's state was seen within the bound, else None."""
        window, seen = self.window, self.seen
        window.append((digest, whites + blacks, coins))
        if len(window) > self.period_bound + 1:
            oldest, _, _ = window.popleft()
            if seen.get(oldest) == generation - self.period_bound - 1:
                del seen[oldest]
        first = seen.get(digest)
        if first is None:
            seen[digest] = generation
            return None
        period = generation - first
        cycle = [population for _, population, _ in list(window)[-period:]]
        end = "empty" if whites + blacks == 0 else "still" if period == 1 else "periodic"
        coin_in_cycle = coins != window[-1 - period][2]
        density = sum(cycle) / period / self.cells
        return RunEnd(end, first, period, whites, blacks, density, coin_in_cycle)


def _records(
    engine: Any, generations: int, digests: bool, wanted: Callable[[], bool] | None
) -> Iterator[tuple[int, int, int, int, int]]:
    """Step `engine` `generations` times: (generation, digest, whites, blacks, coins tossed so far)
    of each, asking `wanted` before each call to the engine."""
    from .engine import BLACKS, COINS, DIGEST, WHITES

    per_call = max(1, ASK_CELLS // (engine.height * engine.width))
    done = 0
    while done < generations:
        if wanted is not None and not wanted():
            raise RunAbandoned
        first, coins = engine.generation, engine.coins_tossed
        records = engine.advance(min(per_call, generations - done), digests)
        for row, (whites, blacks, tossed, digest) in enumerate(
            records[:, [WHITES, BLACKS, COINS, DIGEST]].tolist()
        ):
            coins += tossed
            yield first + row + 1, digest, whites, blacks, coins
        done += len(records)


def run_to_end(
    engine: Any,
    period_bound: int = PERIOD_BOUND,
    cap: int = GENERATION_CAP,
    wanted: Callable[[], bool] | None = None,
) -> RunEnd:
    """Step `engine` (an engine.Engine) until its state repeats within `period_bound` or the cap;
    RunAbandoned as soon as `wanted`, asked every few million cell-updates, says no.

    Every generation's digest is looked at. Fewer would do if a state that came back kept coming
    back, but a coin breaks that: two equal states toss their coins at different places in the
    stream, and the run may leave a cycle it had closed. A check that skipped generations found a
    different end in one run of 120 (tests/automata/test_runs.py holds this one to the oracle)."""
    cells = engine.height * engine.width
    window = _Window(period_bound, cells)
    for generation, digest, whites, blacks, coins in _records(engine, cap - engine.generation, True, wanted):
        found = window.add(generation, digest, whites, blacks, coins)
        if found is not None:
            return found
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
