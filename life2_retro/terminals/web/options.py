"""The web seat's settings, declared once: the command line, the exhibit's config and the
constructor all come from them (terminals/options.py). Where the page is reached, and its door,
are the telnet seat's settings (the same door); the rest is the look of the terminal drawn."""

from __future__ import annotations

from ..options import Option
from ..telnet.terminal import BIND as BIND
from ..telnet.terminal import CODE as CODE
from ..telnet.terminal import CODE_WAIT as CODE_WAIT
from ..telnet.terminal import PORT as PORT
from ..telnet.terminal import SEAT as SEAT
from ..telnet.terminal import STALL as STALL
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
SOUND = Option(
    "sound",
    "no sound in the page (F8 there toggles it)",
    default=True,
    kind=bool,
    flag="--mute",
    negated=True,
)
ERASE = Option("erase", "what Backspace sends: the host's erase character", default="_", internal=True)

WEB_OPTIONS = (PORT, BIND, CODE, CODE_WAIT, STALL, LOOK, BAUD, PHOSPHOR, SOUND, ERASE, SEAT)
