"""A serial line for tests: a pseudo-terminal whose slave pyserial opens by path, and its far end.

The path is a symlink, as udev makes /dev/serial/by-id/... for a USB adapter,
so a test can pull the "adapter" out (close the pty) and plug a new one in
(a new pty, the symlink moved to it) while life2 keeps the same PORT.
"""

from __future__ import annotations

import os
import select
import subprocess
import sys
import threading
import time
from pathlib import Path


class FarEnd:
    """The teletype's side of a pty: what life2 sent, and keys to type."""

    def __init__(self, link: Path) -> None:
        self.link = link
        self.master = -1
        self.slave = -1
        self.output = b""
        self.plug()

    def plug(self) -> None:
        """A new adapter: a fresh pty behind the same path."""
        self.master, self.slave = os.openpty()
        staged = self.link.with_name(self.link.name + ".new")
        staged.unlink(missing_ok=True)
        staged.symlink_to(os.ttyname(self.slave))
        staged.replace(self.link)

    def unplug(self) -> None:
        """The adapter pulled out: its path goes first, as udev removes the by-id link, and then its
        pty. Left behind, the link would name a pty number the system gives to the next pty opened,
        another test's, which a game looking for its port again would open and write to."""
        self.link.unlink(missing_ok=True)
        for fd in (self.master, self.slave):
            os.close(fd)
        self.master = self.slave = -1

    def read_available(self, wait: float = 0.05) -> bytes:
        got = b""
        while select.select([self.master], [], [], wait)[0]:
            try:
                chunk = os.read(self.master, 65536)
            except OSError:
                break
            if not chunk:
                break
            got += chunk
            wait = 0.0
        self.output += got
        return got

    def read_until(self, marker: bytes, count: int = 1, timeout: float = 30) -> bytes:
        """Wait until `marker` has been sent `count` times in all."""
        deadline = time.monotonic() + timeout
        while self.output.count(marker) < count:
            if time.monotonic() > deadline:
                raise TimeoutError(f"{count} x {marker!r} not seen: {self.output[-300:]!r}")
            self.read_available(0.05)
        return self.output

    def type(self, data: bytes) -> None:
        os.write(self.master, data)

    def close(self) -> None:
        if self.master >= 0:
            self.unplug()
        self.link.unlink(missing_ok=True)


def text(output: bytes) -> bytes:
    """What was sent, without the fill characters."""
    return output.replace(b"\0", b"")


class Life2Process:
    """`python -m life2_retro ARGS` in the background, its stderr read as it comes.

    A child whose stderr nobody reads stops once the pipe is full: a game that reports a hundred
    lost lines would hang for that reason alone.
    """

    def __init__(self, *args: str, env: dict[str, str] | None = None) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "life2_retro", *args],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            env={**os.environ, **(env or {})},
        )
        self._stderr: list[bytes] = []
        self._reader = threading.Thread(target=self._drain, daemon=True)
        self._reader.start()

    def _drain(self) -> None:
        assert self.proc.stderr is not None
        for line in self.proc.stderr:
            self._stderr.append(line)

    @property
    def stderr(self) -> str:
        return b"".join(self._stderr).decode("utf-8", "replace")

    def poll(self) -> int | None:
        return self.proc.poll()

    def wait(self, timeout: float) -> int:
        code = self.proc.wait(timeout=timeout)
        self._reader.join(timeout=5)
        return code

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.wait(timeout=10)


def start_life2(*args: str, env: dict[str, str] | None = None) -> Life2Process:
    return Life2Process(*args, env=env)


class NullModem:
    """Two ptys joined master to master: a cable between two programs that each open a slave."""

    def __init__(self) -> None:
        self.a_master, self.a_slave = os.openpty()
        self.b_master, self.b_slave = os.openpty()
        self.a = os.ttyname(self.a_slave)
        self.b = os.ttyname(self.b_slave)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._carry, daemon=True)
        self._thread.start()

    def _carry(self) -> None:
        ends = {self.a_master: self.b_master, self.b_master: self.a_master}
        while not self._stop.is_set():
            ready, _, _ = select.select(list(ends), [], [], 0.05)
            for fd in ready:
                try:
                    data = os.read(fd, 4096)
                except OSError:
                    continue  # that end is closed for now
                if data:
                    os.write(ends[fd], data)

    def close(self) -> None:
        self._stop.set()
        self._thread.join(timeout=5)
        for fd in (self.a_master, self.a_slave, self.b_master, self.b_slave):
            os.close(fd)
