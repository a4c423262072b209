"""Running a program: on a terminal, or in memory with every byte and line kept.

`drive` is the only loop that does I/O for a game. A program is a generator of
events (basic/events.py); the driver hands each one to the terminal and sends
the terminal's typed lines back. `run_in_memory` is the fast path that `life2
run`, `compare`, `bench` and the tests all need: these responses in, these
bytes and this trace out.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from types import FrameType

from .events import CTRL_C, REDISPLAY, Echo, InputRequest, Notice, Run, Status, Stop
from .terminals.base import LineInterrupted, Terminal
from .terminals.transcript import ScriptedTerminal

LineHook = Callable[[int | str], object]
"""Called with each line execution enters (what TRON prints), or each C function it enters; what it
returns is ignored (a file's write returns a count)."""


def drive(
    run: Run,
    terminal: Terminal,
    on_line: LineHook | None = None,
    break_key: bytes | None = None,
    breaks: bool = False,
) -> Stop:
    """Feed the program's events to the terminal until the program stops.

    With `break_key`, a Ctrl-C at a prompt (the console's SIGINT, a serial line's Ctrl-C or BREAK)
    is typed to the program as that key instead of ending the run: GW-BASIC's INPUT reads Ctrl-C
    and breaks the program with its own message. The half-typed line is gone either way.

    With `breaks` (a program that breaks between statements, as a BASIC does), the console's
    Ctrl-C while the program runs is noted instead of ending the run, and the program's next line
    gets CTRL_C: it stops there with its BREAK message. One that comes while a prompt is being
    printed is one typed at that prompt; a second one before the first was taken ends the run at
    once, as Ctrl-C did before (output stopped with Ctrl-S, say, holds the first one back)."""
    with _CtrlCWhileRunning(breaks) as ctrl_c:
        try:
            event = next(run)
            while True:
                # the exact type, not isinstance: a Notice or a Status is a str, and an Echo is bytes
                if type(event) is int or type(event) is str:
                    if type(event) is int and ctrl_c.typed:
                        ctrl_c.typed = False
                        event = run.send(CTRL_C)
                        continue
                    if on_line is not None:
                        on_line(event)
                elif type(event) is bytes:
                    terminal.write(event)
                elif type(event) is Echo:
                    terminal.echo(event)
                elif isinstance(event, InputRequest):
                    event = run.send(_read_line(terminal, break_key, event.shown, ctrl_c))
                    continue
                elif event is REDISPLAY:
                    terminal.redisplay_from_here()
                elif type(event) is Notice:
                    terminal.notice(str(event))
                elif type(event) is Status:
                    terminal.status(str(event))
                else:
                    raise TypeError(f"a program yielded {event!r}, which is no event")
                event = next(run)
        except StopIteration as stop:
            stopped: Stop = stop.value  # what a Run returns (StopIteration types it Any)
            return stopped


class _CtrlCWhileRunning:
    """SIGINT's handler while a program that breaks between statements runs: Ctrl-C is noted for
    the program's next line; at a prompt, or a second time, it is KeyboardInterrupt as ever."""

    def __init__(self, wanted: bool) -> None:
        self.wanted = wanted
        self.typed = False
        self.reading = False
        self._previous: signal.Handlers | Callable[[int, FrameType | None], object] | int | None = None

    def __enter__(self) -> _CtrlCWhileRunning:
        # only where Ctrl-C is Python's own KeyboardInterrupt, from the main thread (where a handler
        # may be set): a nohup'd run that ignores SIGINT keeps ignoring it
        if (
            self.wanted
            and threading.current_thread() is threading.main_thread()
            and signal.getsignal(signal.SIGINT) is signal.default_int_handler
        ):
            self._previous = signal.signal(signal.SIGINT, self._on_ctrl_c)
        return self

    def _on_ctrl_c(self, signum: int, frame: FrameType | None) -> None:
        if self.reading or self.typed:
            raise KeyboardInterrupt
        self.typed = True

    def __exit__(self, *exc_info: object) -> None:
        if self._previous is not None:
            signal.signal(signal.SIGINT, self._previous)
            self._previous = None


def _read_line(
    terminal: Terminal, break_key: bytes | None, shown: bool, ctrl_c: _CtrlCWhileRunning
) -> bytes | None:
    try:
        if ctrl_c.typed:  # typed while the prompt was printed: at the prompt, then
            ctrl_c.typed = False
            raise KeyboardInterrupt
        ctrl_c.reading = True
        try:
            return terminal.read_shown_line() if shown else terminal.read_line()
        finally:
            ctrl_c.reading = False
    except (KeyboardInterrupt, LineInterrupted):
        if break_key is None:
            raise
        return break_key


@dataclass(frozen=True)
class GameRun:
    """One run kept whole: what the BASIC sent, the lines it entered, and why it stopped."""

    output: bytes
    trace: tuple[int | str, ...]
    stop: Stop
    notices: tuple[str, ...] = ()


def run_in_memory(run: Run, responses: Sequence[bytes]) -> GameRun:
    """A program fed `responses`, every byte and line kept."""
    terminal = ScriptedTerminal(list(responses))
    trace: list[int | str] = []
    stop = drive(run, terminal, trace.append)
    return GameRun(bytes(terminal.output), tuple(trace), stop, tuple(terminal.notices))
