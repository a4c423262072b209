"""Check that LIFE2's board passes priced whole cost what their segments cost one by one.

    python tools/compare_cycle_meters.py [--games 2000] [--seed whole-passes]

`life2 run --cycles` prices each board pass (and the run's opening) with one call
(programs/life2/cycle_passes.py); the meter that charges every segment as it
ends is the oracle. This runs both on the twelve worked examples and on
generated games (answers of every kind; every other game with bug switches
drawn at random) and compares the cycles and the segments, in total and as
`life2 run --cycles` reports them. The suite runs the same check on 200 games
(tests/programs/life2/test_cycles.py); this is the long run. Exit status 1 on
any difference.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from life2_retro.programs.life2.bugs import BUG_NAMES
from life2_retro.programs.life2.cycles import count_cycles, measured
from life2_retro.programs.life2.program import Life2Program
from life2_retro.programs.life2.scripts import generate_script
from life2_retro.session import run_in_memory


def both(responses: list[bytes], bugs: frozenset[str] | tuple[str, ...]) -> list[tuple[int, ...]]:
    results = []
    for by_segment in (False, True):
        program = Life2Program(bugs=bugs)
        meter = count_cycles(program, by_segment=by_segment)
        stop = run_in_memory(program.run(), responses).stop
        results.append((meter.total(stop), meter.segments_done(stop), meter.cycles, meter.segments))
    return results


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=2000, help="generated games (default 2000)")
    parser.add_argument("--seed", default="whole-passes", help="the generated games' seed prefix")
    args = parser.parse_args()
    started = time.perf_counter()
    games: list[tuple[str, list[bytes], frozenset[str] | tuple[str, ...]]] = [
        (f"worked example {n + 1}", [r.encode() for r in game["responses"]], BUG_NAMES)
        for n, game in enumerate(measured()["games"])
    ]
    for index in range(args.games):
        rng = random.Random(f"{args.seed}:{index}")
        responses = generate_script(rng)
        bugs = frozenset(rng.sample(BUG_NAMES, rng.randint(0, len(BUG_NAMES)))) if index % 2 else BUG_NAMES
        games.append((f"generated game {index}", responses, bugs))
    differ = 0
    cycles = segments = 0
    for name, responses, bugs in games:
        whole, by_segment = both(responses, bugs)
        cycles += by_segment[0]
        segments += by_segment[1]
        if whole != by_segment:
            differ += 1
            print(f"{name} ({', '.join(sorted(bugs)) or 'no bugs'}): whole {whole}, by segment {by_segment}")
    print(
        f"{len(games)} games ({len(games) - args.games} worked examples, {args.games} generated, seed "
        f"{args.seed!r}): {segments:,} segments, {cycles:,} cycles; "
        f"{'all the same' if not differ else f'{differ} differ'} ({time.perf_counter() - started:.0f} s)"
    )
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
