"""`life2 run`, `compare`, `bench` and `screenshot` with --game cell-life, as a user runs them."""

from __future__ import annotations

import io
import os
import subprocess

import pytest

from life2_retro.reference.cell_life import SEED_VARIABLE

from ..support.helpers import life2

GAMES = {
    "plain": b"2\n1\n2\n1\n2,2\n1,2\n2,1\n\n3,3\n\n4,4\n\n",
    "no-final-newline": b"2\n1\n2\n1\n2,2\n1,2\n2,1\n\n3,3",
    "crlf": b"2\r\n1\r\n2\r\n1\r\n2,2\r\n1,2\r\n2,1\r\n\r\n3,3\r\n\r\n",
    "letters": b"2\n1\n1\n1\n3x4\nx\n",
}


def reference_output(build, stdin: bytes, seed: int, limit: int) -> bytes:
    """The reference build given the file as its stdin, cut after `limit` bytes (it may print for ever)."""
    process = subprocess.Popen(
        ["stdbuf", "-o0", str(build)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        env={**os.environ, SEED_VARIABLE: str(seed)},
    )
    assert process.stdin is not None and isinstance(
        process.stdout, io.BufferedReader
    )  # read1: a buffered pipe
    process.stdin.write(stdin)
    process.stdin.close()
    out = b""
    while len(out) < limit:
        chunk = process.stdout.read1(65536)
        if not chunk:
            break
        out += chunk
    process.kill()
    process.wait()
    return out


@pytest.mark.parametrize("name", list(GAMES))
def test_run_writes_what_the_reference_writes_for_the_same_file(cell_life_build, tmp_path, name):
    script = tmp_path / f"{name}.txt"
    script.write_bytes(GAMES[name])
    ours = life2("run", "--game", "cell-life", "--seed", "7", "--input", str(script))
    theirs = reference_output(cell_life_build, GAMES[name], 7, len(ours.stdout) + 1000)
    if ours.returncode == 3:  # stopped where the C program prints for ever: ours is its beginning
        assert theirs.startswith(ours.stdout) and len(theirs) > len(ours.stdout)
        assert b"would print this for ever" in ours.stderr and b"Traceback" not in ours.stderr
    else:
        assert ours.returncode == 0 and ours.stdout == theirs, ours.stderr


def test_run_needs_no_seed_and_life2_refuses_one(tmp_path):
    script = tmp_path / "s.txt"
    script.write_bytes(GAMES["plain"])
    assert life2("run", "--game", "cell-life", "--input", str(script)).returncode in (0, 3)  # the clock
    refused = life2("run", "--seed", "3", "--input", str(script))
    assert refused.returncode == 2 and b"life2 uses no clock: --seed is for cell-life" in refused.stderr
    refused = life2("run", "--game", "cell-life", "--dialect", "gwbasic", "--input", str(script))
    assert refused.returncode == 2 and b"cell-life has no dialects" in refused.stderr


def test_compare_builds_the_reference_and_finds_them_identical(cell_life_build, tmp_path):
    script = tmp_path / "s.txt"
    script.write_bytes(GAMES["plain"])
    result = life2("compare", "--game", "cell-life", "--input", str(script), "--seed", "7")
    assert result.returncode == 0 and result.stdout.strip() == b"identical", result.stderr
    result = life2("compare", "--game", "cell-life", "--generate", "6", "--seed", "5", timeout=300)
    assert result.returncode == 0 and b"6 of 6 identical" in result.stdout, result.stdout + result.stderr
    refused = life2("compare", "--game", "cell-life", "--fixed", "--input", str(script))
    assert refused.returncode == 2 and b"every bug on" in refused.stderr


def test_bench_times_both_sides(cell_life_build):
    result = life2("bench", "--game", "cell-life", "--scripts", "2", timeout=300)
    assert result.returncode == 0, result.stderr
    assert b"gcc -O0 build:" in result.stdout and b"life2 is" in result.stdout


def test_screenshot_of_a_cell_life_game(tmp_path):
    script = tmp_path / "s.txt"
    script.write_bytes(GAMES["plain"])
    out = tmp_path / "cell.png"
    result = life2(
        "screenshot", "--game", "cell-life", "--seed", "7", "--input", str(script), "--out", str(out)
    )
    assert result.returncode == 0 and out.stat().st_size > 10_000, result.stderr
