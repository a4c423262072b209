"""The parallel engine's threads: as many as the machine has free cores for, waiting passively.

Two threads that wait for a busy core ran at 0.01 to 0.13 of one thread (issue 38). The choice is
tested on readings given to it (what the cores and this process did), so no verdict depends on
this machine's load; the engine on the threads chosen gives the one-thread engine's generations.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from life2_retro.automata import threads
from life2_retro.automata.threads import PARALLEL_CELLS, Sample, ThreadChoice, threads_for_free_cores

BIG = PARALLEL_CELLS


class Cores:
    """Readings of two cores as a test makes them: each call of `look` moves the clock on."""

    def __init__(self) -> None:
        self.now = Sample(0.0, 0.0, 0.0)

    def advance(self, seconds: float, busy_cores: float, own_cores: float) -> None:
        last = self.now
        self.now = Sample(
            last.wall + seconds, last.busy + busy_cores * seconds, last.own + own_cores * seconds
        )

    def look(self, _on: object) -> Sample:
        return self.now


@pytest.fixture
def two_cores(monkeypatch: pytest.MonkeyPatch) -> Cores:
    monkeypatch.setattr(threads, "cores", lambda: [0, 1])
    return Cores()


def test_free_cores_make_threads_and_a_busy_one_takes_one_away():
    assert threads_for_free_cores(0.0, 2) == 2
    assert threads_for_free_cores(0.2, 2) == 2  # a little other work: its partner waits little
    assert threads_for_free_cores(0.5, 2) == 1  # half a core taken: the partner would wait half
    assert threads_for_free_cores(1.0, 2) == 1
    assert threads_for_free_cores(7.0, 2) == 1  # never none
    assert threads_for_free_cores(1.0, 4) == 3


def test_an_idle_machine_gives_the_big_lattice_both_cores(two_cores):
    choice = ThreadChoice(BIG, 2, two_cores.look, load=lambda: 0.0)
    assert choice.threads == 2
    two_cores.advance(0.5, busy_cores=2.0, own_cores=2.0)  # both cores busy, all of it ours
    assert choice.after_a_call() == 2


def test_a_cpu_bound_program_beside_the_engine_leaves_it_one_thread_and_its_end_gives_two_again(two_cores):
    choice = ThreadChoice(BIG, 2, two_cores.look, load=lambda: 0.0)
    two_cores.advance(0.5, busy_cores=2.0, own_cores=1.0)  # another program took a whole core
    assert choice.after_a_call() == 1
    two_cores.advance(0.5, busy_cores=2.0, own_cores=1.0)  # still there: one thread, one core each
    assert choice.after_a_call() == 1
    two_cores.advance(0.5, busy_cores=1.0, own_cores=1.0)  # gone: the other core is idle
    assert choice.after_a_call() == 2


def test_the_first_guess_is_the_load_average(two_cores):
    assert ThreadChoice(BIG, 2, two_cores.look, load=lambda: 1.0).threads == 1
    assert ThreadChoice(BIG, 2, two_cores.look, load=lambda: 0.1).threads == 2


def test_a_call_too_short_to_measure_keeps_the_choice(two_cores):
    choice = ThreadChoice(BIG, 2, two_cores.look, load=lambda: 0.0)
    two_cores.advance(0.01, busy_cores=2.0, own_cores=1.0)  # one tick of /proc/stat is 0.01 s
    assert choice.after_a_call() == 2


def test_a_small_lattice_or_one_core_gets_one_thread(two_cores, monkeypatch):
    assert ThreadChoice(BIG // 4, 2, two_cores.look, load=lambda: 0.0).threads == 1
    assert ThreadChoice(BIG, 1, two_cores.look, load=lambda: 0.0).threads == 1
    monkeypatch.setattr(threads, "cores", lambda: [0])
    assert ThreadChoice(BIG, 2, two_cores.look, load=lambda: 0.0).threads == 1


def test_the_busy_time_of_the_usable_cores_is_read_from_the_kernels_table(tmp_path):
    table = tmp_path / "stat"
    table.write_text(
        "cpu  900 0 300 5000 100 0 0 0 0 0\n"
        "cpu0 400 0 100 2000 50 0 0 0 0 0\n"
        "cpu1 500 0 200 3000 50 0 0 0 0 0\n"
        "intr 1 2 3\n"
    )
    ticks = os.sysconf("SC_CLK_TCK")
    assert threads.busy_seconds([0], str(table)) == 500 / ticks
    assert threads.busy_seconds([0, 1], str(table)) == 1200 / ticks
    assert threads.busy_seconds([0], str(tmp_path / "none")) is None


def test_openmp_is_told_to_wait_passively_unless_the_user_chose():
    """Spinning threads burn the core their partner waits for: the policy is set before Numba loads
    OpenMP, and a user's own setting is kept."""
    show = "import os, life2_retro.automata.engine; print(os.environ['OMP_WAIT_POLICY'], os.environ['KMP_BLOCKTIME'])"
    clean = {
        key: value for key, value in os.environ.items() if key not in ("OMP_WAIT_POLICY", "KMP_BLOCKTIME")
    }
    told = subprocess.run([sys.executable, "-c", show], env=clean, capture_output=True, text=True, check=True)
    assert told.stdout.split() == ["passive", "0"]
    chosen = {**clean, "OMP_WAIT_POLICY": "active"}
    kept = subprocess.run(
        [sys.executable, "-c", show], env=chosen, capture_output=True, text=True, check=True
    )
    assert kept.stdout.split() == ["active", "0"]


def test_the_engine_on_the_threads_chosen_makes_the_one_thread_engines_generations(monkeypatch):
    np = pytest.importorskip("numpy")
    from life2_retro.automata.engine import Engine
    from life2_retro.automata.soup import random_soup

    side = 1024
    soup = random_soup((side, side), 0.5, np.random.default_rng(3))
    one = Engine(soup, "periodic", 7)
    # the choice, whatever the machine: two threads on the first call, one on the second
    monkeypatch.setattr(threads, "cores", lambda: [0, 1])
    chosen = iter([2, 1])
    monkeypatch.setattr(ThreadChoice, "after_a_call", lambda self: setattr(self, "threads", next(chosen, 1)))
    shared = Engine(soup, "periodic", 7, parallel=True)
    assert shared._threads is not None
    shared._threads.threads = 2
    for _ in range(2):
        assert (one.advance(3) == shared.advance(3)).all()
    assert (one.lattice == shared.lattice).all()


def test_the_bench_says_the_side_the_engine_shares_from():
    from life2_retro.commands.bench.p2life import PARALLEL_SIDE

    assert PARALLEL_SIDE * PARALLEL_SIDE == PARALLEL_CELLS
