"""`life2 terminal`: the pygame Teletype or glass terminal, plugged into a serial line.

It is what a Model 33 was to a computer: it prints what comes down the line,
at the line's pace, and sends each key as it is struck. It knows nothing of
LIFE2; at the other end there can be `life2 --terminal serial`, on this
machine or another, or any host at all. A museum can run the game on one
machine and the display on another.

With `--input`, it types a script itself: each line once the line has been
quiet for a moment, as a person waits for the machine to finish printing.
When the script is done and the line is quiet again, it closes (saving
`--screenshot` if asked). That is for demonstrations and tests.
"""

from __future__ import annotations

import argparse
import contextlib
import time
from typing import Any

from .exits import run_command
from .play import line_settings
from .screenshot import parse_size
from .terminals import terminal_class
from .terminals.serial.link import LinkLost, SerialLink
from .terminals.serial.settings import LineSettings
from .terminals.transcript import read_responses
from .terminals.window.terminal import PygameTerminal, WindowClosed


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

    def step(self, display: PygameTerminal) -> bool:
        """Type the next line if it is time; False once every line is typed and the line is quiet."""
        if display.throttle.pending or not self.is_quiet():
            return True
        if not self.lines:
            return False
        for char in self.lines.pop(0).decode("ascii", "replace"):
            display.send_key(display.key_code(char))
        display.send_key(b"\r")
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
        display.attach_keyboard(self._send, local_echo, on_break=self._break)

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
        return self.typist is None or self.typist.step(self.display)

    def run(self) -> None:
        while self.step():
            pass


def terminal_command(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    try:
        settings = line_settings(args)
        size = parse_size(args.size)
        if not args.port:
            raise ValueError("--port is needed: a serial device such as /dev/ttyUSB0, or a pyserial URL")
        if args.quiet <= 0:
            raise ValueError("--quiet is a number of seconds above 0")
        options = display_options(args, settings)
    except ValueError as exc:
        parser.error(str(exc))
    local_echo = args.local_echo if args.local_echo is not None else args.terminal == "teletype"

    def session() -> None:
        typist = None if args.input is None else ScriptedTypist(read_responses(args.input), args.quiet)
        link = SerialLink(args.port, settings)
        link.open()
        try:
            display = terminal_class(args.terminal)(size=size, **options)
            with display:
                line = LineTerminal(display, link, local_echo, typist)  # type: ignore[arg-type]
                with contextlib.suppress(WindowClosed):
                    line.run()
                if args.screenshot:
                    display.save_png(args.screenshot)  # type: ignore[attr-defined]
        finally:
            link.close()

    return run_command("terminal", session)


def display_options(args: argparse.Namespace, settings: LineSettings) -> dict[str, Any]:
    """The window's own options; its pace is the line's (`settings`, already checked)."""
    from .play import effects_from

    options: dict[str, Any] = {"baud": settings.baud, "fullscreen": args.fullscreen}
    if args.terminal == "teletype":
        options["sound"] = not args.mute
    else:
        options["phosphor"] = args.phosphor
        options["effects"] = effects_from(args)
        if args.mute:
            options["sound"] = False
    return options
