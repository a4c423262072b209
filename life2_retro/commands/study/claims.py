"""The paper's four claims, each held against our tables: true or false, with our numbers.

Each check says what it measured and by what criterion it judged, so the
verdict can be argued with. A claim whose experiment did not run is left out.
"""

from __future__ import annotations

from dataclasses import dataclass

from .experiments import Row, number

ABOUT = (0.025, 0.075)
""""About 5% higher": we call it true when the excess is between half and one and a half times that."""
SIGMAS = 3.0


@dataclass(frozen=True)
class Verdict:
    claim: str
    holds: bool
    numbers: str


def _p2life(rows: list[Row], boundary: str) -> list[Row]:
    return [row for row in rows if row["boundary"] == boundary and row["colours"] == 2]


def non_zero(asymptotic: list[Row]) -> Verdict:
    """Claim 1: non-zero asymptotic density for every non-zero initial density, unlike Conway's.
    Judged on the mean over a point's runs; the runs that died out are counted beside it."""
    parts, holds = [], True
    for boundary in dict.fromkeys(row["boundary"] for row in asymptotic):
        ours = [row for row in _p2life(asymptotic, str(boundary)) if number(row, "initial_density") > 0]
        lowest = min(ours, key=lambda row: number(row, "asymptotic_density"))
        holds = holds and number(lowest, "asymptotic_density") > 0
        emptied = [
            f"{row['ended_empty']} of {row['runs']} at ρ = {row['initial_density']}"
            for row in ours
            if row["ended_empty"]
        ]
        conway = [row for row in asymptotic if row["boundary"] == boundary and row["colours"] == 1]
        dead = [str(row["initial_density"]) for row in conway if row["ended_empty"] == row["runs"]]
        top = max(ours, key=lambda row: number(row, "initial_density"))
        conway_top = next(row for row in conway if row["initial_density"] == top["initial_density"])
        parts.append(
            f"{boundary}: lowest {number(lowest, 'asymptotic_density'):.2g} "
            f"(at ρ = {lowest['initial_density']}), "
            f"{number(top, 'asymptotic_density'):.4f} at ρ = {top['initial_density']}"
            + (f"; runs that died out: {', '.join(emptied)}" if emptied else "; no run died out")
            + ". Conway's Life on the same soups (every token white): "
            f"{number(conway_top, 'asymptotic_density'):.4f} at ρ = {top['initial_density']}"
            + (f", dead in every run at ρ = {', '.join(dead)}" if dead else "")
        )
    return Verdict(
        "The asymptotic density is non-zero for every non-zero initial density", holds, "; ".join(parts)
    )


def periodic_higher(boundaries: list[Row]) -> Verdict:
    """Claim 2: about 5% higher with periodic boundaries (pooled over the densities measured)."""
    cut = sum(number(row, "cutoff") for row in boundaries)
    per = sum(number(row, "periodic") for row in boundaries)
    cut_err = sum(number(row, "cutoff_stderr") ** 2 for row in boundaries) ** 0.5
    per_err = sum(number(row, "periodic_stderr") ** 2 for row in boundaries) ** 0.5
    ratio = per / cut
    err = ratio * ((cut_err / cut) ** 2 + (per_err / per) ** 2) ** 0.5
    excess = ratio - 1
    lowest = min(boundaries, key=lambda row: number(row, "periodic_over_cutoff"))
    highest = max(boundaries, key=lambda row: number(row, "periodic_over_cutoff"))
    return Verdict(
        "It is about 5% higher with periodic boundaries",
        ABOUT[0] <= excess <= ABOUT[1],
        f"periodic / cutoff, pooled over {len(boundaries)} densities: {ratio:.4f} ± {err:.4f} "
        f"({excess:+.1%}); from {lowest['periodic_over_cutoff']:.3f} (ρ = {lowest['initial_density']}) "
        f"to {highest['periodic_over_cutoff']:.3f} (ρ = {highest['initial_density']}); "
        f"called true for an excess from {ABOUT[0]:.1%} to {ABOUT[1]:.1%}",
    )


def size_free(sizes: list[Row]) -> Verdict:
    """Claim 3: lattice size makes no difference. Each size is held against the biggest lattice of
    its boundary and density: a difference beyond 3 combined standard errors is a difference."""
    biggest_side = max(int(number(row, "size")) for row in sizes)
    biggest = {(row["boundary"], row["initial_density"]): row for row in sizes if row["size"] == biggest_side}
    parts, holds = [], True
    for boundary in dict.fromkeys(row["boundary"] for row in sizes):
        differ: list[tuple[int, str]] = []
        for row in (row for row in sizes if row["boundary"] == boundary):
            reference = biggest[(row["boundary"], row["initial_density"])]
            gap = number(row, "asymptotic_density") - number(reference, "asymptotic_density")
            error = (number(row, "stderr") ** 2 + number(reference, "stderr") ** 2) ** 0.5
            if row is not reference and abs(gap) > SIGMAS * error:
                relative = gap / number(reference, "asymptotic_density")
                differ.append(
                    (
                        int(number(row, "size")),
                        f"{row['size']}² at ρ = {row['initial_density']} {relative:+.1%}",
                    )
                )
        holds = holds and not differ
        sides = sorted({int(number(row, "size")) for row in sizes if row["boundary"] == boundary})
        agree_from = min(
            (side for side in sides if all(size < side for size, _ in differ)), default=biggest_side
        )
        parts.append(
            f"{boundary}: "
            + (f"differ from {biggest_side}²: {', '.join(text for _, text in differ)}; " if differ else "")
            + f"every size from {agree_from}² up agrees with {biggest_side}²"
        )
    return Verdict(
        "Lattice size makes no difference",
        holds,
        f"(a difference is one beyond {SIGMAS:g} standard errors) " + "; ".join(parts),
    )


def loser_above_half(histogram: list[Row]) -> Verdict:
    """Claim 4: over 69% of runs end with the loser above half the winner's population."""
    parts, holds = [], True
    for boundary in dict.fromkeys(row["boundary"] for row in histogram):
        runs = [row for row in histogram if row["boundary"] == boundary]
        above = sum(
            1 for row in runs if row["loser_over_winner"] != "" and number(row, "loser_over_winner") > 0.5
        )
        share = above / len(runs)
        err = (share * (1 - share) / len(runs)) ** 0.5
        holds = holds and share > 0.69
        parts.append(f"{boundary}: {above} of {len(runs)} runs, {share:.1%} ± {err:.1%}")
    return Verdict(
        "Over 69% of runs end with the loser above half the winner's population", holds, "; ".join(parts)
    )


def verdicts(tables: dict[str, list[Row]]) -> list[Verdict]:
    checks = [
        ("asymptotic", non_zero),
        ("boundaries", periodic_higher),
        ("sizes", size_free),
        ("histogram", loser_above_half),
    ]
    return [check(tables[name]) for name, check in checks if tables.get(name)]


def findings(tables: dict[str, list[Row]]) -> list[str]:
    """The numbers the paper's figures show, as we measured them."""
    lines: list[str] = []
    if tables.get("mean-field"):
        rows = tables["mean-field"]
        worst = max(rows, key=lambda row: abs(number(row, "z")))
        top = max(rows, key=lambda row: number(row, "simulated"))
        lines.append(
            f"one step from a soup on {rows[0]['size']}²: highest {top['simulated']:.4f} at ρ = "
            f"{top['initial_density']} (mean field {top['mean_field']:.4f}); the largest gap from the "
            f"mean field is {worst['z']:+.2f} standard errors (ρ = {worst['initial_density']})"
        )
    if tables.get("asymptotic"):
        rows = tables["asymptotic"]
        for boundary in dict.fromkeys(row["boundary"] for row in rows):
            ours = _p2life(rows, str(boundary))
            top = max(ours, key=lambda row: number(row, "asymptotic_density"))
            last = max(ours, key=lambda row: number(row, "initial_density"))
            lines.append(
                f"asymptotic density, {boundary}: highest "
                f"{top['asymptotic_density']:.4f} ± {top['stderr']:.4f} at ρ = {top['initial_density']}; "
                f"{last['asymptotic_density']:.4f} ± {last['stderr']:.4f} at ρ = {last['initial_density']}"
            )
    return lines
