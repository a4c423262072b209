"""Fixtures the terminal tests share."""

from __future__ import annotations

import pytest

from ..support.serialpty import FarEnd, Life2Process, start_life2


@pytest.fixture
def far_end(tmp_path):
    """A serial line's far end: a pty behind a by-id style path, closed after the test."""
    end = FarEnd(tmp_path / "ttyTELETYPE")
    yield end
    end.close()


@pytest.fixture
def processes():
    """Starts `life2 ARGS` processes with their stderr kept; each is stopped after the test, and its
    stderr shown when the test fails."""
    started: list[Life2Process] = []

    def start(*args: str) -> Life2Process:
        proc = start_life2(*args)
        started.append(proc)
        return proc

    yield start
    for proc in started:
        proc.stop()
        print(f"life2's stderr:\n{proc.stderr}")  # shown when the test fails
