"""The telnet protocol as data: what a client's bytes mean, and what goes back to it. No socket.

A telnet client is a network virtual terminal (RFC 854). Left to itself it
buffers a line and echoes it locally, so the opponent across the room could
read a move off the screen before it is sent. The server therefore offers to
echo (RFC 857) and to suppress go-ahead (RFC 858): a client that agrees sends
each key as it is struck and prints nothing of its own, and the server
decides what is shown (by default nothing: the move stays hidden).

From the client: IAC IAC is a data byte 0xFF; IAC with WILL, WONT, DO or DONT
is negotiation, answered so that only ECHO and SUPPRESS-GO-AHEAD are ever on,
and only on the server's side (and SUPPRESS-GO-AHEAD on the client's); a
subnegotiation (IAC SB ... IAC SE) is skipped; Interrupt Process and Break
stop the game as Ctrl-C does; Erase Character and Erase Line are RUBOUT and
Ctrl-U. A Return comes as CR NUL or CR LF (a client in line mode), or as a bare
CR or LF from a raw one: each is one CR. Every byte outside 7-bit ASCII is
dropped, since an NVT carries ASCII only.

To the client: a CR that does not start a CR LF goes as CR NUL, as RFC 854
asks, so a client never takes the next byte as part of a newline (the
listing's mask, `XXXXXX` CR `$$$$$$` CR, overprints as it should).
"""

from __future__ import annotations

from dataclasses import dataclass, field

IAC = 255
DONT = 254
DO = 253
WONT = 252
WILL = 251
SB = 250
GA = 249
EL = 248
EC = 247
AYT = 246
AO = 245
IP = 244
BRK = 243
SE = 240

ECHO = 1
SUPPRESS_GO_AHEAD = 3

CR = 0x0D
LF = 0x0A
NUL = 0x00
CTRL_C = 0x03
CTRL_U = 0x15
RUBOUT = 0x7F

OFFER = bytes([IAC, WILL, ECHO, IAC, WILL, SUPPRESS_GO_AHEAD])
"""What the server says first: it echoes, and it sends no go-ahead; a client takes both as its cue
to send each key at once and echo nothing itself."""

OURS = frozenset({ECHO, SUPPRESS_GO_AHEAD})
"""Options the server does (it offered them in OFFER)."""
THEIRS = frozenset({SUPPRESS_GO_AHEAD})
"""Options the server lets the client do."""


@dataclass
class Received:
    """What some bytes from the client were."""

    keys: bytes = b""
    """The keys typed, ready for the line discipline (a Return as one CR)."""
    reply: bytes = b""
    """Negotiation the server must answer with."""


@dataclass
class TelnetReader:
    """A client's bytes in, keys and replies out; it keeps its place across reads (a command may be
    split between two packets)."""

    ours: set[int] = field(default_factory=lambda: set(OURS))
    """The server's options now on: both offered ones, until the client refuses one."""
    theirs: set[int] = field(default_factory=set)
    _state: str = "data"
    _command: int = 0
    _after_cr: bool = False

    def feed(self, data: bytes) -> Received:
        keys = bytearray()
        reply = bytearray()
        for byte in data:
            state = self._state
            if state == "data":
                self._data(byte, keys)
            elif state == "iac":
                self._state = "data"
                if byte == IAC:
                    self._after_cr = False  # a data byte 0xFF: not ASCII, so no key
                elif byte in (WILL, WONT, DO, DONT):
                    self._command, self._state = byte, "option"
                elif byte == SB:
                    self._state = "sb"
                elif byte in (IP, BRK):
                    keys.append(CTRL_C)
                elif byte == EC:
                    keys.append(RUBOUT)
                elif byte == EL:
                    keys.append(CTRL_U)
                # NOP, DM, GA, AO, AYT and the rest ask nothing of a game
            elif state == "option":
                self._state = "data"
                reply += self._negotiate(self._command, byte)
            elif state == "sb":
                if byte == IAC:
                    self._state = "sb-iac"
            elif state == "sb-iac":
                self._state = "data" if byte == SE else "sb"
        return Received(bytes(keys), bytes(reply))

    def _data(self, byte: int, keys: bytearray) -> None:
        if byte == IAC:
            self._state = "iac"
            return
        after_cr, self._after_cr = self._after_cr, byte == CR
        if after_cr and byte in (NUL, LF):
            return  # the second half of a Return
        if byte == LF:
            keys.append(CR)  # a raw client's Return
        elif byte < 0x80:
            keys.append(byte)

    def _negotiate(self, command: int, option: int) -> bytes:
        """The answer RFC 854 asks for: agree or refuse once, and say nothing when nothing changes
        (answering an answer would loop for ever)."""
        # DO and DONT are about our side, WILL and WONT about theirs: the same rule for each
        if command in (DO, DONT):
            agreed, allowed, yes, no = self.ours, OURS, WILL, WONT
        else:
            agreed, allowed, yes, no = self.theirs, THEIRS, DO, DONT
        if command in (DO, WILL):  # asked to turn it on
            if option in agreed:
                return b""
            if option in allowed:
                agreed.add(option)
                return bytes([IAC, yes, option])
            return bytes([IAC, no, option])
        if option in agreed:  # asked to turn it off
            agreed.discard(option)
            return bytes([IAC, no, option])
        return b""


def to_client(data: bytes) -> bytes:
    """Bytes for the client: a CR not followed by LF goes as CR NUL (RFC 854), and a 0xFF, which a
    terminal's filtered output never holds, would go doubled."""
    out = bytearray()
    for index, byte in enumerate(data):
        out.append(byte)
        if byte == CR and data[index + 1 : index + 2] != b"\n":
            out.append(NUL)
        elif byte == IAC:
            out.append(IAC)
    return bytes(out)


class TelnetFraming:
    """Telnet as the seat's door sees a connection (door.Framing): the offer first, keys and replies
    from what the client sends, and text with its CRs as RFC 854 wants them."""

    def __init__(self) -> None:
        self.reader = TelnetReader()

    def greeting(self) -> bytes:
        return OFFER

    def feed(self, data: bytes) -> tuple[bytes, bytes]:
        received = self.reader.feed(data)
        return received.keys, received.reply

    def frame(self, data: bytes) -> bytes:
        return to_client(data)
