"""Without the reference files, the suite says once what is missing and where it comes from.

A hundred tests skipped for one missing file must not print its ten-line message a hundred times
in `-ra`'s summary: each skip gives one line, and the whole message comes once, above the summary.
The run here is a real pytest in a subprocess, with workers as the README's command has them, and
the reference files hidden by their variables pointing nowhere.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SELECTION = [
    "tests/reference/test_listing.py::test_the_listing_is_found_and_checked",
    "tests/reference/test_listing.py::test_the_program_has_exactly_the_listings_line_numbers",
    "tests/reference/test_cell_life_source.py::test_no_committed_file_holds_lines_of_the_c_source",
    "tests/reference/test_cell_life_source.py::test_the_introduction_is_read_from_the_source_and_printed_first",
    "tests/programs/cell_life/test_differential.py::test_generated_scripts_identical",
    "tests/programs/cell_life/test_differential.py::test_hand_written_scripts_identical",
]


def run_without_the_references() -> list[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("CI", "LIFE2_REQUIRE_REFERENCE")}
    env["LIFE2_LISTING"] = "/nonexistent/lifefortwo-1978.bas"
    env["CELL_LIFE_SOURCE"] = "/nonexistent/cell-life-2008.c"
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-ra", "-q", "-n", "1", "-p", "no:cacheprovider", *SELECTION],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    return result.stdout.splitlines()


def test_each_missing_reference_is_explained_once_and_each_skip_in_one_line() -> None:
    lines = run_without_the_references()
    text = "\n".join(lines)
    skipped = re.search(r"(\d+) skipped", lines[-1])
    assert skipped is not None and int(skipped[1]) >= 20, lines[-1]
    for once in (
        "export LIFE2_LISTING=",
        "curl -o lifefortwo-1978.bas",
        "export CELL_LIFE_SOURCE=",
        "This project does not carry it",
        "There is no public address to",
        "805c4d01c417713697059c31dfef758aa9c36fe9a8edb4965fe4cf6e6f9a21a1",
    ):
        assert text.count(once) == 1, once
    summary = lines[lines.index(next(line for line in lines if "short test summary info" in line)) + 1 : -1]
    assert summary and all(line.startswith("SKIPPED [") for line in summary), summary
    assert all("printed once, above this summary" in line for line in summary)
    counts = [re.match(r"SKIPPED \[(\d+)\]", line) for line in summary]
    assert sum(int(count[1]) for count in counts if count) == int(skipped[1])
