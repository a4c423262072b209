"""The study's figures, drawn with matplotlib from the tables (so a CSV can be plotted again alone)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .experiments import Row, number
from .outputs import plot_format, written_whole

Figure = Any


def _figure(title: str, x_label: str, y_label: str) -> tuple[Figure, Any]:
    import matplotlib

    matplotlib.use("Agg")  # files only: no display needed
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(8, 5.5), dpi=100)
    axes.set_title(title)
    axes.set_xlabel(x_label)
    axes.set_ylabel(y_label)
    axes.grid(True, alpha=0.3)
    return figure, axes


def _save(figure: Figure, path: str) -> None:
    import matplotlib.pyplot as plt

    figure.tight_layout()
    with written_whole(path) as aside:  # the name as given, even without a suffix
        figure.savefig(aside, format=plot_format(path))
    plt.close(figure)


def _errorbars(axes: Any, rows: list[Row], x: str, y: str, err: str, **style: Any) -> None:
    if rows:
        axes.errorbar(
            [row[x] for row in rows],
            [row[y] for row in rows],
            yerr=[row[err] for row in rows],
            capsize=3,
            **style,
        )


def mean_field(rows: list[Row], path: str, curve: Callable[[float], float]) -> None:
    size = rows[0]["size"]
    figure, axes = _figure(
        f"p2life: one generation after a random soup ({size} x {size}, periodic)",
        "initial density ρ",
        "density after one generation ρ′",
    )
    xs = [i / 500 for i in range(501)]
    axes.plot(xs, [curve(x) for x in xs], color="black", label="mean field ρ′ = f(ρ)")
    axes.plot([0, 1], [0, 1], ":", color="gray", label="ρ′ = ρ (the curve meets it only at 0)")
    _errorbars(
        axes, rows, "initial_density", "simulated", "stderr", fmt="o", color="tab:red", label="simulated"
    )
    axes.set_xlim(0, 1.02)
    axes.set_ylim(0, 1.15 * max(max(curve(x) for x in xs), max(number(row, "simulated") for row in rows)))
    axes.legend(loc="upper left")
    _save(figure, path)


LINES = {
    ("cutoff", 2): ("p2life, cutoff", "tab:blue", "o-"),
    ("periodic", 2): ("p2life, periodic", "tab:orange", "s-"),
    ("cutoff", 1): ("Conway's Life, cutoff", "tab:gray", "v--"),
    ("periodic", 1): ("Conway's Life, periodic", "silver", "^--"),
}


def asymptotic(rows: list[Row], path: str) -> None:
    size, runs = rows[0]["size"], rows[0]["runs"]
    figure, axes = _figure(
        f"Asymptotic density ({size} x {size}, {runs} runs a point)",
        "initial density ρ",
        "asymptotic density",
    )
    for (boundary, colours), (label, colour, style) in LINES.items():
        line = [row for row in rows if row["boundary"] == boundary and row["colours"] == colours]
        _errorbars(
            axes,
            line,
            "initial_density",
            "asymptotic_density",
            "stderr",
            fmt=style,
            color=colour,
            label=label,
        )
    axes.set_xlim(0, 1.02)
    axes.set_ylim(bottom=0)
    axes.legend()
    _save(figure, path)


def boundaries(rows: list[Row], path: str) -> None:
    size, runs = rows[0]["size"], rows[0]["runs"]
    figure, axes = _figure(
        f"Periodic over cutoff ({size} x {size}, {runs} runs a point each)",
        "initial density ρ",
        "asymptotic density, periodic / cutoff",
    )
    _errorbars(
        axes, rows, "initial_density", "periodic_over_cutoff", "ratio_stderr", fmt="o-", color="tab:purple"
    )
    axes.axhline(1.0, color="black", linewidth=1)
    axes.axhline(1.05, color="tab:red", linestyle="--", label="the paper: about 5% higher")
    axes.set_xlim(0, 1.02)
    axes.legend()
    _save(figure, path)


def sizes(rows: list[Row], path: str) -> None:
    figure, axes = _figure(
        "Asymptotic density against lattice size", "lattice side (cells)", "asymptotic density"
    )
    styles = {"cutoff": "o-", "periodic": "s--"}
    for boundary in dict.fromkeys(row["boundary"] for row in rows):
        for density in dict.fromkeys(row["initial_density"] for row in rows):
            line = [row for row in rows if row["boundary"] == boundary and row["initial_density"] == density]
            label = f"ρ = {density}, {boundary}"
            _errorbars(
                axes, line, "size", "asymptotic_density", "stderr", fmt=styles[str(boundary)], label=label
            )
    axes.set_xscale("log", base=2)
    sides = sorted({int(number(row, "size")) for row in rows})
    axes.set_xticks(sides, [str(side) for side in sides])
    axes.legend(fontsize="small")
    _save(figure, path)


def histogram(rows: list[Row], path: str) -> None:
    size = rows[0]["size"]
    densities = ", ".join(str(density) for density in dict.fromkeys(row["initial_density"] for row in rows))
    figure, axes = _figure(
        f"Loser over winner at the end ({size} x {size}; ρ = {densities})",
        "loser's population / winner's population",
        "runs",
    )
    bins = [i / 20 for i in range(21)]
    boundaries = list(dict.fromkeys(row["boundary"] for row in rows))
    values = [
        [
            float(row["loser_over_winner"])
            for row in rows
            if row["boundary"] == boundary and row["loser_over_winner"] != ""
        ]
        for boundary in boundaries
    ]
    axes.hist(
        values,
        bins=bins,
        label=[f"{boundary} ({len(v)} runs)" for boundary, v in zip(boundaries, values, strict=True)],
    )
    axes.axvline(0.5, color="tab:red", linestyle="--", label="a half")
    axes.legend()
    _save(figure, path)
