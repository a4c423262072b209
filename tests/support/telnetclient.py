"""A telnet client for tests, on the loopback address only: it agrees to what a server offers, as a
client in character mode does, and keeps what it was sent both as it came and as a terminal shows it."""

from __future__ import annotations

import re
import select
import socket
import time

IAC, DONT, DO, WONT, WILL, SB, SE = 255, 254, 253, 252, 251, 250, 240
ECHO, SUPPRESS_GO_AHEAD = 1, 3
LOOPBACK = "127.0.0.1"


ASK = b"code? "
"""How a seat's door ends its question."""


class TelnetClient:
    """`code`: the door is answered first (`sit_down`), and `output` then holds the game's bytes only."""

    def __init__(
        self, port: int, timeout: float = 20, code: bytes | None = None, host: str = LOOPBACK
    ) -> None:
        deadline = time.monotonic() + timeout
        while True:
            try:
                self.sock = socket.create_connection((host, port), timeout=5)
                break
            except ConnectionRefusedError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.05)
        self.raw = b""
        """Every byte the server sent, commands and all."""
        self.output = b""
        """The data bytes, as a terminal gets them: commands taken out, CR NUL a CR."""
        self.commands: list[tuple[int, int]] = []
        """The server's negotiation, in order: (WILL/WONT/DO/DONT, option)."""
        self.closed = False
        self._pending = b""
        self.door = b""
        """What the door said before the game (its question, and the line after the code)."""
        if code is not None:
            self.sit_down(code)

    def sit_down(self, code: bytes, timeout: float = 20) -> None:
        """Wait for the door's question, type the code, and keep what follows apart as the game's."""
        self.read_until(ASK, timeout=timeout)
        asked = self.output.rindex(ASK) + len(ASK)
        self.type(code + b"\r\n")
        deadline = time.monotonic() + timeout
        while len(self.output) < asked + 2:
            if time.monotonic() > deadline or self.closed:
                raise TimeoutError(f"the door did not take the code: {self.output[-300:]!r}")
            self.read_available(0.05)
        assert self.output[asked : asked + 2] == b"\r\n", self.output[asked:]
        self.door, self.output = self.output[: asked + 2], self.output[asked + 2 :]

    def read_available(self, wait: float = 0.05) -> bytes:
        got = b""
        while not self.closed and select.select([self.sock], [], [], wait)[0]:
            try:
                chunk = self.sock.recv(65536)
            except OSError:
                chunk = b""
            if not chunk:
                self.closed = True
                break
            got += chunk
            wait = 0.0
        self.raw += got
        self._decode(got)
        return got

    def _decode(self, data: bytes) -> None:
        data = self._pending + data
        self._pending = b""
        out = bytearray()
        i = 0
        while i < len(data):
            byte = data[i]
            if byte == IAC:
                if i + 1 >= len(data) or (data[i + 1] in (WILL, WONT, DO, DONT) and i + 2 >= len(data)):
                    self._pending = data[i:]
                    break
                command = data[i + 1]
                if command == IAC:
                    out.append(IAC)
                    i += 2
                elif command in (WILL, WONT, DO, DONT):
                    self.commands.append((command, data[i + 2]))
                    self._answer(command, data[i + 2])
                    i += 3
                else:
                    i += 2
            elif byte == 0x0D and data[i + 1 : i + 2] == b"\0":
                out.append(byte)
                i += 2
            else:
                out.append(byte)
                i += 1
        self.output += bytes(out)

    def _answer(self, command: int, option: int) -> None:
        """Agree to the server's echo and go-ahead suppression once, as a character-mode client does."""
        if command == WILL and option in (ECHO, SUPPRESS_GO_AHEAD):
            self.send(bytes([IAC, DO, option]))

    def read_until(self, marker: bytes, count: int = 1, timeout: float = 30) -> bytes:
        deadline = time.monotonic() + timeout
        while self.output.count(marker) < count:
            if time.monotonic() > deadline or self.closed:
                raise TimeoutError(f"{count} x {marker!r} not seen: {self.output[-300:]!r}")
            self.read_available(0.05)
        return self.output

    def read_until_closed(self, timeout: float = 30) -> bytes:
        deadline = time.monotonic() + timeout
        while not self.closed:
            if time.monotonic() > deadline:
                raise TimeoutError(f"the server did not close: {self.output[-300:]!r}")
            self.read_available(0.05)
        return self.output

    def send(self, data: bytes) -> None:
        self.sock.sendall(data)

    def type(self, data: bytes) -> None:
        self.send(data)

    def close(self) -> None:
        self.sock.close()
        self.closed = True


LISTENING = re.compile(r"waiting for (?:player (\d+)|the player) \(telnet\) on (\S+) port (\d+)")


def listening_port(stderr: str) -> int | None:
    """The port a telnet seat said it listens on (it was given port=0): the first one said."""
    found = LISTENING.search(stderr)
    return int(found[3]) if found else None


def listening_ports(stderr: str) -> dict[int, int]:
    """Each telnet seat's port, by player."""
    return {int(found[1]): int(found[3]) for found in LISTENING.finditer(stderr) if found[1]}
