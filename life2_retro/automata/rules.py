"""p2life's rules (Levene & Roussos, "A Two-Player Game of Life"), one cell at a time.

This is the definition every engine, the game and the study are checked
against, written as the paper states it, from white's point of view (black's is
symmetric):

* birth in an empty cell: exactly 3 white neighbours and a black count other
  than 3 gives white; 3 white and 3 black, an unbiased coin decides;
* survival of a white token, with d = white neighbours - black neighbours:
  d is 2 or 3, it survives; d is 1 and white is at least 2, it survives;
  otherwise it dies.

The paper lists the variations its authors considered; each is a `Rules`
here, by the number the paper gives it. Its fourth names two alternatives
joined by "or", so they are `4a` and `4b`.

The coin is not drawn here: the caller passes the coin's face for the cell
(`coin_white`), so that an engine and a model given the same stream of coins
compute the same lattice.
"""

from __future__ import annotations

from dataclasses import dataclass

EMPTY, WHITE, BLACK = 0, 1, 2
NEIGHBOURS = 8


@dataclass(frozen=True)
class Rules:
    """One rule set; the defaults are the paper's p2life."""

    name: str = "p2life"
    birth_needs_fewer_than_three_opposing: bool = False
    """Variant 1: born only when the other colour has fewer than 3 neighbours (not merely other than 3)."""
    coin_birth: bool = True
    """Variant 2 omits it: 3 and 3 around an empty cell then gives nothing."""
    survive_at_difference_one: bool = True
    """Variant 3 omits it: d = 1 no longer survives."""
    difference_one_needs_two_own: bool = True
    """Variant 4a omits it: d = 1 survives whatever its own count."""
    difference_at_most_three: bool = True
    """Variant 4b omits it: any d of 2 or more survives."""

    def born(self, own: int, other: int) -> bool:
        """Whether an empty cell with `own` neighbours of one colour and `other` of the other is born
        that colour outright (the coin aside)."""
        if own != 3:
            return False
        return other < 3 if self.birth_needs_fewer_than_three_opposing else other != 3

    def coin_decides(self, white: int, black: int) -> bool:
        """Whether an empty cell's fate is the coin's."""
        return self.coin_birth and white == 3 and black == 3

    def survives(self, own: int, other: int) -> bool:
        d = own - other
        if d >= 2 and (d <= 3 or not self.difference_at_most_three):
            return True
        return (
            d == 1 and self.survive_at_difference_one and (own >= 2 or not self.difference_one_needs_two_own)
        )


P2LIFE = Rules()
VARIANTS: dict[str, Rules] = {
    "0": P2LIFE,
    "1": Rules(
        "variant 1: birth needs fewer than 3 of the other colour", birth_needs_fewer_than_three_opposing=True
    ),
    "2": Rules("variant 2: no coin at 3 and 3", coin_birth=False),
    "3": Rules("variant 3: no survival at a difference of 1", survive_at_difference_one=False),
    "4a": Rules(
        "variant 4a: a difference of 1 survives without 2 of its own", difference_one_needs_two_own=False
    ),
    "4b": Rules("variant 4b: any difference of 2 or more survives", difference_at_most_three=False),
}
"""By the paper's numbering; "0" is p2life itself."""


def rules_for(variant: str) -> Rules:
    try:
        return VARIANTS[variant]
    except KeyError:
        raise ValueError(f"unknown p2life variant {variant!r}: choose from {', '.join(VARIANTS)}") from None


def next_state(state: int, white: int, black: int, coin_white: bool, rules: Rules = P2LIFE) -> int:
    """The cell's state one generation on, given its neighbour counts and the coin's face for it."""
    if white + black > NEIGHBOURS or min(white, black) < 0:
        raise ValueError(f"{white} white and {black} black neighbours: a cell has {NEIGHBOURS}")
    if state == EMPTY:
        if rules.born(white, black):
            return WHITE
        if rules.born(black, white):
            return BLACK
        if rules.coin_decides(white, black):
            return WHITE if coin_white else BLACK
        return EMPTY
    if state == WHITE:
        return WHITE if rules.survives(white, black) else EMPTY
    if state == BLACK:
        return BLACK if rules.survives(black, white) else EMPTY
    raise ValueError(f"no such cell state {state!r}")


COIN = 3
"""In a transition table: the coin decides (white on one face, black on the other)."""
STATES = (EMPTY, WHITE, BLACK)


def transition_table(rules: Rules = P2LIFE) -> list[list[list[int]]]:
    """table[state][white][black]: the next state, or COIN, for every neighbourhood a cell can have
    (white + black <= 8; the impossible ones are EMPTY). Read off `next_state` with each face of the
    coin, so it is the rules as written, whatever an engine makes of them."""
    table = [[[EMPTY] * (NEIGHBOURS + 1) for _ in range(NEIGHBOURS + 1)] for _ in STATES]
    for state in STATES:
        for white in range(NEIGHBOURS + 1):
            for black in range(NEIGHBOURS + 1 - white):
                heads = next_state(state, white, black, True, rules)
                tails = next_state(state, white, black, False, rules)
                table[state][white][black] = heads if heads == tails else COIN
    return table
