"""Cell Life's C source is reference data: never committed, nor lines copied from it; what the
program prints of its own words is read from it at run time."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from life2_retro.programs.cell_life.program import NO_INTRO, CellLifeProgram
from life2_retro.reference import cell_life
from life2_retro.session import run_in_memory

ROOT = Path(__file__).resolve().parents[2]


def source_lines(source: bytes) -> set[str]:
    """The source's lines without their blanks, of 20 characters or more, preprocessor lines apart
    (`#include <stdio.h>` is any C program's): anything that long is the program's own text."""
    lines = ("".join(line.split()) for line in source.decode("ascii").splitlines())
    return {line for line in lines if len(line) >= 20 and not line.startswith("#")}


def test_no_committed_file_holds_lines_of_the_c_source(cell_life_source):
    lines = source_lines(cell_life_source)
    assert len(lines) > 40  # the guard has something to look for
    tracked = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    for name in tracked.split():
        path = ROOT / name
        if not path.is_file():
            continue
        text = "".join(path.read_text(encoding="utf-8", errors="replace").split())
        copied = sorted(line for line in lines if line in text)
        assert not copied, f"{name} holds lines of the C source: {copied[:3]}"


def test_the_introduction_is_read_from_the_source_and_printed_first(cell_life_source):
    intro = cell_life.introduction_from(cell_life_source)
    assert intro.startswith("Cell Life\n") and intro.endswith("\n\n") and len(intro.splitlines()) > 15
    run = run_in_memory(CellLifeProgram(seed=1, intro=intro).run(), [])
    assert run.output.startswith(intro.encode())
    assert cell_life.program_text() == {"intro": intro}  # what the registry gives the program


def test_without_the_source_the_program_says_where_its_introduction_would_be(tmp_path):
    script = tmp_path / "moves.txt"
    script.write_text("2\n1\n2\n1\n2,2\n")
    env = {"CELL_LIFE_SOURCE": str(tmp_path / "missing.c"), "PATH": "/usr/bin:/bin"}
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "life2_retro",
            "run",
            "--game",
            "cell-life",
            "--seed",
            "7",
            "--input",
            str(script),
        ],
        capture_output=True,
        env=env,
        timeout=60,
        check=False,
    )
    assert result.stdout.startswith(NO_INTRO.encode())
    assert b"Each player gets" in result.stdout  # and the game goes on as ever
