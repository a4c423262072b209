"""glibc's rand, reproduced: the same numbers as the C library for the same seed."""

from __future__ import annotations

import pytest

from life2_retro.libc.rand import GlibcRandom

from ..support.cbuild import build_c, run_c

PROBE = r"""
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
  int i, n = atoi(argv[2]);
  srand((unsigned) strtoll(argv[1], 0, 10));
  for (i = 0; i < n; i++) printf("%d\n", rand());
  return 0;
}
"""


@pytest.mark.parametrize("seed", [0, 1, 5, 1764000000, 2**31, 2**32 - 1, -7, 123456789123])
def test_rand_equals_the_c_library_for_every_seed_kind(seed):
    """0 (glibc seeds it as 1), small, a clock's, past 2^31 (negative in the signed state), the
    largest unsigned, a negative time_t, and one past 32 bits (srand takes the low 32)."""
    theirs = [int(line) for line in run_c(build_c(PROBE), b"", str(seed), "1000").split()]
    ours = GlibcRandom(seed)
    assert [ours.rand() for _ in range(1000)] == theirs


def test_reseeding_starts_the_sequence_again():
    rng = GlibcRandom(9)
    first = [rng.rand() for _ in range(5)]
    rng.srand(9)
    assert [rng.rand() for _ in range(5)] == first
