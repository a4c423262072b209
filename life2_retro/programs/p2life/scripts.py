"""Seeded scripts for p2life: squares as a game asks for them, and what people really type besides.

Most lines are squares on the 5 by 5 board, written the ways people write them
(`3,4`, `3 4`, ` 3 , 4 `); among them are squares off the board or taken,
words, empty lines, fractions, Teletype erases (`_`, `@`) and long lines.
Script `i` of seed `s` is always the same, and so is its game's coin seed.
"""

from __future__ import annotations

import random

from .. import Script

_ODD = (
    "",
    "  ",
    "x",
    "3,",
    ",3",
    "0,0",
    "6,1",
    "1,6",
    "-1,2",
    "99,99",
    "2,3,4",
    "2.5,3",
    "a,b",
    "3;4",
    "+2,+2",
    "33_,4",
    "5,5@1,1",
    "1,1" + " " * 80,
    "\x1b[2J1,1",
)


def _square(rng: random.Random) -> str:
    x, y = rng.randint(1, 5), rng.randint(1, 5)
    form = rng.choice(("{x},{y}", "{x},{y}", "{x},{y}", "{x} {y}", " {x} , {y} "))
    return form.format(x=x, y=y)


def script(seed: int, index: int, odd: float = 0.12) -> Script:
    """Script `index` of `seed`: a game's worth of lines, and the coin's seed."""
    rng = random.Random(f"p2life-scripts:{seed}:{index}")
    lines = [rng.choice(_ODD) if rng.random() < odd else _square(rng) for _ in range(rng.randint(6, 80))]
    return Script([line.encode("ascii") for line in lines], rng.randrange(1, 2**31))
