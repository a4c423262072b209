"""Derive LIFE2's cycle figures (life2_retro/programs/life2/cycles.json) from the measured table.

    python tools/fit_cycles.py [--games 300] [--seed 1] [--write]

The carried figures are now measured on the 6502 engine (tools/fit_cycles_on_engine.py), which
needs the ROM; this derivation from the reference data's table needs none, and is how they were
made before (basic_reference/cycles.md: The bases). --write replaces the engine's figures with it.

The measured table (life2_retro/programs/life2/osi6502_measured.json, from the
project's reference data) gives, for every line, how many segments 60 games
spent in it and their mean, smallest and largest cycles. The cycle model
(life2_cycles.py) charges a segment a base for its class plus cycles counted
from the ROM's source for what it did with its numbers. This script finds the
bases:

1. It plays seeded games like the measured ones (integer moves, some off the
   board or on a taken square) and records every segment's class and counted
   cycles, and which line follows which.
2. From the table's segment counts (the half-written CURLIN lines included) it
   solves how often each line went to each other line in the 60 games, and so
   how many segments of each class they had.
3. For each line, the bases of its classes must give the table's mean with
   those counts, and its minimum and maximum with the least and most counted
   cycles any class showed; the classes' order (which class is the minimum)
   is the one that fits best. A line whose counted cycles vary more or less
   than the table's does (where the 60 games reached values ours did not) is
   fitted to its mean alone.

The worked examples are not used: they are the test (`--games` only changes the
simulated games). Without --write it prints the figures' errors on them.
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
from collections import Counter, defaultdict
from pathlib import Path

import numpy as np

from life2_retro.basic.cycles import ENDED, RETURNED, CycleMeter, torn_cycles
from life2_retro.basic.m6502 import relation
from life2_retro.basic.machine import RESUMED_BY_RETURN
from life2_retro.events import Stop
from life2_retro.programs.life2.cycles import (
    CycleFigures,
    Life2Costs,
    key_text,
)
from life2_retro.programs.life2.program import Life2Program
from life2_retro.session import run_in_memory

PROGRAMS = Path(__file__).resolve().parents[1] / "life2_retro" / "programs" / "life2"
MEASURED = PROGRAMS / "osi6502_measured.json"
FIGURES = PROGRAMS / "cycles.json"

COMPOUND = {570: 571, 705: 706, 708: 710, 725: 730}
"""IF a THEN IF b THEN n, and the line after it: a false ('first') costs less than b false ('second'),
which costs less than both true."""
IF_JUMPS = {
    55: 200,
    102: 125,
    300: 399,
    310: 350,
    350: 360,
    571: 575,
    572: 575,
    581: 560,
    715: 750,
    720: RETURNED,
}
"""IF c THEN (a jump): the way the IF jumps costs more than falling through to the next line (the line
number read, the search, the GOSUB or RETURN, against a skip to the end of the line)."""
IF_SETS = {200: True}
"""IF c THEN (an assignment), told by the variable it sets: that way costs more."""
EXACT_SUBS = {511, 570}
"""Lines whose ways have counts the table fixes:
the first FOR K of a run (511), a turn whose count finds player 1 gone (570: as often as 572 names
player 2 the winner)."""
OFF_BOARD = ("0,3", "-1,2", "99,1", "3,6", "6,2", "2,0")


def simulated(seed: int) -> list[bytes]:
    """A game's responses like the measured ones: moves 1 to 5, a few off the board."""
    rng = random.Random(f"life2-cycles:{seed}")
    answers = []
    for _ in range(44):
        roll = rng.random()
        if roll < 0.08:
            answers.append(rng.choice(OFF_BOARD))
        elif roll < 0.10:
            answers.append(f" {rng.randint(1, 5)} , {rng.randint(1, 5)} ")
        else:
            answers.append(f"{rng.randint(1, 5)},{rng.randint(1, 5)}")
    return [answer.encode() for answer in answers]


class Recording:
    """A LineCosts that records each segment's class and counted cycles (segment by segment), and the
    stream of lines with the half-written ones."""

    def __init__(self, program: Life2Program) -> None:
        self.costs = Life2Costs(program, CycleFigures({}, {}, INPUT_COSTS))
        self.segments: list[tuple[tuple, int]] = []
        self.stream: list[tuple[int, int]] = []
        self.compiled: dict = {}

    def compile(self, line: int, how: int, following: int):
        def record(_: object) -> int:
            self.segments.append(self.costs.describe(line, how, following))
            return 0

        return record

    def segment(self, line: int, how: int) -> None:
        if self.stream:
            last = self.stream[-1][0]
            if torn_cycles(last, line, how):
                self.stream.append(((line & 0xFF) | (last & 0xFF00), -1))
        self.stream.append((line, how))
        self.meter.segment(line, how)

    def typed(self, prompt: bytes, keys: bytes, buffer: bytes) -> None:
        self.costs.typed(prompt, keys, buffer)

    def pending(self) -> int:
        return self.costs.pending()


def play(responses: list[bytes]) -> tuple[list[tuple[tuple, int]], list[tuple[int, int]]]:
    program = Life2Program()
    recording = Recording(program)
    recording.meter = CycleMeter(recording)
    program.m.count_segments(recording)
    stop = run_in_memory(program.run(), responses).stop
    if stop is Stop.INPUT_ENDED:
        recording.stream.pop()
    else:
        recording.meter.total(stop)
    return recording.segments, recording.stream


def flows(streams: list[list[tuple[int, int]]], table: dict[str, dict]) -> dict[tuple[int, int], float]:
    """How often each line went to each other in the 60 measured games: the transitions our games
    made, fitted to the table's count of segments of every line (going in and coming out)."""
    seen = Counter((a, b) for stream in streams for (a, _), (b, _) in itertools.pairwise(stream))
    seen[(570, 574)] += 1  # a draw, which our games may not reach
    transitions = sorted(seen)
    lines = sorted(int(line) for line in table)
    ends = sorted({stream[-1][0] for stream in streams} | {574, 575})
    columns = len(transitions) + len(ends)
    rows, rhs = [], []
    for line in lines:
        count = table[str(line)]["segments"]
        out = np.zeros(columns)
        into = np.zeros(columns)
        for i, (a, b) in enumerate(transitions):
            out[i] += a == line
            into[i] += b == line
        if line in ends:
            out[len(transitions) + ends.index(line)] = 1
        rows += [out, into]
        rhs += [count, count - (60 if line == 2 else 0)]
    games = np.zeros(columns)
    games[len(transitions) :] = 1
    rows.append(games)
    rhs.append(60)
    solution = np.linalg.lstsq(np.array(rows), np.array(rhs, float), rcond=None)[0]
    counts = {t: solution[i] for i, t in enumerate(transitions)}
    # one measured game left line 571 or 572 for 575 without a counted segment of 575; the table's
    # own counts of 571, 572 and 573 say how often each went there
    counts[(571, 575)] = table["571"]["segments"] - table["572"]["segments"]
    counts[(572, 575)] = table["572"]["segments"] - table["573"]["segments"]
    counts[(571, 572)] = table["572"]["segments"]
    counts[(572, 573)] = table["573"]["segments"]
    return {t: round(n) for t, n in counts.items()}


def class_counts(streams, flow, recorded) -> dict[tuple, float]:
    """Segments of each class in the 60 games: a line's way in (how it began) and way out from the
    flows, its IFs' ways in our games' proportion (or exactly, EXACT_SUBS)."""
    kind = {}
    for stream in streams:
        real = [(line, how) for line, how in stream if how >= 0]
        for (a, _), (b, how) in itertools.pairwise(real):
            kind[(a, b)] = how
    kind[(570, 574)] = 0
    real_flow: Counter = Counter()
    for (a, b), n in flow.items():
        if a not in LINES:
            continue
        if b not in LINES:  # through a half-written CURLIN, which always goes on to one line
            b = next(after for (before, after) in flow if before == b)
        real_flow[(a, b)] += n
    combos: dict[int, Counter] = defaultdict(Counter)
    for key, _ in recorded:
        combos[key[0]][key] += 1
    combos[570][(570, 0, 574, None)] += 0
    combos[574][(574, 0, ENDED, None)] += 0
    counts: dict[tuple, float] = {}
    for line, seen in combos.items():
        into: Counter = Counter()
        out: Counter = Counter()
        for (a, b), n in real_flow.items():
            if b == line:
                into[kind.get((a, b), 0)] += n
            if a == line:
                following = RETURNED if kind.get((a, b)) == RESUMED_BY_RETURN else b
                out[701 if line == 700 else following] += n
        if line == 2:
            into[0] += 60
        out[ENDED] = max(0, sum(into.values()) - sum(out.values()))
        ways = sorted({key[:3] for key in seen}, key=str)
        a_rows = [[1.0 if way[1] == how else 0.0 for way in ways] for how in sorted(into)]
        a_rows += [[1.0 if way[2] == following else 0.0 for way in ways] for following in sorted(out)]
        b_rows = [into[how] for how in sorted(into)] + [out[following] for following in sorted(out)]
        solved = np.linalg.lstsq(np.array(a_rows), np.array(b_rows, float), rcond=None)[0]
        for way, n in zip(ways, solved, strict=True):
            subs = {key: m for key, m in seen.items() if key[:3] == way}
            total = sum(subs.values()) or 1
            for key, m in subs.items():
                counts[key] = n * (m / total if len(subs) > 1 else 1)
    second = real_flow[(572, 575)]
    counts[(570, 0, 571, "second")] = second
    counts[(570, 0, 571, "first")] = TABLE["570"]["segments"] - second - real_flow[(570, 574)]
    return counts


def solve_line(line: int, keys: list[tuple], counts, cycles: dict[tuple, list[int]]) -> dict[tuple, float]:
    """The bases of one line's classes (see the module's docstring)."""
    t = TABLE[str(line)]
    low = {k: min(cycles[k]) for k in keys}
    high = {k: max(cycles[k]) for k in keys}
    mean = {k: float(np.mean(cycles[k])) for k in keys}
    if len(keys) == 1:
        (k,) = keys
        if abs((high[k] - low[k]) - (t["max"] - t["min"])) <= 10:
            return {k: ((t["min"] - low[k]) + (t["max"] - high[k])) / 2}
        return {k: t["mean_cycles"] - mean[k]}
    estimated = len({k[3] for k in keys}) > 1 and line not in EXACT_SUBS
    weight = 0.05 if estimated else 100.0
    total = t["segments"] * t["mean_cycles"]
    best = None
    for lowest, highest in itertools.product(keys, keys):
        rows = [np.array([counts.get(k, 0) for k in keys]) / t["segments"] * weight]
        rhs = [(total - sum(counts.get(k, 0) * mean[k] for k in keys)) / t["segments"] * weight]
        rows.append(np.array([1.0 if k == lowest else 0.0 for k in keys]))
        rhs.append(t["min"] - low[lowest])
        rows.append(np.array([1.0 if k == highest else 0.0 for k in keys]))
        rhs.append(t["max"] - high[highest])
        a, b = np.array(rows), np.array(rhs)
        x, _, rank, _ = np.linalg.lstsq(a, b, rcond=None)
        if rank < len(keys):
            continue
        total_of = {k: x[i] + mean[k] for i, k in enumerate(keys)}
        if line in COMPOUND:
            way = {k[3] if k[2] == COMPOUND[line] else "true": v for k, v in total_of.items()}
            if not way["first"] < way.get("second", way["first"] + 1) < way["true"]:
                continue
        if line in IF_JUMPS:
            entered = {k: v for k, v in total_of.items() if k[1] == 0}
            jumps = [v for k, v in entered.items() if k[2] == IF_JUMPS[line]]
            falls = [v for k, v in entered.items() if k[2] != IF_JUMPS[line]]
            if jumps and falls and not min(jumps) > max(falls):
                continue
        if line in IF_SETS:
            way = {k[3]: v for k, v in total_of.items()}
            if len(way) == 2 and not way[IF_SETS[line]] > way[not IF_SETS[line]]:
                continue
        outside = sum(
            max(0, t["min"] - (x[i] + low[k])) + max(0, x[i] + high[k] - t["max"]) for i, k in enumerate(keys)
        )
        score = np.abs(a @ x - b).max() + outside
        if best is None or score < best[0]:
            best = (score, dict(zip(keys, x, strict=True)))
    if best is None:
        raise ValueError(f"line {line}: its classes cannot be told apart by the table")
    return best[1]


def line_535(bases: dict[tuple, float], counts) -> None:
    """535 FOR K1=1 TO 3: GOSUB 700 has four classes and the table three figures: its FOR's own cost
    is taken from 580's FOR B=1 TO 2, plus K1's two further places in the variable table (2 x 34)
    and the B frame its search passes (40)."""
    t = TABLE["535"]
    first, again = (535, 0, 700, "first"), (535, 0, 700, None)
    resumed, returned = (535, 1, 700, None), (535, 2, 540, None)
    for_b = bases[(580, 0, 700, None)] - bases[(580, 1, 700, None)]
    bases[returned] = t["min"]
    bases[first] = t["max"]
    rest = t["segments"] * t["mean_cycles"]
    rest -= counts[returned] * bases[returned] + counts[first] * bases[first]
    bases[resumed] = (rest - counts[again] * (for_b + 108)) / (counts[again] + counts[resumed])
    bases[again] = bases[resumed] + for_b + 108


def fit(games: int, seed: int) -> tuple[dict[tuple, float], dict[str, float]]:
    recorded, streams = [], []
    for n in range(games):
        segments, stream = play(simulated(seed * 100_000 + n))
        recorded += segments
        streams.append(stream)
    cycles: dict[tuple, list[int]] = defaultdict(list)
    for key, counted in recorded:
        cycles[key].append(counted)
    cycles[(570, 0, 574, None)].append(2 * relation(0, 0))  # a draw: M2 and M3 are both 0
    cycles[(574, 0, ENDED, None)].append(0)
    counts = class_counts(streams, flows(streams, TABLE), recorded)
    by_line: dict[int, list[tuple]] = defaultdict(list)
    for key in cycles:
        by_line[key[0]].append(key)
    bases: dict[tuple, float] = {}
    for line in sorted(by_line):
        if line == 535:
            continue
        bases.update(solve_line(line, sorted(by_line[line], key=str), counts, cycles))
    line_535(bases, counts)
    return bases, INPUT_COSTS


def write(bases: dict[tuple, float], extra: dict[str, float]) -> None:
    figures = {
        "what": "LIFE2's segment classes and their base cycles on Microsoft's 6502 BASIC (OSI, 1977); "
        "a segment costs its class's base plus the cycles basic/m6502.py counts for its numbers",
        "source": "derived by tools/fit_cycles.py from the measured table in osi6502_measured.json "
        "(60 games on the real ROM, in an emulator); the worked examples are not used",
        "bases": {key_text(key): round(float(value), 1) for key, value in sorted(bases.items(), key=str)},
        "line_means": {line: t["mean_cycles"] for line, t in TABLE.items()},
        "input": extra,
    }
    FIGURES.write_text(json.dumps(figures, indent=1) + "\n", encoding="ascii")
    from make_cycle_tables import TABLES, text  # the figures as the meter reads them, made again

    TABLES.write_text(text(), encoding="utf-8")


def check(bases: dict[tuple, float], extra: dict[str, float]) -> None:
    """The figures' error on each worked example, which the fit did not see."""
    errors = []
    for game in MEASURED_DATA["games"]:
        program = Life2Program()
        costs = Life2Costs(program, CycleFigures(bases, {}, extra))
        meter = CycleMeter(costs)
        program.m.count_segments(meter)
        stop = run_in_memory(program.run(), [r.encode() for r in game["responses"]]).stop
        errors.append(meter.total(stop) / game["segment_cycles"] - 1)
    print(" ".join(f"{100 * e:+.3f}%" for e in errors))
    print(f"max {100 * max(map(abs, errors)):.3f}%, mean {100 * np.mean(np.abs(errors)):.3f}%")


MEASURED_DATA = json.loads(MEASURED.read_text(encoding="ascii"))
TABLE: dict[str, dict] = MEASURED_DATA["lines"]
LINES = set(Life2Program().lines)
"""The listing's lines; the table's others are CURLIN half written."""

_again = TABLE["701"]["max"] - TABLE["701"]["mean_cycles"]
INPUT_COSTS = {"again": round(_again), "more": round(_again - 2400)}
"""701's largest segment asked twice (?REDO FROM START after a word, then a move): the pass that asks
again is what it cost beyond one plain answer. A `??` for a missing value costs that pass less the
message and the restart of the statement, estimated from the source at 2,400 cycles."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=300, help="simulated games (default 300)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--write", action="store_true", help="write cycles.json (and cycle_tables.py)")
    args = parser.parse_args()
    bases, extra = fit(args.games, args.seed)
    check(bases, extra)
    if args.write:
        write(bases, extra)


if __name__ == "__main__":
    main()
