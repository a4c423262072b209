"""The mean-field curve: docs/p2life-study.md's closed form, its values, and one step on a 1024 x 1024 torus."""

from __future__ import annotations

import pytest

from life2_retro.automata.meanfield import mean_field, p2life_closed_form
from life2_retro.automata.rules import VARIANTS


def test_the_readmes_closed_form_is_the_sum_over_the_rules_table():
    for step in range(101):
        rho = step / 100
        assert p2life_closed_form(rho) == pytest.approx(mean_field(rho), abs=1e-15)


def test_a_full_lattice_keeps_seven_thirty_seconds_and_an_empty_one_stays_empty():
    """At rho = 1 only (w, b) = (5, 3) or (3, 5) survives: 56 of the 256 colourings."""
    assert mean_field(1.0) == pytest.approx(7 / 32)
    assert mean_field(0.0) == 0.0


def test_the_variants_move_the_curve_the_way_their_rules_do():
    for rho in (0.3, 0.6, 0.9):
        assert mean_field(rho, VARIANTS["1"]) < mean_field(rho)  # fewer births
        assert mean_field(rho, VARIANTS["2"]) < mean_field(rho)  # no coin births
        assert mean_field(rho, VARIANTS["3"]) < mean_field(rho)  # fewer survivals
        assert mean_field(rho, VARIANTS["4a"]) > mean_field(rho)
        assert mean_field(rho, VARIANTS["4b"]) > mean_field(rho)


def test_the_curve_lies_within_statistical_error_of_one_step_at_every_plotted_density():
    """docs/p2life-study.md's figure, made again: one generation from 10 soups on a 1024 x 1024 torus at each
    of the 21 densities plotted, from the study's default seed. The mean is within 4 standard
    errors of the curve at every one of them."""
    from life2_retro.commands.study.execution import run_points
    from life2_retro.commands.study.experiments import MeanField, Settings

    settings = Settings()
    experiment = MeanField(settings)
    assert experiment.size == 1024 and experiment.runs == 10 and len(experiment.densities) == 21
    results = run_points(experiment.needs(), settings.seed, jobs=1, scheduler=None, progress=False).results
    rows = experiment.tables(results)["mean-field"]
    for row in rows:
        assert abs(row["z"]) < 4, row
        assert row["simulated"] == pytest.approx(row["mean_field"], abs=0.003)
    assert rows[-1]["mean_field"] == pytest.approx(7 / 32)


def test_the_curves_only_fixed_point_is_zero():
    """rho' < rho for every rho > 0: iterated, the mean field would die out (the real game does not)."""
    assert all(mean_field(step / 1000) < step / 1000 for step in range(1, 1001))
