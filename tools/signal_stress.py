"""Start a game on a pty many times and send it a signal just after its first prompt; count the hangs.

A signal must end a game on the console at any moment, within a second, with
the terminal given back. The moments that matter are microseconds long (a
signal that comes just before a read begins), so one try shows nothing: this
runs hundreds, each with the signal sent a random 0 to --max-delay-ms after
the prompt arrives, optionally beside --busy CPU-bound processes, and reports
every try that did not end as it should: its status, where it slept (the
kernel's wchan), and its Python stack (faulthandler, asked with SIGABRT).

--widen-us N lengthens the window itself, to show what it does: a small C
library (built with cc, loaded with LD_PRELOAD) spins N microseconds before
each read of fd 0 and each select that waits to read it, with no Python code
in between, so a signal that lands there arrives where the short window is.

`--game study` stops a short study instead (p2life, 150 runs of 64 x 64, under a second of runs):
each try sends the signal a random moment from the study's start to half a second past the end a
study left alone takes, its last second as likely as any (the table being written, Python's exit),
and the study must end within a second or two with 0 and its whole table (the signal came after
its work), or with 128 + the signal and its table whole or absent, never half written, no file
left beside it, no traceback.

Run it from a checkout: the game is `python -m life2_retro` of the current directory.

    python tools/signal_stress.py --tries 1000 --max-delay-ms 1 --busy 2
    python tools/signal_stress.py --tries 30 --max-delay-ms 10 --widen-us 50000 --game cell-life --signal HUP
    python tools/signal_stress.py --game study --tries 200 --signal INT --busy 2
"""

from __future__ import annotations

import argparse
import fcntl
import os
import random
import select
import signal
import subprocess
import sys
import tempfile
import termios
import time
from dataclasses import dataclass
from pathlib import Path

WIDEN_SOURCE = r"""
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdlib.h>
#include <sys/select.h>
#include <time.h>
#include <unistd.h>
static void spin(void) {
    const char *us = getenv("SIGNAL_STRESS_WIDEN_US");
    long wait = us ? atol(us) : 0;
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    do { clock_gettime(CLOCK_MONOTONIC, &b); }
    while ((b.tv_sec - a.tv_sec) * 1000000L + (b.tv_nsec - a.tv_nsec) / 1000 < wait);
}
ssize_t read(int fd, void *buf, size_t n) {
    static ssize_t (*real)(int, void *, size_t);
    if (!real) real = dlsym(RTLD_NEXT, "read");
    if (fd == 0) spin();
    return real(fd, buf, n);
}
int select(int nfds, fd_set *r, fd_set *w, fd_set *e, struct timeval *t) {
    static int (*real)(int, fd_set *, fd_set *, fd_set *, struct timeval *);
    if (!real) real = dlsym(RTLD_NEXT, "select");
    if (r && FD_ISSET(0, r)) spin();
    return real(nfds, r, w, e, t);
}
"""

PROMPTLY = 5.0
"""Seconds a try may take to end once signalled before it counts as a hang."""


@dataclass
class Try:
    delay: float
    status: int | None  # None: still running after PROMPTLY
    restored: bool
    output: bytes
    wchan: str = ""

    def ok(self, signum: int) -> bool:
        clean = b"Traceback" not in self.output and b"Exception ignored" not in self.output
        return self.status == 128 + signum and self.restored and clean


def _at_a_login_terminal() -> None:
    for signum in (signal.SIGINT, signal.SIGQUIT):
        signal.signal(signum, signal.SIG_DFL)
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


def _read_all(master: int, output: bytearray, wait: float) -> None:
    while select.select([master], [], [], wait)[0]:
        try:
            chunk = os.read(master, 65536)
        except OSError:
            return
        if not chunk:
            return
        output += chunk


def one_try(args: list[str], signum: int, delay: float, env: dict[str, str]) -> Try:
    master, slave = os.openpty()
    before = termios.tcgetattr(slave)
    game = subprocess.Popen(
        [sys.executable, "-m", "life2_retro", *args],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        start_new_session=True,
        preexec_fn=_at_a_login_terminal,
        env=env,
    )
    output = bytearray()
    try:
        while b"? " not in output and select.select([master], [], [], 60)[0]:
            try:
                output += os.read(master, 4096)
            except OSError:
                break
        end = time.perf_counter() + delay
        while time.perf_counter() < end:  # a busy wait: a sleep this short is not kept
            pass
        game.send_signal(signum)
        try:
            status: int | None = game.wait(timeout=PROMPTLY)
            wchan = ""
        except subprocess.TimeoutExpired:
            status = None
            wchan = Path(f"/proc/{game.pid}/wchan").read_text()
            game.send_signal(signal.SIGABRT)  # faulthandler prints the Python stack on the pty
            try:
                game.wait(timeout=5)
            except subprocess.TimeoutExpired:
                game.kill()
                game.wait()
        _read_all(master, output, 0.2)
        return Try(delay, status, termios.tcgetattr(slave) == before, bytes(output), wchan)
    finally:
        if game.poll() is None:
            game.kill()
            game.wait()
        os.close(master)
        os.close(slave)


STUDY = ["study", "p2life", "--size", "64", "--runs", "150", "--density", "0.5", "--no-progress"]
STUDY_PROMPTLY = 3.0
"""Seconds a signalled study may take to end: it takes a fraction of one; a loaded two-core machine
gets three, as the suite's signal tests give it."""


def study_try(
    signum: int, moment: float, directory: str, whole: bytes | None, env: dict[str, str]
) -> str | None:
    """One study, signalled `moment` seconds after its start; what was wrong, or None. With `whole`
    None it runs unsignalled and `directory`'s table is the whole one."""
    table = Path(directory, "table.csv")
    table.unlink(missing_ok=True)
    cache = {**env, "XDG_CACHE_HOME": str(Path(directory, "cache"))}  # each try from the start
    study = subprocess.Popen(
        [sys.executable, "-m", "life2_retro", *STUDY, "--csv", str(table)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env=cache,
    )
    if whole is None:
        _, said = study.communicate()
        return None if study.returncode == 0 else f"status {study.returncode}: {said[-500:]!r}"
    time.sleep(moment)
    sent = time.perf_counter()
    study.send_signal(signum)
    try:
        _, said = study.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        study.kill()
        study.communicate()
        return "still running 30 s after the signal"
    took = time.perf_counter() - sent
    left = [name.name for name in Path(directory).iterdir() if name.name.startswith(".")]
    written = table.read_bytes() if table.exists() else None
    wrong = []
    if took > STUDY_PROMPTLY:
        wrong.append(f"ended {took:.1f} s after the signal")
    if study.returncode not in (0, 128 + signum):
        wrong.append(f"status {study.returncode}")
    if study.returncode == 0 and written != whole:
        wrong.append("status 0 without its whole table")
    if written is not None and written != whole and not _a_partial_table(written):
        wrong.append("a table half written")
    if left:
        wrong.append(f"left beside it: {left}")
    if b"Traceback" in said or b"Exception ignored" in said:
        wrong.append("a traceback")
    return f"{'; '.join(wrong)}: {said[-500:]!r}" if wrong else None


def _a_partial_table(written: bytes) -> bool:
    lines = written.decode("utf-8", "replace").splitlines()
    return (
        len(lines) == 2
        and lines[0].startswith("initial_density,")
        and lines[1].count(",") == lines[0].count(",")
    )


def stress_the_study(tries: int, signum: int, env: dict[str, str]) -> int:
    with tempfile.TemporaryDirectory() as directory:
        started = time.perf_counter()
        problem = study_try(signum, 0, directory, None, env)
        if problem is not None:
            print(f"the study left alone: {problem}")
            return 1
        span = time.perf_counter() - started + 0.5
        whole = Path(directory, "table.csv").read_bytes()
        bad = 0
        for number in range(1, tries + 1):
            moment = random.uniform(0, span)
            problem = study_try(signum, moment, directory, whole, env)
            if problem is not None:
                bad += 1
                print(f"try {number}, {signal.Signals(signum).name} {moment:.3f} s in: {problem}")
    print(f"study {signal.Signals(signum).name}: {tries} tries of moments 0 to {span:.2f} s, {bad} wrong")
    return 1 if bad else 0


def widening_library(directory: str) -> str:
    source = Path(directory, "widen.c")
    source.write_text(WIDEN_SOURCE)
    library = str(Path(directory, "widen.so"))
    subprocess.run(["cc", "-shared", "-fPIC", "-O2", "-o", library, str(source), "-ldl"], check=True)
    return library


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tries", type=int, default=500)
    parser.add_argument("--game", default="life2", choices=["life2", "cell-life", "p2life", "study"])
    parser.add_argument("--signal", default="TERM", choices=["TERM", "HUP", "QUIT", "INT"])
    parser.add_argument("--max-delay-ms", type=float, default=1.0)
    parser.add_argument("--busy", type=int, default=0, help="CPU-bound processes to run beside the games")
    parser.add_argument("--widen-us", type=int, default=0, help="lengthen the window so (needs cc)")
    options = parser.parse_args()
    signum = getattr(signal, "SIG" + options.signal)
    args = [] if options.game == "life2" else ["--game", options.game]
    env = {**os.environ, "PYTHONFAULTHANDLER": "1"}
    busy = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(options.busy)]
    if options.game == "study":
        try:
            return stress_the_study(options.tries, signum, env)
        finally:
            for process in busy:
                process.kill()
                process.wait()
    bad = hangs = 0
    try:
        with tempfile.TemporaryDirectory() as scratch:
            if options.widen_us:
                env["LD_PRELOAD"] = widening_library(scratch)
                env["SIGNAL_STRESS_WIDEN_US"] = str(options.widen_us)
            for number in range(1, options.tries + 1):
                delay = random.uniform(0, options.max_delay_ms / 1000)
                result = one_try(args, signum, delay, env)
                if result.ok(signum):
                    continue
                bad += 1
                hangs += result.status is None
                ending = "still running" if result.status is None else f"status {result.status}"
                print(
                    f"try {number}, SIG{options.signal} {delay * 1000:.3f} ms after the prompt: {ending}, "
                    f"terminal {'given back' if result.restored else 'NOT given back'}"
                    + (f", asleep in {result.wchan}" if result.wchan else "")
                )
                print("  " + result.output[-1500:].decode("ascii", "replace").replace("\n", "\n  "))
    finally:
        for process in busy:
            process.kill()
            process.wait()
    print(
        f"{options.game} SIG{options.signal}: {options.tries} tries, {hangs} hangs, "
        f"{bad - hangs} other failures"
    )
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
