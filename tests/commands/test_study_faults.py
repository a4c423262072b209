"""`life2 study` under faults: Ctrl-C and SIGTERM on every executor, and whatever answers at a
scheduler's address.

Real processes throughout. The study runs as a user runs it, in a session of its own with a
pseudo-terminal for its stderr (so tqdm draws its bar, as on a terminal): Ctrl-C goes to its whole
process group as a terminal sends it, SIGTERM to the study alone as `kill` sends it, and what is
left of the group afterwards is counted in /proc. The clusters are a LocalCluster in this process
and a scheduler and a worker as processes of their own; they, and the fake servers that answer
wrongly, listen on the loopback address only.
"""

from __future__ import annotations

import csv
import fcntl
import io
import os
import random
import re
import signal
import socket
import struct
import subprocess
import sys
import termios
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import pytest

from .test_study import local_cluster

distributed = pytest.importorskip("distributed")

STOP_SECONDS = 3.0
"""The issue asks for the end within a second of the signal; a loaded two-core machine (the suite
runs two tests at once) gets three. The old study took minutes, or never ended."""
FAST = ["--size", "64", "--runs", "20000", "--density", "0.5"]
"""Minutes of runs of 5 ms each: the study is always still at work when the signal comes."""
SLOW = ["--size", "512", "--runs", "50", "--density", "0.5"]
"""Runs of about two seconds each, one to a task: when the signal comes, a cluster is in the middle
of some, which it must give up (Dask cannot stop a thread: the runs ask whether they are wanted)."""


# -- a study as a user runs it -------------------------------------------------------------------


@dataclass
class Study:
    process: subprocess.Popen[bytes]
    terminal: int
    """The pseudo-terminal's master side: what the study wrote to its stderr."""
    shown: bytearray = field(default_factory=bytearray)
    reader: threading.Thread | None = None

    def counts(self) -> list[int]:
        """Every count the progress bar has shown, in order."""
        return [int(count) for count in re.findall(rb"\| *(\d+)/\d+ \[", bytes(self.shown))]


STARTED: list[Study] = []


@pytest.fixture(autouse=True)
def _nothing_left_behind() -> Iterator[None]:
    """A test that fails must not leave its study running, nor the workers it orphaned (the old
    study did): whatever is left of each study's process group is killed."""
    yield
    while STARTED:
        group = STARTED.pop().process.pid
        if alive_in_group(group):
            os.killpg(group, signal.SIGKILL)


def start_study(*words: str, program: tuple[str, ...] = ("-m", "life2_retro")) -> Study:
    primary, secondary = os.openpty()
    # a terminal has a size; tqdm draws nothing on one of 0 columns
    fcntl.ioctl(secondary, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 100, 0, 0))
    process = subprocess.Popen(
        [sys.executable, *program, "study", "p2life", *words],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=secondary,
        start_new_session=True,
    )
    os.close(secondary)
    study = Study(process, primary)
    STARTED.append(study)

    def read() -> None:
        while True:
            try:
                data = os.read(primary, 4096)
            except OSError:  # the study has ended and closed its side
                return
            if not data:
                return
            study.shown += data

    study.reader = threading.Thread(target=read, daemon=True)
    study.reader.start()
    return study


def wait_until(condition: Callable[[], object], seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            pytest.fail(f"no {what} in {seconds} s")
        time.sleep(0.02)


def finish(study: Study) -> tuple[int, bytes, bytes]:
    """(status, stdout, everything shown on the terminal) once the study has ended."""
    out, _ = study.process.communicate(timeout=60)
    assert study.reader is not None
    study.reader.join(5)
    os.close(study.terminal)
    return study.process.returncode, out, bytes(study.shown)


def alive_in_group(group: int) -> list[str]:
    """The processes of a process group that are still running (a zombie has ended: this machine's
    PID 1 may never reap the study's orphans, but they do nothing)."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                name, rest = stat.read().rsplit(")", 1)
        except OSError:
            continue
        state, _parent, pgrp = rest.split()[:3]
        if int(pgrp) == group and state not in "ZX":
            found.append(f"{entry} {name.split('(', 1)[1]} {state}")
    return found


def table(out: bytes) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(out.decode())))


# -- clusters ---------------------------------------------------------------------------------------


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _first_task_done_check() -> Callable[[Any], bool]:
    """Whether the first task the study submitted (run 0: the lowest priority, which Dask gives in
    the order of submission) has its result. A worker's threads finish out of order, and a table
    has a row only once a point's run 0 is done. Made inside a function, so that a scheduler in
    another process is sent the check itself (it cannot import this module)."""

    def first_task_done(dask_scheduler: Any) -> bool:
        tasks = list(dask_scheduler.tasks.values())
        return bool(tasks) and min(tasks, key=lambda task: task.priority).state == "memory"

    return first_task_done


@dataclass
class Cluster:
    address: str
    busy: Callable[[], tuple[int, int]]
    """(tasks the scheduler knows, tasks its workers are running)."""
    first_done: Callable[[], bool]
    worker: str = ""


@pytest.fixture(scope="module")
def cluster_in_this_process() -> Iterator[Cluster]:
    with local_cluster(distributed) as local:

        def busy() -> tuple[int, int]:  # this process's own scheduler and worker: look, do not ask
            executing = sum(len(worker.state.executing) for worker in local.workers.values())
            return len(local.scheduler.tasks), executing

        check = _first_task_done_check()
        yield Cluster(local.scheduler_address, busy, lambda: check(local.scheduler))


@contextmanager
def dask_processes() -> Iterator[tuple[Cluster, list[subprocess.Popen[bytes]]]]:
    """`dask scheduler` and `dask worker`, each a process in a session of its own; the processes,
    scheduler first, for a test that stops one."""
    port = _free_port()
    address = f"tcp://127.0.0.1:{port}"
    modules = ("distributed.cli.dask_scheduler", "distributed.cli.dask_worker")
    arguments = (
        ["--host", "127.0.0.1", "--port", str(port), "--dashboard-address", "127.0.0.1:0"],
        [
            address,
            "--host",
            "127.0.0.1",
            "--nthreads",
            "2",
            "--no-nanny",
            "--dashboard-address",
            "127.0.0.1:0",
        ],
    )
    processes = [
        subprocess.Popen(
            [sys.executable, "-m", module, *words],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        for module, words in zip(modules, arguments, strict=True)
    ]
    try:
        client = distributed.Client(address, timeout=30, set_as_default=False)
        client.wait_for_workers(1, timeout=30)

        def busy() -> tuple[int, int]:
            tasks = client.run_on_scheduler(lambda dask_scheduler: len(dask_scheduler.tasks))
            running = client.run(lambda dask_worker: len(dask_worker.state.executing))
            return tasks, sum(running.values())

        check = _first_task_done_check()

        def first_done() -> bool:
            return bool(client.run_on_scheduler(check))

        worker = next(iter(client.scheduler_info()["workers"]))
        try:
            yield Cluster(address, busy, first_done, worker=worker), processes
        finally:
            client.close(timeout=5)
    finally:
        for process in reversed(processes):
            process.terminate()
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:  # a worker whose scheduler has gone tries to reach it
                process.kill()
                process.wait(10)


@pytest.fixture(scope="module")
def cluster_of_processes() -> Iterator[Cluster]:
    with dask_processes() as (cluster, _):
        yield cluster


EXECUTORS = ["in-process", "pool", "cluster-in-this-process", "cluster-of-processes"]


def _where(executor: str, request: pytest.FixtureRequest) -> tuple[list[str], Cluster | None]:
    if executor == "in-process":
        return FAST, None
    if executor == "pool":
        return [*FAST, "--jobs", "2"], None
    cluster: Cluster = request.getfixturevalue(executor.replace("-", "_"))
    return [*SLOW, "--scheduler", cluster.address], cluster


# -- Ctrl-C and SIGTERM -----------------------------------------------------------------------------


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "sigterm"])
@pytest.mark.parametrize("executor", EXECUTORS)
def test_a_signal_ends_the_study_at_once_with_its_finished_runs_and_nothing_left(executor, signum, request):
    words, cluster = _where(executor, request)
    study = start_study(*words)
    total = 50 if cluster else 20000
    # the bar moves while the study works (the old study in one process ran everything before it
    # drew the bar, and this waited for ever); enough tasks done that the first one is too, and
    # the table has a row (a pool's task is 64 runs of 64 x 64, a cluster's one run of 512 x 512)
    enough = {"in-process": 1, "pool": 3 * 64}.get(executor, 2)
    wait_until(lambda: any(enough <= count < total for count in study.counts()), 60, "progress on the bar")
    if cluster is not None:
        wait_until(cluster.first_done, 60, "run 0 done")
    sent = time.monotonic()
    if signum == signal.SIGINT:
        os.killpg(study.process.pid, signum)  # as a terminal sends Ctrl-C: to the whole group
    else:
        os.kill(study.process.pid, signum)  # as `kill` does: to the study alone
    status, out, shown = finish(study)
    took = time.monotonic() - sent
    assert status == 128 + signum, shown[-600:]
    assert took < STOP_SECONDS, f"the study took {took:.1f} s to stop"
    assert b"Traceback" not in shown and b"Exception ignored" not in shown, shown.decode(errors="replace")
    name = signal.Signals(signum).name
    assert re.search(
        rf"life2 study: stopped by {name} after \d+ of {total} runs; a partial table of \d+: ".encode(), shown
    )
    rows = table(out)
    assert len(rows) == 1 and 0 < int(rows[0]["runs"]) < total
    wait_until(lambda: not alive_in_group(study.process.pid), 2, "end of the study's workers")
    if cluster is not None:  # and no task of the study on the cluster, also none a worker was running
        wait_until(lambda: cluster.busy() == (0, 0), 1.5, "end of the study's tasks on the cluster")


def test_the_workers_die_with_a_study_killed_outright():
    """SIGKILL leaves the study no time to stop its workers: they are told by the kernel (Linux)."""
    study = start_study(*FAST, "--jobs", "2")
    wait_until(lambda: any(count > 0 for count in study.counts()), 60, "progress on the bar")
    assert len(alive_in_group(study.process.pid)) >= 3  # the study, its workers, the resource tracker
    os.kill(study.process.pid, signal.SIGKILL)
    finish(study)
    wait_until(lambda: not alive_in_group(study.process.pid), 2, "end of the killed study's workers")


def test_a_partial_table_holds_the_rows_a_shorter_study_gives():
    """A point's partial row is its runs 0 to k-1, so it is the row --runs k gives, to the byte."""
    study = start_study(*FAST)
    wait_until(lambda: any(count > 20 for count in study.counts()), 60, "progress on the bar")
    os.killpg(study.process.pid, signal.SIGINT)
    status, out, _ = finish(study)
    assert status == 130
    runs = table(out)[0]["runs"]
    short = subprocess.run(
        [sys.executable, "-m", "life2_retro", "study", "p2life", *FAST[:2], "--runs", runs, *FAST[4:]],
        capture_output=True,
        check=True,
    )
    assert short.stdout == out


def test_experiments_stopped_early_write_the_whole_ones_and_mark_the_rest_partial(tmp_path):
    out = tmp_path / "study"
    words = ["--experiment", "all", "--size", "64", "--sizes", "16", "--runs", "100", "--out", str(out)]
    study = start_study(*words, "--density", "0.5")
    # the smallest lattices come first: the sizes experiment's 200 runs on 16 x 16 (100 a boundary),
    # then the 64 x 64 ones of the other experiments, which the signal stops part way
    wait_until(lambda: any(count > 225 for count in study.counts()), 60, "progress on the bar")
    os.killpg(study.process.pid, signal.SIGINT)
    status, _, shown = finish(study)
    assert status == 130 and b"Traceback" not in shown
    assert b"; sizes finished whole" in shown
    written = sorted(path.name for path in out.iterdir())
    assert {"p2life-sizes.csv", "p2life-sizes.png", "p2life-claims.md"} <= set(written)
    assert [name for name in written if name.endswith(".png")] == ["p2life-sizes.png"]
    assert "p2life-asymptotic-partial.csv" in written and "p2life-asymptotic.csv" not in written


# -- the scheduler's address ------------------------------------------------------------------------


CONNECT_SECONDS = 2
"""The deadline when nothing will answer: a server that says nothing costs two seconds."""
ANSWER_SECONDS = 60
"""The deadline when something answers (a refusal, other bytes, a worker): the check ends at the
answer, so a long deadline costs nothing, and a loaded machine cannot turn the verdict into a
timeout."""


def checked_study(seconds: float) -> str:
    """The study, its connect timeout `seconds`."""
    return (
        "import sys; from life2_retro.commands.study import execution; "
        f"execution.CONNECT_SECONDS = {seconds}; "
        "from life2_retro.cli import main; sys.exit(main(sys.argv[1:]))"
    )


@pytest.fixture
def fake_server() -> Iterator[Callable[[bytes | None], str]]:
    """A server on the loopback address that accepts and sends `greeting`, or nothing, for ever."""
    servers: list[socket.socket] = []
    held: list[socket.socket] = []

    def serve(greeting: bytes | None) -> str:
        server = socket.create_server(("127.0.0.1", 0))
        servers.append(server)

        def answer() -> None:
            while True:
                try:
                    connection, _ = server.accept()
                except OSError:
                    return
                held.append(connection)
                if greeting is not None:
                    connection.sendall(greeting)

        threading.Thread(target=answer, daemon=True).start()
        return f"tcp://127.0.0.1:{server.getsockname()[1]}"

    yield serve
    for each in servers + held:
        each.close()


@pytest.mark.parametrize(
    "answer, complaint",
    [
        ("nothing", "cannot reach the Dask scheduler at {address}: Connection refused"),
        ("garbage", "a Dask scheduler's address is tcp://HOST:PORT, not 'garbage'"),
        ("empty", "a Dask scheduler's address is tcp://HOST:PORT, not ''"),
        ("ssh", "{address} is not a Dask scheduler: it does not speak Dask's protocol"),
        ("silent", "{address} is not a Dask scheduler: it did not answer Dask's greeting in 2 s"),
        ("worker", "{address} is not a Dask scheduler: it says it is a Worker"),
    ],
)
def test_a_scheduler_address_is_checked_before_any_work(answer, complaint, fake_server, request):
    """One line, status 2, within the connect timeout, whatever answers there: nothing, a server
    that sends other bytes (an SSH banner, which Dask read as a 2.82 EiB message), one that
    accepts and stays silent (the old study waited for ever), a Dask worker; and no __del__."""
    address = {
        "nothing": f"tcp://127.0.0.1:{_free_port()}",
        "garbage": "garbage",
        "empty": "",
        "ssh": lambda: fake_server(b"SSH-2.0-OpenSSH_9.6p1 Ubuntu-3ubuntu13\r\n"),
        "silent": lambda: fake_server(None),
        "worker": lambda: request.getfixturevalue("cluster_of_processes").worker,
    }[answer]
    if callable(address):
        address = address()
    seconds = CONNECT_SECONDS if answer == "silent" else ANSWER_SECONDS
    study = checked_study(seconds)
    started = time.monotonic()
    try:
        result = subprocess.run(
            [sys.executable, "-c", study, "study", "p2life", "--size", "16", "--scheduler", address],
            capture_output=True,
            timeout=seconds + 60,
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"the study is still waiting on {answer!r} after {seconds + 60} s")
    took = time.monotonic() - started
    assert result.returncode == 2 and result.stdout == b""
    assert result.stderr.decode() == f"life2 study: {complaint.format(address=address)}\n"
    # the connect timeout, and some seconds to start Python and Dask on a loaded machine
    assert took < seconds + 20


def test_a_scheduler_in_a_process_of_its_own_runs_the_study(cluster_of_processes):
    words = ["study", "p2life", "--size", "24", "--runs", "4", "--density", "0.2,0.6", "--no-progress"]
    alone = subprocess.run([sys.executable, "-m", "life2_retro", *words], capture_output=True, check=True)
    cluster = subprocess.run(
        [sys.executable, "-m", "life2_retro", *words, "--scheduler", cluster_of_processes.address],
        capture_output=True,
    )
    assert cluster.returncode == 0 and cluster.stderr == b""
    assert cluster.stdout == alone.stdout


# -- a scheduler that goes away, a closed terminal, and the same command again ---------------------------


def test_a_study_whose_scheduler_dies_writes_its_partial_table_and_fails_in_one_line():
    """The scheduler killed mid-study: 58 lines of Dask's log, a CancelledError traceback, status 1
    and no table at all, where the runs that finished are the study's to keep."""
    with dask_processes() as (cluster, processes):
        study = start_study(
            *SLOW, "--scheduler", cluster.address, program=("-c", checked_study(ANSWER_SECONDS))
        )
        wait_until(lambda: any(2 <= count < 50 for count in study.counts()), 120, "progress on the bar")
        wait_until(cluster.first_done, 60, "run 0 done")
        processes[0].terminate()  # the scheduler, as `kill` ends it
        status, out, shown = finish(study)
    lines = re.split(r"[\r\n]+", shown.decode(errors="replace"))
    said = [line for line in lines if line.startswith("life2 study: ") and "%|" not in line]  # not the bar
    assert status == 2, shown[-1500:]
    assert b"Traceback" not in shown and b"distributed" not in shown, shown.decode(errors="replace")
    assert re.fullmatch(
        rf"life2 study: lost the Dask scheduler at {cluster.address} \(.+\) after (\d+) of 50 runs; "
        r"a partial table of (\d+): each point's runs from run 0 up to its first unfinished one, as its runs "
        r"column says",
        said[0],
    ), said
    rows = table(out)
    assert len(rows) == 1 and 0 < int(rows[0]["runs"]) < 50
    kept = re.fullmatch(
        r"life2 study: the (\d+) finished runs are kept in (.+): the same command goes on from them", said[1]
    )
    assert kept and int(kept[1]) >= int(rows[0]["runs"]) and os.path.exists(kept[2]), said
    assert len(said) == 2


def test_a_closed_terminals_sighup_stops_a_study_on_two_cores_cleanly_and_leaks_nothing():
    """SIGHUP to the whole job during --jobs 2: the study died by it (129, no table), and the resource
    tracker, killed with it, was started again and said `There appear to be 5 leaked semaphore objects`
    after the shell's prompt."""
    study = start_study(*FAST, "--jobs", "2")
    wait_until(lambda: any(3 * 64 <= count < 20000 for count in study.counts()), 60, "progress on the bar")
    os.killpg(study.process.pid, signal.SIGHUP)  # as a terminal's close reaches every process of the job
    status, out, shown = finish(study)
    assert status == 129, shown[-600:]
    assert b"Traceback" not in shown and b"leaked" not in shown, shown.decode(errors="replace")
    assert re.search(
        rb"life2 study: stopped by SIGHUP after \d+ of 20000 runs; a partial table of \d+: ", shown
    )
    assert len(table(out)) == 1
    wait_until(lambda: not alive_in_group(study.process.pid), 2, "end of the study's workers")


GOES_ON = ["--size", "64", "--runs", "500", "--density", "0.5"]
"""A study of some 2.5 seconds' runs in one process."""


def test_the_same_command_goes_on_from_the_runs_a_stopped_study_kept(tmp_path, monkeypatch):
    """Stopped early, a study keeps its finished runs; the same command again runs only the rest, and
    its table is the table a study never stopped gives, to the byte."""
    table_path = tmp_path / "sweep.csv"
    study = start_study(*GOES_ON, "--csv", str(table_path))
    wait_until(lambda: any(50 <= count < 500 for count in study.counts()), 60, "progress on the bar")
    os.killpg(study.process.pid, signal.SIGINT)
    status, _, shown = finish(study)
    kept = int(re.search(rb"the (\d+) finished runs are kept in", shown)[1])
    assert status == 130 and 50 <= kept < 500
    again = start_study(*GOES_ON, "--csv", str(table_path))
    status, _, shown = finish(again)
    assert status == 0, shown[-600:]
    assert f"life2 study: going on from the {kept} runs a study stopped before kept in ".encode() in shown
    assert again.counts()[0] == kept  # the bar starts where the first study stopped
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "a clean machine"))
    fresh = subprocess.run(
        [sys.executable, "-m", "life2_retro", "study", "p2life", *GOES_ON, "--no-progress"],
        capture_output=True,
    )
    assert fresh.returncode == 0 and table_path.read_bytes() == fresh.stdout
    once_more = subprocess.run(  # finished whole, the study's kept runs are gone: it starts afresh
        [
            sys.executable,
            "-m",
            "life2_retro",
            "study",
            "p2life",
            *GOES_ON,
            "--csv",
            os.devnull,
            "--no-progress",
        ],
        capture_output=True,
    )
    assert once_more.returncode == 0 and once_more.stderr == b""


# -- a signal at any moment, the very end included ------------------------------------------------


AT_ANY_MOMENT = ["--size", "64", "--runs", "150", "--density", "0.5"]
"""Under a second of runs: a signal at a random moment is as likely to come while the table is
written, or as the study exits, as during the runs."""
MOMENTS = 4
"""Half of them in the last second: `tools/signal_stress.py --study` sends hundreds."""


def test_a_signal_at_any_moment_to_the_very_end_ends_the_study_with_its_table_whole_or_absent(
    tmp_path, monkeypatch
):
    """One study given SIGINT about 5 s in was still running 20 s later; near the end, others died by
    the signal itself (status -2, no word) while their table was written. Each study here gets one
    signal at a random moment from its first progress to half a second past its end (measured on a
    study left alone; every other one in the last second of that), whichever moment that turns out
    to be on this machine: every outcome must be a right one."""
    alone_path = tmp_path / "alone.csv"
    started = time.monotonic()
    study = start_study(*AT_ANY_MOMENT, "--csv", str(alone_path))
    wait_until(study.counts, 60, "progress on the bar")
    working = time.monotonic()
    assert finish(study)[0] == 0
    span = time.monotonic() - working + 0.5
    whole = alone_path.read_bytes()
    assert time.monotonic() - started < 60
    chooser = random.Random(38)
    for attempt in range(MOMENTS):
        monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / f"cache-{attempt}"))  # from the start each time
        signum = chooser.choice([signal.SIGINT, signal.SIGTERM, signal.SIGHUP])
        path = tmp_path / f"table-{attempt}.csv"
        study = start_study(*AT_ANY_MOMENT, "--csv", str(path))
        wait_until(study.counts, 60, "progress on the bar")
        time.sleep(chooser.uniform(0, span) if attempt % 2 else chooser.uniform(max(0, span - 1), span))
        sent = time.monotonic()
        os.killpg(study.process.pid, signum)
        status, _, shown = finish(study)
        took = time.monotonic() - sent
        what = f"attempt {attempt}, {signal.Signals(signum).name}: status {status}, {shown[-400:]!r}"
        assert took < STOP_SECONDS, f"{what}: it took {took:.1f} s to end"
        assert b"Traceback" not in shown and b"Exception ignored" not in shown, what
        assert [name.name for name in tmp_path.iterdir() if name.name.startswith(".")] == [], what
        if status == 0:  # the signal came after the work was done: the study's own table
            assert path.read_bytes() == whole, what
            continue
        assert status == 128 + signum, what
        if path.exists():  # the partial table, whole; or the whole table, written as the signal came
            rows = table(path.read_bytes())
            assert path.read_bytes() == whole or (len(rows) == 1 and 0 < int(rows[0]["runs"]) < 150), what


def test_a_signal_after_the_command_is_done_waits_for_the_exit():
    """Python's own exit gives the signals back their defaults: one that came while a study's
    libraries were cleaned up ended the process by the signal (status -2, no word) after its table
    was written. Here the signal comes at exactly that moment: just after main() returns."""
    after_main = (
        "import os, signal, sys, time; from life2_retro.cli import main; "
        "sys.argv[1:] = ['study', 'p2life', '--size', '16', '--runs', '2', '--density', '0.5', '--no-progress']; "
        "status = main(); os.kill(os.getpid(), signal.SIGINT); os.kill(os.getpid(), signal.SIGTERM); "
        "time.sleep(0.2); sys.exit(status)"
    )
    result = subprocess.run([sys.executable, "-c", after_main], capture_output=True, timeout=120)
    assert result.returncode == 0 and result.stderr == b"", result.stderr[-600:]
    assert len(table(result.stdout)) == 1
