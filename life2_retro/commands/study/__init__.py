"""`life2 study p2life`: the density study of Levene and Roussos's paper, reproducible from one seed.

With no --experiment it runs the command line's own sweep (asymptotic density
at the densities given, on one lattice and boundary) and writes its CSV.
`--experiment NAME` (or `all`) runs the paper's experiments with their own
defaults, writing a CSV and a PNG for each into --out, and holds the paper's
claims against the results. The runs are done in this process, on N cores
(`--jobs N`) or on a Dask cluster (`--scheduler ADDRESS`), by the same code.

Everything it will write is checked before the first run (outputs.py), and a
scheduler's address too (scheduler.py). Ctrl-C or SIGTERM stops a study at
once, leaving no worker behind (stopping.py, execution.py): the runs that
finished are written, said to be partial, and the status is 130 or 143.

NumPy, Numba, matplotlib and tqdm come with the `study` extra, Dask with the
`dask` extra; nothing heavy is imported until the study runs.
"""

from __future__ import annotations

import argparse
import csv
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from ...automata.rules import VARIANTS, rules_for
from ...automata.runs import GENERATION_CAP, PERIOD_BOUND
from ...automata.soup import BOUNDARIES, check_density
from ...terminals.options import whole_number
from .experiments import EXPERIMENTS, Row, Settings, Sweep
from .tasks import Point

if TYPE_CHECKING:
    from .execution import Outcome

SUMMARY = "p2life's density study: asymptotic density, boundaries, sizes, loser/winner, mean field"
LARGEST = 8192
"""The biggest lattice side accepted: two bit-planes of 8 MiB each, and a soup drawn in 1 GiB."""


def lattice_side(text: str) -> int:
    try:
        value = whole_number(text)
    except ValueError:
        value = 0
    if not 1 <= value <= LARGEST:
        raise argparse.ArgumentTypeError(
            f"a lattice side is a whole number from 1 to {LARGEST}, not {text!r}"
        )
    return value


SIZES_SIDES = (16, 4096)
"""The sizes experiment's lattices, smallest to biggest: the paper's range."""


def sides(text: str) -> tuple[int, ...]:
    """N[,N...]: the sizes experiment's sides, each within SIZES_SIDES."""
    low, high = SIZES_SIDES
    chosen = []
    for part in text.split(","):
        try:
            side = whole_number(part)
        except ValueError:
            side = 0
        if not low <= side <= high:
            raise argparse.ArgumentTypeError(
                f"a side of the sizes experiment is a whole number from {low} to {high}, not {part!r}"
            )
        chosen.append(side)
    return tuple(chosen)


def densities(text: str) -> tuple[float, ...]:
    """D[,D...]: each a probability from 0 to 1."""
    chosen = []
    for part in text.split(","):
        try:
            # + 0.0 makes -0 the 0 it is: the table would say -0.0
            chosen.append(check_density(float(part)) + 0.0)
        except ValueError:
            raise argparse.ArgumentTypeError(f"a density is a number from 0 to 1, not {part!r}") from None
    return tuple(chosen)


def at_least(least: int, what: str) -> Callable[[str], int]:
    def parse(text: str) -> int:
        try:
            value = whole_number(text)
        except ValueError:
            value = least - 1
        if value < least:
            raise argparse.ArgumentTypeError(f"{what} is a whole number of at least {least}, not {text!r}")
        return value

    return parse


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("automaton", choices=["p2life"], help="the game studied")
    parser.add_argument(
        "--experiment",
        choices=["sweep", *EXPERIMENTS, "all"],
        default="sweep",
        help="sweep (default): asymptotic density at --density on one --boundary, to --csv; "
        "or one of the paper's experiments, or all of them, to --out",
    )
    parser.add_argument(
        "--size", type=lattice_side, metavar="N", help="lattice side (default 256; mean-field 1024)"
    )
    parser.add_argument(
        "--sizes",
        type=sides,
        metavar="N,N...",
        help=f"the sizes experiment's sides ({SIZES_SIDES[0]} to {SIZES_SIDES[1]})",
    )
    parser.add_argument(
        "--density", type=densities, metavar="D[,D...]", help="initial densities (default 0.05, 0.1 ... 1)"
    )
    parser.add_argument("--runs", type=at_least(1, "--runs"), metavar="R", help="runs a point (default 100)")
    parser.add_argument(
        "--boundary",
        choices=[*BOUNDARIES, "both"],
        help="cutoff or periodic (sweep default cutoff; others both)",
    )
    parser.add_argument(
        "--seed", type=at_least(0, "--seed"), default=1, metavar="S", help="the study's seed (default 1)"
    )
    parser.add_argument(
        "--variant", choices=list(VARIANTS), default="0", help="the paper's rule variant (0: p2life)"
    )
    parser.add_argument(
        "--cap",
        type=at_least(1, "--cap"),
        default=GENERATION_CAP,
        metavar="G",
        help="generation cap of a run",
    )
    parser.add_argument(
        "--period-bound",
        type=at_least(1, "--period-bound"),
        default=PERIOD_BOUND,
        metavar="P",
        help=f"longest cycle looked for (default {PERIOD_BOUND})",
    )
    parser.add_argument("--csv", metavar="FILE", help="the sweep's table (default: stdout)")
    parser.add_argument("--plot", metavar="PNG", help="the sweep's plot")
    parser.add_argument("--out", metavar="DIR", default=".", help="where the experiments' CSVs and PNGs go")
    parser.add_argument(
        "--jobs", type=at_least(1, "--jobs"), default=1, metavar="N", help="processes (default 1)"
    )
    parser.add_argument("--scheduler", metavar="ADDRESS", help="run on this Dask scheduler (tcp://host:port)")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")
    parser.add_argument(
        "--replot",
        action="store_true",
        help="run nothing: draw the plots and judge the claims again from the CSVs already in --out",
    )


def _checked(args: argparse.Namespace, parser: argparse.ArgumentParser) -> Settings:
    sweep = args.experiment == "sweep"
    if not sweep and (args.csv or args.plot):
        parser.error("--csv and --plot are the sweep's: the experiments write to --out")
    _check_outputs(args, parser)
    boundaries = (
        None if args.boundary is None else BOUNDARIES if args.boundary == "both" else (args.boundary,)
    )
    return Settings(
        seed=args.seed,
        variant=args.variant,
        cap=args.cap,
        period_bound=args.period_bound,
        size=args.size,
        sizes=args.sizes,
        densities=args.density,
        runs=args.runs,
        boundaries=boundaries,
    )


def _check_outputs(args: argparse.Namespace, parser: argparse.ArgumentParser) -> None:
    """Every file the study will write, and the plot's format, before the first run (outputs.py)."""
    from . import outputs

    problems: list[tuple[str, str | None]] = []
    if args.experiment == "sweep":
        if args.csv not in (None, "-"):
            problems.append((args.csv, outputs.why_not_writable(args.csv)))
        if args.plot is not None:
            problems.append((args.plot, outputs.why_not_writable(args.plot)))
            problems.append((args.plot, outputs.why_not_drawable(args.plot)))
    else:
        problems.append((args.out, outputs.why_not_a_folder(args.out)))
        if os.path.isdir(args.out):
            prefix = _prefix(args.variant)
            names = list(EXPERIMENTS) if args.experiment == "all" else [args.experiment]
            files = [f"{prefix}-{name}{suffix}" for name in names for suffix in (".csv", ".png")]
            for name in [*files, f"{prefix}-claims.md"]:
                path = os.path.join(args.out, name)
                problems.append((path, outputs.why_not_writable(path)))
    for path, problem in problems:
        if problem is not None:
            parser.error(f"cannot write {path}: {problem}")


def write_csv(rows: list[Row], path: str | None) -> None:
    """A table with a header row, to a file or (no path, or -) to stdout."""
    if path in (None, "-"):
        _write(rows, sys.stdout)
        return
    from .outputs import written_whole

    with written_whole(path) as aside, open(aside, "w", newline="", encoding="utf-8") as out:
        _write(rows, out)


def _write(rows: list[Row], out: TextIO) -> None:
    writer = csv.DictWriter(out, fieldnames=list(rows[0]), lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)


def main(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    """The study, its exit status made as every command's is (running.py): Ctrl-C outside the runs
    (while the tables are written) is 130 too, a closed stdout ends quietly."""
    from ..extras import require_extra
    from ..running import run_command

    if not require_extra("study", f"the study of {args.automaton}", "study"):
        return 2
    status = 0

    def study() -> None:
        nonlocal status
        status = _study(args, parser)

    return run_command("study", study) or status


def _study(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    from . import journal
    from .execution import StudyError, run_points

    settings = _checked(args, parser)
    if args.replot:
        return replot(args, parser, settings)
    if args.experiment == "sweep":
        experiments: list[Sweep] = [Sweep(settings)]
    else:
        names = list(EXPERIMENTS) if args.experiment == "all" else [args.experiment]
        experiments = [EXPERIMENTS[name](settings) for name in names]
    needs: dict[Point, int] = {}
    for experiment in experiments:
        for point, runs in experiment.needs().items():
            needs[point] = max(runs, needs.get(point, 0))
    kept_in = journal.journal_path(needs, settings.seed)
    kept = journal.load(kept_in, needs)
    if kept:
        count = sum(len(runs) for runs in kept.values())
        print(
            f"life2 study: going on from the {count} runs a study stopped before kept in {kept_in}",
            file=sys.stderr,
        )
    try:
        outcome = run_points(needs, settings.seed, args.jobs, args.scheduler, not args.no_progress, kept)
    except StudyError as exc:
        print(f"life2 study: {exc}", file=sys.stderr)
        return 2
    if not outcome.whole:
        return _write_partial(outcome, experiments, args, settings, kept_in)
    tables: dict[str, list[Row]] = {}
    for experiment in experiments:
        tables.update(experiment.tables(outcome.results))
    try:
        if args.experiment == "sweep":
            write_csv(tables["sweep"], args.csv)
            if args.plot:
                from . import plots

                plots.asymptotic(tables["sweep"], args.plot)
        else:
            report(tables, args.out, settings.variant)
    except OSError as exc:
        print(f"life2 study: {exc}", file=sys.stderr)
        return 2
    journal.remove(kept_in)
    return 0


def _write_partial(
    outcome: Outcome,
    experiments: list[Sweep],
    args: argparse.Namespace,
    settings: Settings,
    kept_in: Path,
) -> int:
    """A study a signal stopped, or whose scheduler went away: the runs that finished, said to be
    partial, and kept for the same command to go on from (journal.py); the status is 128 + the
    signal, or 2 for a study that failed.

    A point's partial row holds its runs from run 0 on that finished in a row: since a run's seed
    depends on nothing but the study's seed, the point and the run's number, it is the very row a
    study asking for that many runs gives. The sweep's table goes where it was asked to, without
    its plot (a figure cannot say it is partial). An experiment whose every run finished is
    written whole, with its plot and claims; the others' rows go to NAME-partial.csv, which
    --replot does not read and no claim is judged on."""
    stop = outcome.stopped
    why = f"stopped by {stop.name}" if stop is not None else outcome.lost
    said = f"life2 study: {why} after {outcome.finished} of {outcome.asked} runs"
    _partial_tables(outcome, experiments, args, settings, said)
    _keep(outcome, kept_in)
    return stop.status if stop is not None else 2


def _partial_tables(
    outcome: Outcome, experiments: list[Sweep], args: argparse.Namespace, settings: Settings, said: str
) -> None:
    kept = {point: runs for point, runs in outcome.results.items() if runs}
    if not kept:
        print(f"{said}; no point has a finished run, so nothing is written", file=sys.stderr)
        return
    partial = "each point's runs from run 0 up to its first unfinished one, as its runs column says"
    try:
        if args.experiment == "sweep":
            write_csv(experiments[0].tables(kept)["sweep"], args.csv)
            rows = sum(len(runs) for runs in kept.values())
            unplotted = "; no plot" if args.plot else ""
            print(f"{said}; a partial table of {rows}: {partial}{unplotted}", file=sys.stderr)
            return
        whole = [
            experiment
            for experiment in experiments
            if all(len(outcome.results[point]) >= runs for point, runs in experiment.needs().items())
        ]
        tables: dict[str, list[Row]] = {}
        for experiment in whole:
            tables.update(experiment.tables(outcome.results))
        if tables:
            report(tables, args.out, settings.variant)
        print(f"{said}; {', '.join(tables) or 'no experiment'} finished whole", file=sys.stderr)
        for experiment in experiments:
            if experiment in whole:
                continue
            for name, table in experiment.tables(kept).items():
                if table:
                    path = os.path.join(args.out, f"{_prefix(settings.variant)}-{name}-partial.csv")
                    os.makedirs(args.out, exist_ok=True)
                    write_csv(table, path)
                    print(f"life2 study: wrote {path}, a partial table: {partial}", file=sys.stderr)
    except OSError as exc:
        print(f"life2 study: {exc}", file=sys.stderr)


def _keep(outcome: Outcome, kept_in: Path) -> None:
    """Every finished run, for the same command to go on from; said on stderr."""
    from . import journal

    count = sum(len(runs) for runs in outcome.runs.values())
    if not count:
        return
    try:
        journal.save(kept_in, outcome.runs)
    except OSError as exc:
        print(f"life2 study: cannot keep the {count} finished runs for later: {exc}", file=sys.stderr)
        return
    print(
        f"life2 study: the {count} finished runs are kept in {kept_in}: the same command goes on from them",
        file=sys.stderr,
    )


def _cell(text: str) -> str | float:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def read_csv(path: str) -> list[Row]:
    with open(path, newline="", encoding="utf-8") as table:
        return [{key: _cell(value) for key, value in row.items()} for row in csv.DictReader(table)]


def replot(args: argparse.Namespace, parser: argparse.ArgumentParser, settings: Settings) -> int:
    if args.experiment == "sweep":
        parser.error("--replot is for the experiments' CSVs in --out: name one, or all")
    names = list(EXPERIMENTS) if args.experiment == "all" else [args.experiment]
    prefix = _prefix(settings.variant)
    try:
        tables = {name: read_csv(os.path.join(args.out, f"{prefix}-{name}.csv")) for name in names}
        report(tables, args.out, settings.variant)
    except (OSError, KeyError, ValueError) as exc:
        print(f"life2 study: cannot replot from {args.out}: {exc}", file=sys.stderr)
        return 2
    return 0


def _prefix(variant: str) -> str:
    return "p2life" if variant == "0" else f"p2life-variant-{variant}"


def report(tables: dict[str, list[Row]], folder: str, variant: str) -> None:
    """Each table as a CSV and a PNG in `folder`, then the claims and findings, printed and saved."""
    from functools import partial

    from ...automata.meanfield import mean_field
    from . import claims, plots
    from .outputs import written_whole

    os.makedirs(folder, exist_ok=True)
    prefix = _prefix(variant)
    drawers: dict[str, Callable[[list[Row], str], None]] = {
        "mean-field": partial(plots.mean_field, curve=partial(mean_field, rules=rules_for(variant))),
        "asymptotic": plots.asymptotic,
        "boundaries": plots.boundaries,
        "sizes": plots.sizes,
        "histogram": plots.histogram,
    }
    for name, rows in tables.items():
        base = os.path.join(folder, f"{prefix}-{name}")
        write_csv(rows, base + ".csv")
        drawers[name](rows, base + ".png")
        print(f"wrote {base}.csv and {base}.png")
    lines = [f"* {line}" for line in claims.findings(tables)]
    for verdict in claims.verdicts(tables):
        lines.append(f"* **{verdict.claim}: {'true' if verdict.holds else 'false'}.** {verdict.numbers}")
    if lines:
        text = "\n".join(lines) + "\n"
        print(text, end="")
        claims_path = os.path.join(folder, f"{prefix}-claims.md")
        with written_whole(claims_path) as aside, open(aside, "w", encoding="utf-8") as out:
            out.write(text)
