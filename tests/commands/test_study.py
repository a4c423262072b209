"""`life2 study p2life`: the command line the issue gives, the same numbers on one core, two and a
Dask cluster, every experiment's files, and clear errors for bad input."""

from __future__ import annotations

import csv
import socket

import pytest

from life2_retro.cli import main

SWEEP = ["study", "p2life", "--size", "24", "--density", "0.2,0.6", "--runs", "4", "--seed", "5"]
REQUIRED = ["initial_density", "boundary", "size", "runs", "asymptotic_density", "stderr"]


def rows(path) -> list[dict[str, str]]:
    with open(path, newline="") as table:
        return list(csv.DictReader(table))


def test_the_issues_command_line_writes_the_promised_csv(tmp_path):
    out = tmp_path / "sweep.csv"
    assert main([*SWEEP, "--boundary", "periodic", "--csv", str(out)]) == 0
    table = rows(out)
    assert list(table[0])[: len(REQUIRED)] == REQUIRED
    assert [row["initial_density"] for row in table] == ["0.2", "0.6"]
    for row in table:
        assert (row["boundary"], row["size"], row["runs"]) == ("periodic", "24", "4")
        assert 0 < float(row["asymptotic_density"]) < 0.2 and float(row["stderr"]) > 0
        ended = sum(int(row[f"ended_{end}"]) for end in ("empty", "still", "periodic", "cap"))
        assert ended == 4  # every run says how it ended


def test_the_sweep_is_reproducible_from_its_seed_and_changes_with_it(tmp_path, capsys):
    assert main([*SWEEP, "--no-progress"]) == 0
    first = capsys.readouterr().out
    assert main([*SWEEP, "--no-progress"]) == 0
    assert capsys.readouterr().out == first
    assert main([*SWEEP[:-1], "6", "--no-progress"]) == 0
    assert capsys.readouterr().out != first


def local_cluster(distributed, threads: int = 2):
    """A scheduler and a worker in this process, on the loopback address (a command line reaches
    a scheduler by tcp://, not by the in-process address a LocalCluster has by default)."""
    return distributed.LocalCluster(
        n_workers=1,
        threads_per_worker=threads,
        processes=False,
        protocol="tcp",
        host="127.0.0.1",
        dashboard_address="127.0.0.1:0",  # its HTTP server too: on the loopback, on a free port
        worker_dashboard_address="127.0.0.1:0",
    )


def test_two_processes_and_a_dask_cluster_give_the_numbers_one_process_gives(tmp_path):
    distributed = pytest.importorskip("distributed")
    alone, pool, cluster = (tmp_path / name for name in ("alone.csv", "pool.csv", "cluster.csv"))
    assert main([*SWEEP, "--boundary", "cutoff", "--csv", str(alone)]) == 0
    assert main([*SWEEP, "--boundary", "cutoff", "--csv", str(pool), "--jobs", "2"]) == 0
    with local_cluster(distributed) as local:
        assert (
            main(
                [
                    *SWEEP,
                    "--boundary",
                    "cutoff",
                    "--csv",
                    str(cluster),
                    "--scheduler",
                    local.scheduler_address,
                ]
            )
            == 0
        )
    assert alone.read_text() == pool.read_text() == cluster.read_text()


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_an_unreachable_scheduler_is_a_clear_error(monkeypatch, capsys):
    pytest.importorskip("distributed")
    from life2_retro.commands.study import execution

    monkeypatch.setattr(execution, "CONNECT_SECONDS", 1)
    address = f"tcp://127.0.0.1:{_free_port()}"
    assert main([*SWEEP, "--scheduler", address]) == 2
    error = capsys.readouterr().err
    assert error.startswith(f"life2 study: cannot reach the Dask scheduler at {address}")
    assert "Traceback" not in error


@pytest.mark.parametrize(
    "words, complaint",
    [
        (["--size", "-5"], "a lattice side is a whole number from 1 to 8192, not '-5'"),
        (["--size", "0"], "a lattice side is a whole number from 1 to 8192, not '0'"),
        (["--size", "many"], "a lattice side is a whole number"),
        (
            ["--sizes", "16,-32"],
            "a side of the sizes experiment is a whole number from 16 to 4096, not '-32'",
        ),
        (["--sizes", "8"], "a side of the sizes experiment is a whole number from 16 to 4096, not '8'"),
        (
            ["--sizes", "16,8192"],
            "a side of the sizes experiment is a whole number from 16 to 4096, not '8192'",
        ),
        (["--density", "1.5"], "a density is a number from 0 to 1, not '1.5'"),
        (["--density", "0.5,-0.1"], "a density is a number from 0 to 1, not '-0.1'"),
        (["--density", "nan"], "a density is a number from 0 to 1, not 'nan'"),
        (["--density", "half"], "a density is a number from 0 to 1, not 'half'"),
        (["--runs", "0"], "--runs is a whole number of at least 1, not '0'"),
        (["--seed", "-1"], "--seed is a whole number of at least 0, not '-1'"),
        (["--jobs", "0"], "--jobs is a whole number of at least 1, not '0'"),
        (["--boundary", "klein"], "invalid choice: 'klein'"),
        (
            ["--csv", "/no/such/folder/x.csv"],
            "cannot write /no/such/folder/x.csv: there is no folder /no/such/folder",
        ),
        (["--experiment", "sizes", "--csv", "x.csv"], "--csv and --plot are the sweep's"),
    ],
)
def test_bad_input_is_a_usage_error_that_says_what_is_wrong(words, complaint, capsys):
    with pytest.raises(SystemExit) as stop:
        main(["study", "p2life", *words])
    assert stop.value.code == 2
    error = capsys.readouterr().err
    assert complaint in error and "Traceback" not in error


@pytest.mark.parametrize(
    "words, complaint",
    [
        (["--plot", "x.xyz"], "cannot write x.xyz: Format 'xyz' is not supported (supported formats: "),
        (["--csv", "/proc/out.csv"], "cannot write /proc/out.csv: "),
        (["--csv", "{folder}"], "cannot write {folder}: it is a folder"),
        (["--csv", "/dev/full"], "cannot write /dev/full: No space left on device"),
        (["--plot", "/dev/full"], "cannot write /dev/full: No space left on device"),
        (["--experiment", "sizes", "--out", "/dev/full"], "cannot write /dev/full: it is not a folder"),
        (["--experiment", "sizes", "--out", "{folder}/x/y"], None),  # made when the study writes
        (["--experiment", "sizes", "--out", "/proc/x"], "cannot write /proc/x: "),
        (
            ["--experiment", "all", "--out", "{folder}"],
            "cannot write {folder}/p2life-claims.md: it is a folder",
        ),
    ],
)
def test_every_output_is_checked_before_the_first_run(words, complaint, tmp_path, monkeypatch, capsys):
    """Nothing is run (run_points would say so) before every file the study will write, and the
    plot's format, are known to be writable; a check leaves nothing behind."""
    from life2_retro.commands.study import execution

    def ran(*_args):
        raise AssertionError("the study ran before its outputs were checked")

    (tmp_path / "p2life-claims.md").mkdir()
    words = [word.replace("{folder}", str(tmp_path)) for word in words]
    monkeypatch.setattr(execution, "run_points", ran)
    before = sorted(tmp_path.rglob("*"))
    if complaint is None:
        with pytest.raises(AssertionError, match="the study ran"):
            main(["study", "p2life", "--size", "16", "--runs", "1", *words])
    else:
        with pytest.raises(SystemExit) as stop:
            main(["study", "p2life", "--size", "16", "--runs", "1", *words])
        assert stop.value.code == 2
        error = capsys.readouterr().err
        assert complaint.replace("{folder}", str(tmp_path)) in error and "Traceback" not in error
    assert sorted(tmp_path.rglob("*")) == before


def test_a_density_of_minus_zero_is_zero(capsys):
    assert main(["study", "p2life", "--size", "8", "--runs", "1", "--density=-0", "--no-progress"]) == 0
    table = capsys.readouterr().out.splitlines()
    assert table[1].startswith("0.0,") and "-0.0" not in table[1]


def test_every_experiment_writes_its_csv_and_plot_and_the_claims_are_judged(tmp_path, capsys):
    out = tmp_path / "study"
    words = ["--size", "24", "--sizes", "16,24", "--runs", "3", "--density", "0.25,1.0", "--out", str(out)]
    assert main(["study", "p2life", "--experiment", "all", *words]) == 0
    printed = capsys.readouterr().out
    for name in ("mean-field", "asymptotic", "boundaries", "sizes", "histogram"):
        assert len(rows(out / f"p2life-{name}.csv")) > 0
        assert (out / f"p2life-{name}.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    claims = (out / "p2life-claims.md").read_text()
    assert claims.count(": true.**") + claims.count(": false.**") == 4
    assert claims in printed
    histogram = rows(out / "p2life-histogram.csv")
    assert len(histogram) == 2 * 2 * 3  # both boundaries, two densities, three runs each
    asymptotic = rows(out / "p2life-asymptotic.csv")
    conway_full = [r for r in asymptotic if r["colours"] == "1" and r["initial_density"] == "1.0"]
    assert all(r["ended_empty"] == r["runs"] for r in conway_full)  # Conway's Life: all die at once
    (out / "p2life-sizes.png").unlink()
    assert main(["study", "p2life", "--experiment", "all", "--out", str(out), "--replot"]) == 0
    assert (out / "p2life-sizes.png").exists()
    assert capsys.readouterr().out.endswith(claims)


def test_replot_without_the_csvs_is_a_clear_error(tmp_path, capsys):
    assert main(["study", "p2life", "--experiment", "sizes", "--out", str(tmp_path), "--replot"]) == 2
    assert "cannot replot from" in capsys.readouterr().err


def test_help_imports_none_of_the_studys_heavy_packages():
    import subprocess
    import sys

    code = (
        "import sys; from life2_retro.cli import top_parser, subcommand_parser; top_parser().format_help(); "
        "[subcommand_parser(name).format_help() for name in ('study', 'watch', 'bench')]; "
        "print(sorted(m for m in ('numpy', 'numba', 'matplotlib', 'dask', 'distributed', 'tqdm') if m in sys.modules))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"
