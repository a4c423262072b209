"""Seeded scripts for Cell Life: the answers to its questions, then moves and ENTERs, and what people
really type besides.

A script starts with the set-up answers (2 to 4 players, each a human or a
computer, the small or the large board), mostly good. Then come lines as a
game asks for them: squares written the ways people write them (`3,4`,
`3 4`, `3.4`, `3x4`), squares taken or off the board, words, empty lines
and ENTERs. Script `i` of seed `s` is always the same, and so is its game
seed (what `time()` returns to the program).
"""

from __future__ import annotations

import random

from .. import Script

_ODD = (
    "x",
    "3,",
    ",3",
    "-1,2",
    "0,0",
    "99,99",
    "1,99",
    "2,3,4",
    "a,b",
    "3x4",
    "3.4",
    "3 4",
    "+2,+2",
    "  ",
    "1, 2",
)


def _square(rng: random.Random, width: int, height: int) -> str:
    x, y = rng.randint(1, width), rng.randint(1, height)
    form = rng.choice(("{x},{y}", "{x},{y}", "{x},{y}", "{x} {y}", "{x}.{y}", "{x}x{y}", " {x} , {y}"))
    return form.format(x=x, y=y)


def script(seed: int, index: int, odd: float = 0.08) -> Script:
    """Script `index` of `seed`: set-up answers, then a game's worth of lines."""
    rng = random.Random(f"cell-life-scripts:{seed}:{index}")
    players = rng.choice((2, 2, 3, 4))
    humans = [rng.random() < 0.5 for _ in range(players)]
    large = rng.random() < 0.25
    lines = [str(players)] + [("1" if human else "2") for human in humans] + ["2" if large else "1"]
    if rng.random() < odd:  # a bad answer somewhere in the set-up
        lines.insert(rng.randrange(1, len(lines) + 1), rng.choice(("x", "5", "0", "", "3 4")))
    width, height = (25, 18) if large else (5, 5)
    for _ in range(rng.randint(6, 60)):
        roll = rng.random()
        if roll < odd:
            lines.append(rng.choice(_ODD))
        elif roll < 0.3:
            lines.append("")
        else:
            lines.append(_square(rng, width, height))
    return Script([line.encode("ascii") for line in lines], rng.randrange(1, 2**31))
