"""A Unix tty's output processing, between a C program and a terminal.

A C program writes `\\n` and `\\t` and leaves the rest to the tty it runs on.
With the settings a Teletype wants (`stty onlcr tab3`), the tty sends CR LF
for each newline and expands each tab into spaces, to the next multiple of 8,
since a Model 33 has no tab stops and a glass terminal's may be set anywhere.
`UnixTty` does that for a terminal, so the Teletype, the glass terminal and a
serial line get what such a tty would have sent them. A BASIC sends its own
CR LF and needs none of it; a transcript (`life2 run`) keeps the program's
bytes as they are.
"""

from __future__ import annotations

from .base import KeyHook, Terminal

TAB_STOP = 8


class UnixTty(Terminal):
    """Wraps a terminal: newlines become CR LF and tabs become spaces on the way out."""

    def __init__(self, terminal: Terminal) -> None:
        self.terminal = terminal
        self.column = 0
        """The carriage's column, as the tty counts it to expand a tab."""

    def shape(self, data: bytes) -> bytes:
        out = bytearray()
        for byte in data:
            if byte == 0x0A:
                out += b"\r\n"
                self.column = 0
            elif byte == 0x0D:
                out.append(byte)
                self.column = 0
            elif byte == 0x09:
                spaces = TAB_STOP - self.column % TAB_STOP
                out += b" " * spaces
                self.column += spaces
            elif byte == 0x08:
                out.append(byte)
                self.column = max(0, self.column - 1)
            else:
                out.append(byte)
                if byte >= 0x20:
                    self.column += 1
        return bytes(out)

    def write(self, data: bytes, on_key: KeyHook | None = None) -> None:
        self.terminal.write(self.shape(data), on_key=on_key)

    def echo(self, data: bytes) -> None:
        self.terminal.echo(self.shape(data))

    def read_line(self, idle_seconds: float | None = None) -> bytes | None:
        line = self.terminal.read_line(idle_seconds)
        if line is not None:
            self.terminal.write(b"\r\n")  # the tty's echo of the Return: the typed line itself stays hidden
        self.column = 0
        return line

    def read_shown_line(self, idle_seconds: float | None = None) -> bytes | None:
        line = self.terminal.read_shown_line(idle_seconds)
        if line is not None and not self.terminal.echoes_shown_lines:
            self.terminal.write(b"\r\n")  # the Return's echo, where the terminal did not show it
        self.column = 0
        return line

    def notice(self, text: str) -> None:
        self.column = 0
        self.terminal.notice(text)

    def status(self, text: str) -> None:
        self.terminal.status(text)

    def redisplay_from_here(self) -> None:
        self.terminal.redisplay_from_here()

    def idle(self, seconds: float, on_key: KeyHook | None = None) -> None:
        self.terminal.idle(seconds, on_key=on_key)

    def linger(self) -> None:
        self.terminal.linger()

    def stop_output(self) -> None:
        self.terminal.stop_output()

    def discard_input(self) -> None:
        self.terminal.discard_input()

    def show_typing(self, data: bytes, on_key: KeyHook | None = None) -> None:
        self.terminal.show_typing(data, on_key)

    def close(self) -> None:
        self.terminal.close()


def for_program(terminal: Terminal, through_a_tty: bool) -> Terminal:
    """The terminal as the program should see it: behind a Unix tty when it wrote through one."""
    return UnixTty(terminal) if through_a_tty else terminal
