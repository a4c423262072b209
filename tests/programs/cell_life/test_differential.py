"""Cell Life against its reference build, byte for byte, the same seed given to both.

The reference build is the C program compiled by gcc as the notes measure it
(reference/cell_life.py). Generated scripts are seeded and reproducible
(programs/cell_life/scripts.py): 2 to 4 players, humans and computers mixed,
both boards, and odd answers. Hand-written ones reach every ending. Where the
original would print for ever or crash, life2 stops, and its output must be
the beginning of the original's (compare.differences).

By default the suite runs the first 60 generated scripts, which reach every
ending, board, number of players and odd answer (tested below); `pytest --full`
(LIFE2_FULL_SUITE=1), as a release runs it, runs all 300.
"""

from __future__ import annotations

import pytest

from life2_retro.commands.compare import compare_scripts
from life2_retro.commands.options import Mode
from life2_retro.events import Stop
from life2_retro.programs import PROGRAMS, Script
from life2_retro.programs.cell_life.program import CellLifeProgram
from life2_retro.programs.cell_life.scripts import _ODD
from life2_retro.session import run_in_memory

from ...support.helpers import CHUNKS, chunk, oracle_jobs

ENTRY = PROGRAMS["cell-life"]
FAITHFUL = Mode(ENTRY, "c", frozenset(ENTRY.bugs))
SHARE = 60
"""Generated scripts the suite runs by default: the first SHARE."""
FULL = 300
"""Generated scripts it runs with --full."""
SEED = 2008


def _lines(*words: str) -> list[bytes]:
    return [word.encode() for word in words]


HAND_WRITTEN = {
    # two humans on the small board: setup, moves written every way scanf takes them, a square taken
    "humans": Script(
        _lines("2", "1", "1", "1", "1,1", "5,5", "1 2", "4", "5.4", "2x1", "", "3,3", "", "4,4", ""), 9
    ),
    # a human and a computer, a square off the board and one taken
    "human-computer": Script(
        _lines("2", "1", "2", "1", "9,9", "3,3", "3,3", "3,4", "3,2", "", "", "", ""), 21
    ),
    "three-mixed": Script(_lines("3", "2", "1", "2", "1", "2,2", "4,4", "2,4", "", "1,1", "", ""), 5),
    "four-computers": Script(_lines("4", "2", "2", "2", "2", "1") + [b""] * 40, 1978),
    # the large board: two players are counted dead after the first generation (the writes past bd)
    "large-two": Script(
        _lines("2", "1", "1", "2", "10,10", "11,10", "10,11", "12,12", "11,11", "12,11", ""), 3
    ),
    "large-three-computers": Script(_lines("3", "2", "2", "2", "2") + [b""] * 20, 77),
    # bad answers: a letter where a number is asked for, and the end of input
    "letter-at-players": Script(_lines("x"), 1),
    "letter-at-a-move": Script(_lines("2", "1", "1", "1", "x"), 1),
    "end-of-input": Script(_lines("2", "1", "1", "1", "1,1"), 4),
    "out-of-range": Script(
        _lines("7", "0", "2", "3", "1", "2", "3", "1", "0,1", "6,2", "2,2", "2,3", "2,4", ""), 12
    ),
    # numbers longer than Python's int() takes (4,300 digits): scanf's strtol saturates, and the int
    # it stores is -1 (LONG_MAX) or 0 (LONG_MIN); gcc's build then asks again for ever
    "a-number-of-4301-digits": Script(_lines("1" * 4301), 1),
    # leading zeros count for nothing: 2 players, and t keeps the 2, so all are computers, to the end
    "leading-zeros-then-computers-to-extinction": Script(_lines("0" * 4300 + "2"), 1),
    "numbers-of-5000-digits-in-moves": Script(
        _lines(
            "-" + "9" * 5000,
            "0" * 5000 + "2",
            "1",
            "1",
            "1",
            "1" * 5000 + ",1",
            "1,-" + "1" * 5000,
            "-" + "0" * 5000 + "1 " + "0" * 5000,
            "0" * 5000 + "1," + "0" * 5000 + "1",
            "5,5",
            "1 2",
            "4",
            "5.4",
            "2x1",
            "",
            "3,3",
            "",
        ),
        9,
    ),
}


def _check(build, scripts: list[Script]) -> None:
    result = compare_scripts(FAITHFUL, build, scripts, oracle_jobs(len(scripts)))
    report = "\n".join(
        f"script {index}: " + "; ".join(f"{m.what} differs at {m.detail}" for m in found)
        for index, found in result.failures[:5]
    )
    assert result.identical == result.total, f"{len(result.failures)} of {result.total} differ:\n{report}"


@pytest.mark.parametrize("part", range(CHUNKS))
def test_generated_scripts_identical(cell_life_build, full_suite, part):
    """The generated scripts, in CHUNKS parts that parallel workers share."""
    count = FULL if full_suite else SHARE
    _check(cell_life_build, [ENTRY.script(SEED, index) for index in chunk(range(count), part)])


def test_the_default_share_reaches_every_ending_size_number_of_players_and_odd_answer() -> None:
    """The SHARE that the suite runs by default (and so also --full's FULL, which begin with it)."""
    scripts = [ENTRY.script(SEED, index) for index in range(SHARE)]
    endings = _endings(scripts)
    # the scripts reach what matters: each ending, each size, each number of players
    assert {"wins", "extinction", "runaway", "unreproducible"} <= endings["how"], endings
    assert endings["players"] == {2, 3, 4} and endings["boards"] == {"small", "large"}, endings
    typed = {line.decode() for script in scripts for line in script.lines}
    assert [odd for odd in _ODD if odd not in typed] == []


@pytest.mark.parametrize("name", list(HAND_WRITTEN))
def test_hand_written_scripts_identical(cell_life_build, name):
    _check(cell_life_build, [HAND_WRITTEN[name]])


def _endings(scripts: list[Script]) -> dict[str, set]:
    how, players, boards = set(), set(), set()
    for script in scripts:
        run = run_in_memory(CellLifeProgram(seed=script.seed).run(), script.lines)
        if run.stop is Stop.END:
            how.add("extinction" if run.output.endswith(b"Total extinction.") else "wins")
        else:
            how.add(run.stop.value)
        if b"Each player gets" in run.output:
            players.add(run.output.count(b"human or (2) computer"))
            boards.add("large" if b"\n18" in run.output else "small")  # the large board's last row
    return {"how": how, "players": players, "boards": boards}
