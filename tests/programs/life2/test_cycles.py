"""LIFE2's cycle model against the worked examples measured on the 1977 ROM.

The bases are measured on the 6502 engine, segment by segment, from games of another seed
(tools/fit_cycles_on_engine.py); the worked examples are games the fit never saw, so each is a
test of the model. tests/osi/test_cycle_meter.py holds the meter against the engine itself.
"""

from __future__ import annotations

import ast
import functools
import importlib.util
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from life2_retro.basic.cycles import ENDED, RETURNED, CycleMeter
from life2_retro.basic.m6502 import OK, READY, error_message, relation
from life2_retro.events import Stop
from life2_retro.programs.life2.bugs import BUG_NAMES
from life2_retro.programs.life2.cycle_patches import END_STATEMENT, FOUND, VARIABLE_PLACE
from life2_retro.programs.life2.cycles import Life2Costs, count_cycles, measured
from life2_retro.programs.life2.program import Life2Program
from life2_retro.programs.life2.scripts import generate_script
from life2_retro.session import run_in_memory

TOOLS = Path(__file__).resolve().parents[3] / "tools"

EXAMPLES = measured()["games"]
QUICK_GAME = [b"1,1", b"1,5", b"5,5", b"3,2", b"3,3", b"3,4"]


def metered(responses: list[bytes], bugs=BUG_NAMES) -> tuple[CycleMeter, Stop]:
    program = Life2Program(bugs=bugs)
    meter = count_cycles(program)
    stop = run_in_memory(program.run(), responses).stop
    return meter, stop


@pytest.mark.parametrize("game", range(len(EXAMPLES)))
def test_each_worked_example_within_a_fortieth_of_a_percent_and_its_segments_exactly(game):
    """The fit never saw these games: 0.025% bounds the model's errors on them (the largest is 0.020%,
    cycles.md; tests/test_docs_figures.py holds the pages to the figures)."""
    example = EXAMPLES[game]
    meter, stop = metered([response.encode() for response in example["responses"]])
    assert meter.segments_done(stop) == example["segments"]
    assert meter.total(stop) == pytest.approx(example["segment_cycles"], rel=0.00025)


def test_the_quick_game_less_its_last_segment_is_the_measured_check():
    """The table's check, 7,647,452 cycles, counts the segments that ended: the last one, which prints
    the winner and ?US ERROR and OK, ends only when the BASIC reads its next command."""
    meter, stop = metered(QUICK_GAME)
    assert stop is Stop.ERROR
    assert "7,647,452" in measured()["check"]
    assert meter.cycles == pytest.approx(7_647_452, rel=0.0001)
    # line 575's segment, player 2 the winner: 19,149 on the 6502 engine (tests/osi/test_cycle_meter.py)
    assert meter.total(stop) - meter.cycles == 19_149


class SegmentBySegment:
    """The same price list charged segment by segment (Life2Costs.describe), as the fit sees it."""

    def __init__(self, program: Life2Program) -> None:
        self.costs = Life2Costs(program)
        self.compiled: dict = {}

    def compile(self, line: int, how: int, following: int):
        def charge(_: object) -> int:
            key, cycles = self.costs.describe(line, how, following)
            return self.costs.base(key) + cycles

        return charge

    def typed(self, prompt: bytes, keys: bytes, buffer: bytes) -> None:
        self.costs.typed(prompt, keys, buffer)

    def pending(self) -> int:
        return self.costs.pending()


@pytest.mark.parametrize("seed", range(8))
def test_the_loops_charged_whole_cost_what_their_segments_cost_one_by_one(seed):
    responses = generate_script(random.Random(f"cycles:{seed}"))
    fast, stop = metered(responses)
    program = Life2Program()
    slow = CycleMeter(SegmentBySegment(program))
    program.m.count_segments(slow)
    assert run_in_memory(program.run(), responses).stop is stop
    assert fast.total(stop) == slow.total(stop)
    assert fast.segments_done(stop) == slow.segments_done(stop)


@functools.cache
def load_tool(name: str) -> Any:
    """A maintainer's tool (tools/NAME.py) as a module, so that a test runs the check the tool runs."""
    path = TOOLS / f"{name}.py"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    return tool


def both_meters(responses: list[bytes], bugs=BUG_NAMES) -> list[tuple[int, ...]]:
    """The board passes priced whole, and the oracle: every segment charged as it ends (the
    comparison tools/compare_cycle_meters.py makes on 2,000 games)."""
    result: list[tuple[int, ...]] = load_tool("compare_cycle_meters").both(responses, bugs)
    return result


@pytest.mark.parametrize("game", range(len(EXAMPLES)))
def test_the_passes_priced_whole_cost_what_the_segments_cost_in_each_worked_example(game):
    whole, by_segment = both_meters([response.encode() for response in EXAMPLES[game]["responses"]])
    assert whole == by_segment


@pytest.mark.parametrize("block", range(4))
def test_the_passes_priced_whole_cost_what_the_segments_cost_in_generated_games(block):
    """50 games a block (tools/compare_cycle_meters.py runs 2,000): answers of every kind, and half
    of them with bug switches drawn at random, which change the lines the passes run into."""
    for index in range(50 * block, 50 * (block + 1)):
        rng = random.Random(f"whole-passes:{index}")
        responses = generate_script(rng)
        bugs = frozenset(rng.sample(BUG_NAMES, rng.randint(0, len(BUG_NAMES)))) if index % 2 else BUG_NAMES
        whole, by_segment = both_meters(responses, bugs)
        assert whole == by_segment, (index, sorted(bugs))


def test_a_generation_tells_the_meter_a_handful_of_segments():
    """Counted and printed, a board is some 300 segments; priced whole, a generation is a handful of
    calls (the two players' moves, the passes' first lines)."""
    example = max(EXAMPLES, key=lambda game: game["segments"])
    calls = {}
    for by_segment in (False, True):
        program = Life2Program()
        count_cycles(program, by_segment=by_segment)
        told = program.m.meter
        seen = {"segments": 0, "passes": 0}

        def counting(line: int, how: int, told=told, seen=seen):
            seen["segments"] += 1
            seen["passes"] += line == 560 and how == 0
            return told(line, how)

        program.m.meter = counting
        run_in_memory(program.run(), [response.encode() for response in example["responses"]])
        calls[by_segment] = seen["segments"] / seen["passes"]
    assert calls[True] > 300
    assert calls[False] < 40


@pytest.mark.parametrize("seed", range(6))
def test_any_answers_and_any_bug_switches_are_priced(seed):
    """Fractions, exponents, words, empty lines, long lines; with the bugs fixed, lines the patches
    replace or add. Every segment gets a price, and a longer game costs more."""
    rng = random.Random(f"cycles-any:{seed}")
    responses = generate_script(rng)
    bugs = frozenset(rng.sample(BUG_NAMES, rng.randint(0, len(BUG_NAMES))))
    meter, stop = metered(responses, bugs)
    assert meter.total(stop) > 400_000  # the title and the tables alone
    longer, _ = metered([*responses, b"1,1"] if stop is Stop.INPUT_ENDED else responses, bugs)
    assert longer.total(stop) >= meter.total(stop)


def test_the_bases_are_what_the_6502_engine_measures(rom6502):
    """cycles.json is tools/fit_cycles_on_engine.py's output: each class's base is the mean of its
    segments on the 6502 engine less the cycles counted for their numbers. Two games measured again
    give every class they meet; where their segments of a class all cost the same, the carried base
    is that figure (within 6 cycles: 580's, 705's and 708's classes vary by up to 28 with something
    the counts do not follow, and their bases are means over 300 scripts)."""
    from collections import defaultdict

    from life2_retro.programs.life2.cycles import read_figures
    from life2_retro.programs.life2.scripts import legal_game

    tool = load_tool("fit_cycles_on_engine")
    carried = read_figures().bases
    found: dict[tuple, list[int]] = defaultdict(list)
    for index in range(2):
        lined_up = tool.segments(legal_game(1, index))
        assert lined_up is not None
        for key, counted, cycles in lined_up:
            found[key].append(cycles - counted)
    exact = {key: values[0] for key, values in found.items() if key[0] != 701 and len(set(values)) == 1}
    assert len(exact) > 100
    for key, cycles in exact.items():
        assert carried[key] == pytest.approx(cycles, abs=6), key


def test_the_patches_end_a_game_without_the_error_message_the_listing_prints():
    """With --fixed, GOTO 800 finds 800 END: the winner's line (measured as the listing prints it, with
    ?US ERROR IN 575 and OK) less the message, then END and its OK. Before, the two cost more than
    the measured ending: 575 at its mean with the message still in it, and 800 at 11,000."""
    costs = Life2Costs(Life2Program(bugs=()))
    for line in (574, 575):
        faithful = costs.base((line, 0, ENDED, None))
        fixed = costs.base((line, 0, 800, None)) + costs.base((800, 0, ENDED, None))
        expected = faithful - error_message(b"US", line) + FOUND + END_STATEMENT
        assert fixed == pytest.approx(expected, abs=2)
        assert fixed < faithful - 5000  # the message and the line number's FOUT


def test_the_patch_lines_are_priced_from_the_measured_lines_they_resemble():
    costs = Life2Costs(Life2Program(bugs=()))
    assert costs.base((720, 0, 721, None)) == costs.base((720, 0, 725, None))
    assert costs.base((542, 0, 543, None)) == costs.base((542, 0, 559, None))
    # 721 IF P1>1 THEN RETURN is 720's return when B is 1, P1 found one place later; each relation is
    # counted with its own numbers (720's B was 1 when it returned)
    returning = costs.base((721, 0, RETURNED, None)) + relation(1, 1)
    assert returning == costs.base((720, 0, RETURNED, None)) + VARIABLE_PLACE
    assert 1000 < costs.base((543, 0, 559, None)) < costs.base((90, 0, 99, None)) / 2
    assert costs.base((800, 0, ENDED, None)) == pytest.approx(END_STATEMENT + READY + OK, abs=1)


def test_the_carried_tables_are_what_the_tool_makes_from_the_figures():
    """cycle_tables.py is tools/make_cycle_tables.py's output from cycles.json and the pricing functions
    as they are: a change to either without making it again fails here."""
    tool = load_tool("make_cycle_tables")
    assert tool.TABLES.read_text(encoding="utf-8") == tool.text()


def test_the_figures_the_meter_reads_are_cycles_json():
    from life2_retro.programs.life2.cycles import load_figures, read_figures

    carried, read = load_figures(), read_figures()
    assert carried.bases == read.bases
    assert carried.line_means == read.line_means
    assert carried.input_costs == read.input_costs
    assert carried.patched == read.patched


def in_advance_games() -> list[tuple[list[bytes], frozenset[str]]]:
    """The worked examples (all bugs as listed) and 50 generated games, half with bug switches."""
    games = [([r.encode() for r in game["responses"]], frozenset(BUG_NAMES)) for game in EXAMPLES]
    for index in range(50):
        rng = random.Random(f"in-advance:{index}")
        responses = generate_script(rng)
        drawn = rng.sample(BUG_NAMES, rng.randint(0, len(BUG_NAMES))) if index % 2 else BUG_NAMES
        games.append((responses, frozenset(drawn)))
    return games


def test_a_fresh_process_finds_every_count_its_games_meet_priced_in_advance(monkeypatch):
    """The tables cover what a game's squares can hold: the worked examples and 50 generated games
    (half with bug switches) price no count, sum, birth, frame or square from scratch, in one fresh set
    of figures."""
    from life2_retro.programs.life2 import cycle_pass_parts, cycle_walks
    from life2_retro.programs.life2.cycles import load_figures

    figures = load_figures.__wrapped__()  # the carried figures, as a new process loads them
    made: list[str] = []
    makers = {
        cycle_walks: (
            *("printed_count", "live_count", "empty_count", "counter", "opening", "counting_frame"),
            *("printing_frame", "finding", "live_places", "neighbours"),
        ),
        cycle_pass_parts: ("neighbour_sum",),
    }
    for module, names in makers.items():
        for name in names:
            real = getattr(module, name)
            monkeypatch.setattr(
                module, name, lambda *args, real=real, name=name: made.append(name) or real(*args)
            )
    for responses, bugs in in_advance_games():
        program = Life2Program(bugs=bugs)
        count_cycles(program, figures)
        run_in_memory(program.run(), responses)
    assert figures.passes.countings  # the passes were priced whole, from these figures
    assert made == []


def test_a_run_priced_whole_never_loads_the_passes_segment_by_segment():
    """What only the per-segment meter and the tables' maker need (the passes' lines' parts, with the
    inner loops' LOOPS; the walks that price a stretch from its bases) is not imported by a process
    that prices the passes whole: `life2 run --cycles` is spared loading it. The same games as above,
    in a fresh interpreter, which then says which of the model's modules it imported."""
    script = """
import ast, sys
from life2_retro.programs.life2.cycles import count_cycles
from life2_retro.programs.life2.program import Life2Program
from life2_retro.session import run_in_memory
for responses, bugs in ast.literal_eval(sys.stdin.read()):
    program = Life2Program(bugs=frozenset(bugs))
    count_cycles(program)
    run_in_memory(program.run(), responses)
model = [name for name in sys.modules if name.startswith("life2_retro.programs.life2.cycle")]
print(sorted((name, hasattr(sys.modules[name], "LOOPS"), hasattr(sys.modules[name], "_Walk")) for name in model))
"""
    games = repr([(responses, sorted(bugs)) for responses, bugs in in_advance_games()])
    done = subprocess.run(
        [sys.executable, "-c", script], input=games, capture_output=True, text=True, check=True
    )
    loaded = {name.rsplit(".", 1)[1]: parts for name, *parts in ast.literal_eval(done.stdout)}
    assert set(loaded) == {"cycles", "cycle_parts", "cycle_passes", "cycle_tables"}
    assert not any(loops or walks for loops, walks in loaded.values())


def test_the_passes_lines_are_named_where_a_run_looks_for_their_parts():
    """Life2Costs loads the passes' parts only for PASS_LINES: a line with a part in cycle_pass_parts
    and missing from PASS_LINES would be charged without it, segment by segment."""
    from life2_retro.programs.life2 import cycle_parts, cycle_pass_parts

    in_passes = {
        *cycle_pass_parts.PARTS,
        *cycle_pass_parts.LOOP_PARTS,
        *(line for line, _ in cycle_pass_parts.LOOPS),
    }
    assert in_passes == cycle_parts.PASS_LINES
    assert not in_passes & set(cycle_parts.PARTS)
