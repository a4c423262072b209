"""Ctrl-C, SIGTERM and SIGHUP during a study: stop the work at once, keep what finished.

A study runs for minutes or hours and is stopped by hand (Ctrl-C), by whatever
runs it (`kill`, `timeout`, a batch system: SIGTERM), or by the terminal it was
started from going away (a closed ssh session or window: SIGHUP). Each signal raises
`Stopped` in the main thread wherever it is, between two generations of a run
in this process, or while it waits for workers; the runner tears its workers
down on the way out (execution.py), and the command writes the runs that
finished, says they are partial, and exits as a shell expects: 128 + the
signal, 130, 143 or 129 (exits.py).

Only the first signal raises: a second Ctrl-C while the workers are being
stopped would break off the very clean-up that makes sure none is left behind.
"""

from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from types import FrameType
from typing import Any

from ...exits import ENDING_SIGNALS, status_of

SIGNALS = (signal.SIGINT, *ENDING_SIGNALS)


class Stopped(BaseException):
    """A signal stopped the study (a BaseException, as KeyboardInterrupt is: no `except Exception` in
    a library on the way swallows it)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum

    @property
    def name(self) -> str:
        return signal.Signals(self.signum).name

    @property
    def status(self) -> int:
        """The exit status a shell gives a command the signal ended: 130 for SIGINT, 143 for SIGTERM."""
        return status_of(self.signum)


@contextmanager
def stop_on_signals() -> Iterator[list[int]]:
    """SIGINT, SIGTERM and SIGHUP raise Stopped while the block runs; the list holds the signal received.

    A signal the study was started ignoring (nohup, a background job) stays ignored, and outside the
    main thread (a test calling the command) nothing is changed."""
    received: list[int] = []
    armed = [True]

    def stop(signum: int, _frame: FrameType | None) -> None:
        if received or not armed[0]:
            return  # already stopping; or the block is over, and its handlers going
        received.append(signum)
        raise Stopped(signum)

    previous: dict[signal.Signals, Any] = {}
    with suppress(ValueError):  # not the main thread
        for caught in SIGNALS:
            if signal.getsignal(caught) is not signal.SIG_IGN:
                previous[caught] = signal.signal(caught, stop)
    try:
        yield received
    finally:
        armed[0] = False
        for caught, handler in previous.items():
            signal.signal(caught, handler)


@contextmanager
def signals_held() -> Iterator[None]:
    """SIGINT, SIGTERM and SIGHUP wait until the block is done, then arrive.

    For the moments a signal must not split in two: starting a worker process (which inherits the
    held signals, and lets them through once it has set itself up: execution.py), or making a Dask
    client, which half made would complain at exit."""
    held = signal.pthread_sigmask(signal.SIG_BLOCK, SIGNALS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)
