"""The web seat's settings, declared once: the command line, the exhibit's config and the
constructor all come from them (terminals/options.py)."""

from __future__ import annotations

from ..options import Option
from ..telnet.terminal import BIND, PORT
from ..window.crt import PHOSPHOR as PHOSPHOR

LOOKS = ("teletype", "crt")

LOOK = Option(
    "look", "teletype (a Model 33's paper) or crt (a glass terminal, 80x24)", "teletype", choices=LOOKS
)
BAUD = Option(
    "baud",
    "the line's speed: 110 (default, a Model 33), up to 9600, 0 as fast as it comes",
    default=110,
    kind=int,
    low=50,
    high=9600,
    zero="as fast as it comes",
    metavar="N",
)
CODE = Option(
    "code",
    "the seat's code, which the page asks for (default: a new 4-digit code, shown on stderr; "
    "none: no code, on loopback only)",
    default=None,
    metavar="CODE",
)
SOUND = Option(
    "sound",
    "no sound in the page (M or F8 there toggles it)",
    default=True,
    kind=bool,
    flag="--mute",
    negated=True,
)

ERASE = Option("erase", "what Backspace sends: the host's erase character", default="_", internal=True)

WEB_OPTIONS = (PORT, BIND, CODE, LOOK, BAUD, PHOSPHOR, SOUND, ERASE)
