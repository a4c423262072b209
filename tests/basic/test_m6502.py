"""The 6502 routines' cycle counts against what the real ROM was measured to spend.

Each count in basic/m6502.py is read off the source, not fitted. Where one line
of LIFE2 runs with known numbers and nothing else varies, the measured table
(60 games on the 1977 ROM) checks the count to the cycle.
"""

from __future__ import annotations

import pytest

from life2_retro.basic.m6502 import element2, fadd, fcomp, fout, next_step, qint, relation, subscript_multiply
from life2_retro.programs.life2.cycles import measured

SQUARES = [(j, k) for j in range(1, 6) for k in range(1, 6)]


def line(number: int) -> dict:
    return measured()["lines"][str(number)]


def spread(number: int) -> int:
    return line(number)["max"] - line(number)["min"]


def test_qint_and_umult_give_the_spread_of_storing_into_each_square():
    # 515 N(J,K)=0 and 399 N(J,K)=0: ...: the same statement for every square of the board
    counted = [element2(j, k) for j, k in SQUARES]
    assert max(counted) - min(counted) == spread(515) == spread(399) == 160


def test_fcomp_gives_the_spread_of_comparing_each_row_with_6():
    # 106 IF J=6 THEN ...: J is 1 to 5 there, never 6
    counted = [relation(j, 6) for j in range(1, 6)]
    assert max(counted) - min(counted) == spread(106) == 12


def steps(values: list[int], limit: float, frame: dict[int, int] | None = None) -> list[int]:
    """NEXT's counted cycles for a loop variable at each of `values`, with any FOR frame passed."""
    return [next_step(v, 1, limit) + (frame or {}).get(v, 0) for v in values]


def test_next_gives_the_mean_of_each_loop_from_its_extremes():
    """A NEXT costs a base for going round again, another for leaving, and its step and test. Fix the
    two bases by the measured least and greatest segments; the mean then follows from the counts."""
    # 60 NEXT K, 5 times a board: K=1..4 going round, K=5 leaving
    back, out = steps([1, 2, 3, 4], 5), steps([5], 5)
    t = line(60)
    again, leave = t["min"] - min(back), t["max"] - max(out)
    mean = (5 * sum(again + b for b in back) + 5 * (leave + out[0])) / 25
    assert abs(mean - t["mean_cycles"]) < 0.05
    # 120 NEXT K on the printed board: K=0..5 going round in 7 rows, K=6 leaving in the 5 inner rows
    back, out = steps([0, 1, 2, 3, 4, 5], 6), steps([6], 6)
    t = line(120)
    assert (t["min"] - min(back), t["max"] - max(out)) == (again, leave)  # line 60's two bases
    mean = (7 * sum(again + b for b in back) + 5 * (leave + out[0])) / 47
    assert abs(mean - t["mean_cycles"]) < 0.05
    # 125 NEXT J: the border rows come by GOTO 125 and leave K's loop open, so FNDFOR passes its frame
    # (40 cycles); J has one place less to search in the variable table than K (34 cycles)
    back, out = steps([0, 1, 2, 3, 4, 5], 6, {0: 40}), steps([6], 6, {6: 40})
    t = line(125)
    assert (t["min"], t["max"]) == (again - 34 + back[0], leave - 34 + out[0])
    mean = (sum(again - 34 + b for b in back) + leave - 34 + out[0]) / 7
    assert abs(mean - t["mean_cycles"]) < 0.05


def test_the_quick_paths():
    assert qint(0) < qint(1) and qint(1) - qint(2) == 40 and qint(2) == qint(3)
    assert subscript_multiply(0) == 0 and subscript_multiply(3) - subscript_multiply(1) == 17
    assert fadd(5, 0) == 73 and fadd(0, 5) == 25  # a zero right operand copies the left, and back
    assert fcomp(4, 5) < fcomp(5, 5)  # a difference in the mantissa's first byte stops the comparison


def test_fout_gives_the_spreads_of_printing_the_players_and_the_rows():
    """FOUT's count, with the OSI ROM's digit loop straddling a page (a branch back costs 4)."""
    # 520 prints the word PLAYER, B and the pieces it has: B is 1, then 2; nothing else in the line varies
    assert fout(2) - fout(1) == spread(520) == 17
    # 107 PRINT J;: J is 1 to 5 on every board, each as often
    counted = [fout(j) for j in range(1, 6)]
    assert max(counted) - min(counted) == spread(107) == 140
    assert sum(counted) / 5 - min(counted) == pytest.approx(
        line(107)["mean_cycles"] - line(107)["min"], abs=0.05
    )
    # 103 PRINT K;: K is 0 to 5; FOUT stores a zero at once. The routines FOUT calls (FCOMP, MUL10,
    # FADD, QINT) are counted from a fixed entry, not all their fixed part: 10 cycles short in 4,838
    assert fout(5) - fout(0) == pytest.approx(spread(103), abs=10)
