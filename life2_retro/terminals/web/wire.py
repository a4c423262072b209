"""What a page and the server say to each other: JSON text frames, each a small object.

The page sends:
* `{"code": "2222"}` first, at a seat's door (and `"token"` with it, to take
  back its own game in `life2 serve`);
* `{"line": "3,3"}` a typed line, once the server has said a line is asked;
* `{"break": true}` Ctrl-C or BREAK.

The server sends `door`, `seated`, `out` (bytes of the line, paced),
`replay` (the game so far, to be printed at once), `read` (a line is asked,
shown or hidden), `status`, `notice` and `over`.

Anything else is refused with a clear close: a binary frame, a frame over
MAX_FRAME bytes, text that is not such an object, a key the page has no
business sending, or a frame out of its order (a line before the door).
"""

from __future__ import annotations

import json
from dataclasses import dataclass

MAX_FRAME = 1024
"""Bytes a page's frame may hold: a line holds 72 characters, a code 32, a token 64."""
MAX_LINE = 72

# WebSocket close codes (RFC 6455 7.4.1), and ours in the range for applications
UNSUPPORTED = 1003
"""A binary frame: the page speaks text."""
INVALID = 1007
"""Text that is not a frame of ours."""
POLICY = 1008
"""A frame out of its order, or a door shut (wrong codes, the seat taken)."""
TOO_BIG = 1009
GOING_AWAY = 1001
NOT_READING = 4000
"""The page did not take its output: the seat is away, as a dropped connection is."""
GAME_OVER = 4001
SEAT_TAKEN = 4002
WRONG_CODE = 4003
IDLE = 4004
BUSY = 4005
"""The server holds as many pages as it may."""


class BadFrame(ValueError):
    """A frame the page should never send; the message says why, and `close` with what code."""

    def __init__(self, why: str, close: int = INVALID) -> None:
        super().__init__(why)
        self.close = close


@dataclass(frozen=True)
class Knock:
    code: str
    token: str = ""
    game: str = ""
    """`life2 serve`: the game a shared link names, or which program a visitor chose."""


@dataclass(frozen=True)
class Line:
    text: str


@dataclass(frozen=True)
class Break:
    pass


Frame = Knock | Line | Break

_FIELDS = {"code": str, "token": str, "game": str, "line": str, "break": bool}


def parse(text: str) -> Frame:
    """A page's frame; BadFrame for anything else."""
    if len(text) > MAX_FRAME:
        raise BadFrame(f"a frame of {len(text)} characters (at most {MAX_FRAME})", TOO_BIG)
    try:
        body = json.loads(text)
    except (ValueError, RecursionError):
        raise BadFrame("a frame that is not JSON") from None
    if not isinstance(body, dict) or not body:
        raise BadFrame("a frame that is not a JSON object")
    for key, value in body.items():
        kind = _FIELDS.get(key)
        if kind is None:
            raise BadFrame(f"a frame with the key {key[:20]!r}")
        if type(value) is not kind:
            raise BadFrame(f"{key} must be a {kind.__name__}")
    if "line" in body:
        line = body["line"]
        if len(body) != 1 or len(line) > MAX_LINE or not line.isascii() or not line.isprintable():
            raise BadFrame("a line of more than 72 characters, or not printable ASCII")
        return Line(line)
    if "break" in body:
        if len(body) != 1:
            raise BadFrame("a break frame with more in it")
        return Break()
    if "code" in body:
        return Knock(body["code"], body.get("token", ""), body.get("game", ""))
    raise BadFrame("a frame that is none of code, line or break")


def frame(kind: str, value: object) -> str:
    """A frame for the page."""
    return json.dumps({kind: value}, separators=(",", ":"))
