"""A window terminal plugged into a serial line: what the line brings is shown at its pace, and
each key goes out as it is struck.

It is what a Model 33 was to a computer. It knows nothing of any game; at the
other end there can be `life2 --terminal serial`, on this machine or another,
or any host at all. A `ScriptedTypist` can type for it: each line once the
line has been quiet for a moment, as a person waits for the machine to finish
printing (for demonstrations and tests).
"""

from __future__ import annotations

import contextlib
import time

from ..serial.link import LinkLost, SerialLink
from .keyboard import LineKeyboard
from .terminal import PygameTerminal


class ScriptedTypist:
    """Types lines into a terminal, each one when the line has been quiet for `quiet` seconds."""

    def __init__(self, lines: list[bytes], quiet: float) -> None:
        self.lines = list(lines)
        self.quiet = quiet
        self.last_heard = time.monotonic()

    def heard(self) -> None:
        self.last_heard = time.monotonic()

    def is_quiet(self) -> bool:
        return time.monotonic() - self.last_heard >= self.quiet

    def step(self, display: PygameTerminal, keyboard: LineKeyboard) -> bool:
        """Type the next line if it is time; False once every line is typed and the line is quiet."""
        if display.throttle.pending or not self.is_quiet():
            return True
        if not self.lines:
            return False
        keyboard.type(display, self.lines.pop(0).decode("ascii", "replace"))
        keyboard.press_return(display)
        self.heard()
        return True


class LineTerminal:
    """A display on a serial line: what arrives is shown at the line's pace, keys go out at once."""

    def __init__(
        self,
        display: PygameTerminal,
        link: SerialLink,
        local_echo: bool,
        typist: ScriptedTypist | None = None,
    ) -> None:
        self.display = display
        self.link = link
        self.typist = typist
        self.keyboard = LineKeyboard(self._send, local_echo, on_break=self._break)
        display.use_keyboard(self.keyboard)

    def _send(self, code: bytes) -> None:
        if not self.link.is_open:
            return  # the line is down: the key goes nowhere, as on a cable pulled out
        with contextlib.suppress(LinkLost):  # reopened by a later frame
            self.link.write(code, flush=False)  # a key must not hold up the window

    def _break(self) -> None:
        if self.link.is_open:
            with contextlib.suppress(LinkLost):
                self.link.send_break()

    def step(self) -> bool:
        """One frame: what the line brought, then the picture. False when a script is done."""
        if self.link.is_open or self.link.try_reopen():
            try:
                data = self.link.read()
            except LinkLost:
                data = b""
            if data:
                self.display.throttle.feed(data)
                if self.typist is not None:
                    self.typist.heard()
        self.display.frame()
        return self.typist is None or self.typist.step(self.display, self.keyboard)

    def run(self) -> None:
        while self.step():
            pass
