"""The mean-field curve: the density one generation after a random soup, from the rules alone.

In a soup every cell is independently empty (1 - rho), white (rho / 2) or
black (rho / 2), so a cell's 8 neighbours hold w white and b black tokens with
the multinomial probability

    P(w, b) = 8! / (w! b! (8 - w - b)!) (rho/2)^(w + b) (1 - rho)^(8 - w - b).

A cell is occupied after one step if it was empty and a token is born (3 of
one colour, any coin), or it held a token that survives:

    rho' = (1 - rho) sum_{(w, b) born} P(w, b) + rho sum_{(w, b) white survives} P(w, b)

(black's sums are white's mirrored, and P is symmetric, so white's stand for
both). For one step from a soup this is not an approximation: the cell and
its neighbours are independent, so it is the exact expectation of the
density. Correlations appear only from the second generation on. Summing over
`rules.transition_table` makes the curve follow whichever variant is chosen.
"""

from __future__ import annotations

from math import factorial

from .rules import EMPTY, NEIGHBOURS, P2LIFE, WHITE, Rules, transition_table


def neighbourhood_probability(white: int, black: int, density: float) -> float:
    empty = NEIGHBOURS - white - black
    ways = factorial(NEIGHBOURS) // (factorial(white) * factorial(black) * factorial(empty))
    return ways * (density / 2) ** (white + black) * (1 - density) ** empty


def mean_field(density: float, rules: Rules = P2LIFE) -> float:
    """rho': the expected density one generation after a soup of density rho."""
    table = transition_table(rules)
    born = survives = 0.0
    for white in range(NEIGHBOURS + 1):
        for black in range(NEIGHBOURS + 1 - white):
            p = neighbourhood_probability(white, black, density)
            born += p * (table[EMPTY][white][black] != EMPTY)
            survives += p * (table[WHITE][white][black] == WHITE)
    return (1 - density) * born + density * survives


def p2life_closed_form(density: float) -> float:
    """The same curve for p2life itself, multiplied out (docs/p2life-study.md states it in this form):
    with q = rho/2 and e = 1 - rho,
    rho' = e (112 q^3 (1-q)^5 - 560 q^6 e^2)
         + rho (28 q^2 e^6 + 224 q^3 e^5 + 280 q^4 e^4 + 840 q^5 e^3 + 420 q^6 e^2 + 448 q^7 e + 56 q^8)."""
    q, e = density / 2, 1 - density
    born = 112 * q**3 * (1 - q) ** 5 - 560 * q**6 * e**2
    survives = (
        28 * q**2 * e**6
        + 224 * q**3 * e**5
        + 280 * q**4 * e**4
        + 840 * q**5 * e**3
        + 420 * q**6 * e**2
        + 448 * q**7 * e
        + 56 * q**8
    )
    return e * born + density * survives
