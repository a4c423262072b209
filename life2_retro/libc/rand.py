"""glibc's `srand` and `rand`: the TYPE_3 additive feedback generator of `random_r`.

The state is 34 words. `srand(seed)` fills the first 31 with the Park-Miller
"minimal standard" generator (16807 * r mod 2^31 - 1, by Schrage's method so
that nothing overflows a signed 32-bit word), copies the first three again,
and throws away the first 310 outputs. Each output is then
`r[i] = r[i - 31] + r[i - 3]` (mod 2^32), shifted right by one. The rules are
glibc's own documentation of random_r.c; tests/libc/test_rand.py checks the
numbers against the C library itself.
"""

from __future__ import annotations

from collections import deque

RAND_MAX = 2**31 - 1
_MASK = 2**32 - 1


class GlibcRandom:
    """One C program's `rand()`; `srand(0)` seeds as `srand(1)`, as glibc does."""

    def __init__(self, seed: int = 1) -> None:
        self.srand(seed)

    def srand(self, seed: int) -> None:
        seed &= _MASK  # srand takes an unsigned int
        word = seed or 1
        state = [word]
        for _ in range(1, 31):
            # Park-Miller by Schrage's method, on signed 32-bit words as random_r.c does
            word = _signed(word)
            hi, lo = divmod(word, 127773) if word >= 0 else (-((-word) // 127773), -((-word) % 127773))
            word = 16807 * lo - 2836 * hi
            if word < 0:
                word += RAND_MAX
            state.append(word & _MASK)
        state += state[:3]
        self._state = deque(state, maxlen=34)
        for _ in range(310):
            self._next()

    def _next(self) -> int:
        state = self._state
        value = (state[-31] + state[-3]) & _MASK
        state.append(value)
        return value >> 1

    def rand(self) -> int:
        return self._next()


def _signed(word: int) -> int:
    word &= _MASK
    return word - 2**32 if word >= 2**31 else word
