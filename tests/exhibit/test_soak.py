"""Weeks of a museum in a minute: 10,000 attract / visitor / idle cycles on an accelerated clock.

The exhibit runs as at a kiosk, on a real (headless) pygame glass terminal at 9600 baud. Each
cycle: the computers start a game, a visitor presses a key, chooses to play the computer, answers
0 to 3 prompts, and walks away; the idle reset brings attract mode back. The clock runs 1/60 s a
frame, as a real one would, and jumps the idle time at once when a visitor walks away.
It must raise nothing, and the process must not grow by 5 MB from the end of the warm-up to the
end (resident memory, read from /proc).
"""

from __future__ import annotations

import os
import time

import pygame
import pytest

from ..support.exhibitrig import Rig, press, type_line

CYCLES = int(os.environ.get("SOAK", "10000"))
GROWTH_LIMIT = 5 * 1024 * 1024


def resident_bytes() -> int:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


class Crowd:
    """A stream of visitors: visitor i answers i % 4 prompts (the choice of players first), then
    walks away."""

    def __init__(self) -> None:
        self.visit = -1
        self.answered_read = -1
        self.answered = 0

    def __call__(self, rig: Rig) -> None:
        clock, exhibit = rig.clock, rig.exhibit
        if exhibit.mode == "attract":
            press(pygame.K_SPACE, " ")
            return
        if exhibit.visits != self.visit:
            self.visit, self.answered = exhibit.visits, 0
        if not rig.reading or self.answered_read == rig.reads:
            return
        self.answered_read = rig.reads
        if self.answered < exhibit.visits % 4:
            type_line("1" if self.answered == 0 else f"{exhibit.visits % 5 + 1},{self.answered + 1}")
            self.answered += 1
        else:
            clock.advance(rig.config.idle_seconds)  # away: the idle time passes at once


@pytest.mark.parametrize(("terminal", "cycles", "warm_up"), [("crt", CYCLES, 500), ("teletype", 600, 100)])
def test_ten_thousand_cycles_raise_nothing_and_do_not_grow(tmp_path, terminal, cycles, warm_up):
    """Ten thousand on the glass terminal (its effects off: they are measured by `life2 bench
    --render`); six hundred on the Teletype, whose inking costs more."""
    rig = Rig(
        tmp_path,
        {
            "exhibit": {"terminal": terminal, "result_seconds": 0},
            "records": {"max_bytes": 200_000, "keep": 3},
            "crt": {"effects": []},
        },
        frame_step=1 / 60,
        size=(320, 240),
        panel=False,
    )
    rig.visitor = Crowd()
    try:
        started = time.perf_counter()
        rig.exhibit.run(visits=warm_up)
        warm = resident_bytes()
        rig.exhibit.run(visits=cycles)
        grown = resident_bytes() - warm
        seconds = time.perf_counter() - started
    finally:
        rig.close()
    exhibit = rig.exhibit
    print(
        f"\n{exhibit.visits} cycles ({exhibit.games} games, {rig.terminal.frames} frames) in {seconds:.0f} s; "
        f"resident memory grew {grown / 1024:.0f} KiB after {warm_up} cycles of warm-up"
    )
    assert exhibit.visits == cycles and exhibit.games >= 1.7 * cycles
    assert grown < GROWTH_LIMIT
    logs = sorted(path.name for path in tmp_path.iterdir() if path.name.startswith("life2-games"))
    assert logs[0] == "life2-games.jsonl" and len(logs) <= 4  # rotated, three old files kept at most
    records = rig.records()
    assert {r.ended for r in records} <= {"visitor", "idle", "finished"}
    assert {r.mode for r in records} == {"visitor", "attract"}
    assert all(r.ended == "visitor" for r in records if r.mode == "attract")  # each cut short by a key
