"""The backbone: life2 against PC-BASIC running the original listing, byte for byte, line for line.

Generated scripts are seeded and reproducible (life2_retro.programs.life2.scripts); the
hand-written ones pin down the cases people meet first. Faithful mode runs the
listing itself; fixed mode runs the listing with every patch merged over it.

By default the two modes share out 110 generated scripts (faithful 0-54, fixed
55-109): the BASIC reads an answer the same way in both, so a script tests that
in either, and each mode's share reaches every step, message and ending its full
count does (test_the_default_share_reaches_what_the_full_count_reaches). `pytest
--full` (LIFE2_FULL_SUITE=1), as a release runs it, gives each mode all 300.
"""

from __future__ import annotations

import re

import pytest

from life2_retro.basic.dialects import Dialect
from life2_retro.commands.compare import compare_scripts
from life2_retro.programs import Script
from life2_retro.programs.life2 import scripts as life2_scripts
from life2_retro.programs.life2.bugs import BUG_NAMES, BUGS
from life2_retro.programs.life2.scripts import script
from life2_retro.reference.life2 import oracle_program

from ...support.helpers import CHUNKS, FAITHFUL, FIXED, QUICK_GAME, chunk, life2_mode, oracle_jobs, play

SHARE = 55
"""Generated scripts a mode runs by default: faithful mode the first SHARE, fixed mode the next."""
FULL = 300
"""Generated scripts a mode runs with --full: the same FULL in both."""
SEED = 1978


def generated(bugs: frozenset[str], full: bool) -> range:
    """The generated scripts a mode runs (their indices)."""
    if full:
        return range(FULL)
    first = 0 if bugs == FAITHFUL else SHARE
    return range(first, first + SHARE)


HAND_WRITTEN: list[list[bytes]] = [
    QUICK_GAME,
    # player 2 names player 1's setup square; both name one square in a turn
    [b"1,1", b"3,3", b"5,5", b"1,1", b"2,2", b"2,4", b"4,2", b"3,3", b"3,4", b"3,4", b"2,2", b"2,2"],
    # squares taken, out of range, fractions, exponents, hex, words, empty, missing, extra
    [b"0,1", b"6,6", b"2.5,2.5", b"1E0,1", b"&H2,1", b"HELLO", b"", b"3", b"3,4,5", b"5,5", b"1,5", b"4,4"],
    [b"1,1", b"1,2", b"1,3", b"5,3", b"5,4", b"5,5", b"2,2", b"4,4", b"2,4", b"4,2", b"3,3", b"3,3"],
    # fractions that land on the hidden border, and on one square without being "the same"
    [b"0.3,1", b"1,0.4", b"2,2", b"4,4", b"4,5", b"5,4", b"1.2,3", b"1.4,3", b"3,3", b"3,3"],
    # a block for player 1: a game that goes on
    [b"2,2", b"2,3", b"3,2", b"5,5", b"5,4", b"4,5"] + [b"1,5", b"5,1", b"4,1", b"1,4"] * 3,
    # long lines, spaces inside numbers, signs, overflow
    [b"1" * 60 + b",1", b"3 4,1", b"+3,-4", b"1,1" + b" " * 90, b"1,2", b"1e39,2", b"2,1", b"5,5"],
    # numbers of 5,000 figures (past Python's 4,300 for int()) and leading zeros, long and short
    [
        b"1" * 5000 + b",1",
        b"0" * 5000 + b"3,3",
        b"0" * 250 + b"1,0" + b"1",
        b"2," + b"0" * 5000 + b"2",
        b"&H" + b"0" * 5000 + b"2,1",
        b"1E" + b"9" * 5000 + b",1",
        b"0" * 200 + b"5,0000005",
        b"-" + b"0" * 5000 + b"1,2",
        b"." + b"0" * 5000 + b"1,2",
        b"3," + b"1" * 5000,
        b"1,5",
        b"5,1",
        b"4,4",
    ],
    # Backspace, Esc and Tab: keys of the screen editor (the Tab moves the cursor over blanks)
    [b"9\x081,1", b"1,\t5", b"\x1b5,5", b"33\x08,3", b"\t3,3", b"4,4"],
    # both name 3,3 beside player 2's blinker: line 741 empties 4,4, its middle (same-coord-diagonal)
    [b"1,1", b"1,2", b"2,1", b"4,4", b"5,4", b"3,4", b"3,3", b"3,3", b"1,5", b"5,1"],
]


def _check(listing: bytes, scripts: list[list[bytes]], bugs: frozenset[str]) -> None:
    program = oracle_program(None, bugs)
    batch = [Script(lines) for lines in scripts]
    result = compare_scripts(life2_mode(Dialect.GWBASIC, bugs), program, batch, oracle_jobs(len(batch)))
    report = "\n".join(
        f"script {index}: " + "; ".join(f"{m.what} differs at {m.detail}" for m in found)
        for index, found in result.failures[:5]
    )
    assert result.identical == result.total, f"{len(result.failures)} of {result.total} differ:\n{report}"


@pytest.mark.parametrize("part", range(CHUNKS))
@pytest.mark.parametrize("bugs", [FAITHFUL, FIXED], ids=["faithful", "fixed"])
def test_generated_scripts_identical(listing, oracle, full_suite, bugs, part):
    """A mode's generated scripts, in CHUNKS parts that parallel workers share."""
    _check(listing, [script(SEED, index) for index in chunk(generated(bugs, full_suite), part)], bugs)


def _reached(indices: range, bugs: frozenset[str]) -> set[object]:
    """What life2 does on these scripts, as far as a mode can differ: each step from line to line,
    each line it prints but the boards (a typed answer's echo left out), each way it stops."""
    found: set[object] = set()
    for index in indices:
        run = play(script(SEED, index), bugs=bugs)
        found.add(run.stop)
        found |= set(zip(run.trace, run.trace[1:], strict=False))
        for line in re.split(rb"\r\n|\r|\n", run.output):
            if not re.match(rb" [0-5] ", line):  # a board's row, or the numbers above and below it
                found.add(re.sub(rb"\? .*", b"? ", line))
    return found


def _typed(indices: range) -> set[tuple[str, str]]:
    """Which answers of the generator's every kind these scripts type, and which of the lengths
    the BASIC tells apart (a screen line of 80, its line of 255, longer)."""
    lines = [line.decode() for index in indices for line in script(SEED, index)]
    sides = {side for line in lines for side in line.split(",")}
    found = {("length", f"{min(len(line) // 80, 1) + (len(line) > 255)}") for line in lines}
    for pool in ("_FRACTIONS", "_OUT_OF_RANGE", "_EXPONENTS", "_NEGATIVES"):  # typed as X or as Y
        found |= {(pool, value) for value in getattr(life2_scripts, pool) if value in sides}
    for pool in ("_WORDS", "_EXTRA", "_MISSING"):  # typed as the whole answer
        found |= {(pool, value) for value in getattr(life2_scripts, pool) if value in lines}
    return found


def _shows(switch: str, bugs: frozenset[str], indices: range) -> bool:
    """Whether turning `switch` over in this mode changes what life2 prints on one of these scripts."""
    other = bugs ^ {switch}
    return any(
        play(script(SEED, i), bugs=bugs).output != play(script(SEED, i), bugs=other).output for i in indices
    )


def test_the_default_share_reaches_what_the_full_count_reaches() -> None:
    """The default share leaves out only scripts that add nothing these can name: each mode's share
    reaches every step, message and ending its FULL scripts reach and shows every switch that has
    patch lines at work, and the two shares together type every answer of every kind the full count
    types. (life2 alone, in memory: a few seconds.)"""
    for bugs in (FAITHFUL, FIXED):
        mode = "fixed" if bugs == FIXED else "faithful"
        missed = _reached(generated(bugs, True), bugs) - _reached(generated(bugs, False), bugs)
        assert missed == set(), f"{mode} mode's share misses {missed}"
        unseen = [
            name
            for name in BUG_NAMES
            if BUGS[name].patch_lines and not _shows(name, bugs, generated(bugs, False))
        ]
        assert unseen == [], f"{mode} mode's share never shows {unseen}"
    shares = range(generated(FAITHFUL, False).start, generated(FIXED, False).stop)
    assert _typed(generated(FAITHFUL, True)) - _typed(shares) == set()


@pytest.mark.parametrize("bugs", [FAITHFUL, FIXED], ids=["faithful", "fixed"])
def test_hand_written_scripts_identical(listing, oracle, bugs):
    _check(listing, HAND_WRITTEN, bugs)


SWITCH_SCRIPTS = 4
"""Generated scripts each switch alone runs beside the hand-written ones that show it; 12 with --full."""


@pytest.mark.parametrize("switch", BUG_NAMES)
def test_each_switch_alone_matches_its_patch(listing, oracle, full_suite, switch):
    """--no-bug NAME is verified against listing + that one patch, like --fixed against all of them,
    on scripts of which some show the switch: a plain game, the hand-written scripts on which the
    switch changes what life2 prints (the others run the same lines as in faithful mode, which
    test_hand_written_scripts_identical compares; --full runs them all), and generated ones (answers-that-stop has no
    patch lines: GW-BASIC asks again by itself, and no script can show it here)."""
    bugs = FAITHFUL - {switch}
    showing = [lines for lines in HAND_WRITTEN if play(lines).output != play(lines, bugs=bugs).output]
    chosen = (
        HAND_WRITTEN if full_suite else [QUICK_GAME, *(lines for lines in showing if lines is not QUICK_GAME)]
    )
    scripts = chosen + [script(SEED + 1, index) for index in range(12 if full_suite else SWITCH_SCRIPTS)]
    if BUGS[switch].patch_lines:
        assert showing, f"no hand-written script shows {switch}"
        assert any(play(lines).output != play(lines, bugs=bugs).output for lines in scripts), switch
    _check(listing, scripts, bugs)


def test_patch_files_hold_exactly_the_switch_lines():
    from life2_retro.reference.patches import patch_lines

    for name, bug in BUGS.items():
        assert sorted(patch_lines(name)) == sorted(bug.patch_lines), name
