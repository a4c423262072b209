"""The paper's experiments: which runs each needs, and the table each makes of them.

An experiment names the points it needs (tasks.py) and how many runs of each;
the study runs all the chosen experiments' points in one go (a point two
experiments share is run once) and hands each experiment its results to
tabulate. Plots and claims are made from the tables (plots.py, claims.py).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from ...automata.meanfield import mean_field
from ...automata.rules import rules_for
from ...automata.runs import ENDS, GENERATION_CAP, PERIOD_BOUND, RunEnd
from .tasks import Point

Row = dict[str, str | float]
Results = dict[Point, list[RunEnd]]

EVERY_TWENTIETH = tuple(round(0.05 * step, 2) for step in range(1, 21))
LOW = (0.01, 0.02, 0.03)
"""Near zero, where a game whose density dies out would show it first."""
HISTOGRAM_DENSITIES = (0.25, 0.5, 0.75, 1.0)
SIZES = (16, 32, 64, 128, 256, 512, 1024, 2048, 4096)
SIZE = 256
"""The lattice of the asymptotic curve, the boundaries and the histogram: big enough that a run's
edge is a small part of it, small enough for 100 runs at 23 densities, both boundaries and
Conway's Life beside them, in minutes on two cores."""
MEAN_FIELD_SIZE = 1024
MEAN_FIELD_LATTICES = 10


@dataclass(frozen=True)
class Settings:
    """The command line's choices; None: the experiment's own default."""

    seed: int = 1
    variant: str = "0"
    cap: int = GENERATION_CAP
    period_bound: int = PERIOD_BOUND
    size: int | None = None
    sizes: tuple[int, ...] | None = None
    densities: tuple[float, ...] | None = None
    runs: int | None = None
    boundaries: tuple[str, ...] | None = None

    def point(self, size: int, boundary: str, density: float, colours: int = 2) -> Point:
        return Point(size, boundary, density, self.variant, colours, self.cap, self.period_bound)


def number(row: Row, column: str) -> float:
    """A numeric cell of a table."""
    return float(row[column])


def summary_of(values: Sequence[float]) -> tuple[float, float]:
    """(mean, standard error of the mean); the error is NaN for fewer than two values."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, float("nan")
    variance = sum((value - mean) ** 2 for value in values) / (n - 1)
    return mean, (variance / n) ** 0.5


def point_row(point: Point, runs: list[RunEnd]) -> Row:
    """A point's line in a density table: the CSV columns the command line promises, then how the
    runs ended."""
    density, stderr = summary_of([run.density for run in runs])
    ends = Counter(run.end for run in runs)
    ratios = [run.loser_over_winner for run in runs]
    both_left = [ratio for ratio in ratios if ratio is not None]
    return {
        "initial_density": point.density,
        "boundary": point.boundary,
        "size": point.size,
        "runs": len(runs),
        "asymptotic_density": density,
        "stderr": stderr,
        "variant": point.variant,
        "colours": point.colours,
        **{f"ended_{end}": ends[end] for end in ENDS},
        "coin_in_cycle": sum(run.coin_in_cycle for run in runs),
        "mean_settled": sum(run.settled for run in runs) / len(runs),
        "max_settled": max(run.settled for run in runs),
        "loser_over_half_winner": sum(ratio > 0.5 for ratio in both_left) / len(runs),
    }


class Sweep:
    """The command line's own experiment: asymptotic density at the given densities and boundary."""

    name = "sweep"

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.size = settings.size or SIZE
        self.runs = settings.runs or 100
        self.densities = settings.densities or EVERY_TWENTIETH
        self.boundaries = settings.boundaries or ("cutoff",)

    def needs(self) -> dict[Point, int]:
        return {
            self.settings.point(self.size, boundary, density): self.runs
            for boundary in self.boundaries
            for density in self.densities
        }

    def tables(self, results: Results) -> dict[str, list[Row]]:
        return {"sweep": [point_row(point, results[point]) for point in self.needs() if results.get(point)]}


class Asymptotic(Sweep):
    """Asymptotic density against initial density, both boundaries, with Conway's Life beside it."""

    name = "asymptotic"

    def __init__(self, settings: Settings) -> None:
        super().__init__(settings)
        self.densities = settings.densities or tuple(sorted(LOW + EVERY_TWENTIETH))
        self.boundaries = settings.boundaries or ("cutoff", "periodic")

    def needs(self) -> dict[Point, int]:
        return {
            self.settings.point(self.size, boundary, density, colours): self.runs
            for colours in (2, 1)
            for boundary in self.boundaries
            for density in self.densities
        }

    def tables(self, results: Results) -> dict[str, list[Row]]:
        rows = [point_row(point, results[point]) for point in self.needs() if results.get(point)]
        return {"asymptotic": rows}


class Boundaries(Asymptotic):
    """Periodic against cutoff: the same runs as the asymptotic curve, as a ratio at each density."""

    name = "boundaries"

    def needs(self) -> dict[Point, int]:
        return {
            self.settings.point(self.size, boundary, density): self.runs
            for boundary in ("cutoff", "periodic")
            for density in self.densities
        }

    def tables(self, results: Results) -> dict[str, list[Row]]:
        rows = []
        for density in self.densities:
            cutoff = results.get(self.settings.point(self.size, "cutoff", density))
            periodic = results.get(self.settings.point(self.size, "periodic", density))
            if not (cutoff and periodic):
                continue  # a study stopped early: this density has no ratio
            runs = min(len(cutoff), len(periodic))  # the same runs of each, when stopped early
            cutoff, periodic = cutoff[:runs], periodic[:runs]
            cut, cut_err = summary_of([run.density for run in cutoff])
            per, per_err = summary_of([run.density for run in periodic])
            ratio = per / cut if cut else float("nan")
            ratio_err = (
                ratio * ((cut_err / cut) ** 2 + (per_err / per) ** 2) ** 0.5 if cut and per else float("nan")
            )
            rows.append(
                {
                    "initial_density": density,
                    "size": self.size,
                    "runs": runs,
                    "cutoff": cut,
                    "cutoff_stderr": cut_err,
                    "periodic": per,
                    "periodic_stderr": per_err,
                    "periodic_over_cutoff": ratio,
                    "ratio_stderr": ratio_err,
                }
            )
        return {"boundaries": rows}


class Sizes(Sweep):
    """Asymptotic density against lattice size, from 16 x 16 to 4096 x 4096.

    Up to 256 x 256 every size gets the runs asked for; a bigger lattice gets as many runs as hold
    the same number of cells (at least 10), since one run of it averages over more cells already."""

    name = "sizes"

    def __init__(self, settings: Settings) -> None:
        super().__init__(settings)
        self.sizes = settings.sizes or SIZES
        self.densities = settings.densities or (0.25, 0.5, 1.0)
        self.boundaries = settings.boundaries or ("cutoff", "periodic")

    def runs_at(self, size: int) -> int:
        if size <= SIZE:
            return self.runs
        return max(min(10, self.runs), round(self.runs * (SIZE / size) ** 2))

    def needs(self) -> dict[Point, int]:
        return {
            self.settings.point(size, boundary, density): self.runs_at(size)
            for boundary in self.boundaries
            for density in self.densities
            for size in self.sizes
        }

    def tables(self, results: Results) -> dict[str, list[Row]]:
        return {"sizes": [point_row(point, results[point]) for point in self.needs() if results.get(point)]}


class Histogram(Sweep):
    """Loser over winner at the end of each run: 100 runs at each of 0.25, 0.5, 0.75 and 1.0."""

    name = "histogram"

    def __init__(self, settings: Settings) -> None:
        super().__init__(settings)
        self.densities = settings.densities or HISTOGRAM_DENSITIES
        self.boundaries = settings.boundaries or ("cutoff", "periodic")

    def tables(self, results: Results) -> dict[str, list[Row]]:
        rows: list[Row] = []
        for point in self.needs():
            for number, run in enumerate(results.get(point, [])):
                ratio = run.loser_over_winner
                rows.append(
                    {
                        "initial_density": point.density,
                        "boundary": point.boundary,
                        "size": point.size,
                        "run": number,
                        "white": run.white,
                        "black": run.black,
                        "loser_over_winner": "" if ratio is None else ratio,
                        "end": run.end,
                        "settled": run.settled,
                    }
                )
        return {"histogram": rows}


class MeanField(Sweep):
    """The mean-field curve beside one generation from soups on a 1024 x 1024 torus (no edges, so
    the one-step density's expectation is the curve exactly)."""

    name = "mean-field"

    def __init__(self, settings: Settings) -> None:
        super().__init__(settings)
        self.size = settings.size or MEAN_FIELD_SIZE
        self.runs = settings.runs or MEAN_FIELD_LATTICES
        self.densities = settings.densities or (0.0, *EVERY_TWENTIETH)

    def point_for(self, density: float) -> Point:
        return Point(self.size, "periodic", density, self.settings.variant, 2, 1, self.settings.period_bound)

    def needs(self) -> dict[Point, int]:
        return {self.point_for(density): self.runs for density in self.densities}

    def tables(self, results: Results) -> dict[str, list[Row]]:
        rules = rules_for(self.settings.variant)
        rows: list[Row] = []
        for density in self.densities:
            runs = results.get(self.point_for(density))
            if not runs:
                continue  # a study stopped early
            simulated, stderr = summary_of([run.density for run in runs])
            expected = mean_field(density, rules)
            gap = simulated - expected
            rows.append(
                {
                    "initial_density": density,
                    "mean_field": expected,
                    "simulated": simulated,
                    "stderr": stderr,
                    "size": self.size,
                    "lattices": len(runs),
                    "z": gap / stderr if stderr else (0.0 if gap == 0 else float("inf")),
                }
            )
        return {"mean-field": rows}


EXPERIMENTS: dict[str, type[Sweep]] = {
    experiment.name: experiment for experiment in (MeanField, Asymptotic, Boundaries, Sizes, Histogram)
}
"""What `--experiment all` runs, in this order."""
