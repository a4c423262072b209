"""One generation of p2life on two bit-planes, compiled by Numba for one rule set: engine.py's kernels.

The planes are kept with a halo: a word of ghost cells before and after each
row, and a ghost row above the first row and below the last (planes.py's
padded layout). Before a generation the halo is filled from the boundary's
rule: zeros past a cut-off edge, the opposite edge's cells on a torus. Then
every word of the lattice has all eight neighbours where the plain formula
looks for them, and one loop with no edge, no coin and no branch in it makes
them all. LLVM vectorises that loop with the widest registers the CPU has,
512-bit where it has AVX-512 (the kernels ask for them: _prefer_512_bit_vectors);
tests/automata/test_kernels.py reads its machine code to hold it to that.

A generation is made a chunk of rows at a time, in passes over the chunk,
each a loop of its own, while the chunk's words are still in the core's cache:

1. the bit logic, flat over the chunk's words and its halo's (the ghost words
   it writes are nonsense, and nothing reads them: the halo is filled again
   before the next generation). A cell whose coin decides is left set in both
   planes at once, a state no cell has, for pass 3 to find;
2. the last word of each row is cut back to the lattice's width;
3. a row at a time, the populations and, when asked for, the digest (the
   popcounts and a 64-bit hash of the new state, for the run's end: runs.py),
   and whether the row has a coin; only in a row that has one (after the first
   generations of a soup, few do), each coin's face from the shared stream
   (coins.py), its word's counts and share of the digest corrected.

Why words and not rows: a row handed to a function is an array view, and
Numba counts the references of every view it makes or passes, with an
atomic operation each time; in an inner loop that costs more than the rule
itself. Here the views are made once a chunk or a row, outside the loops over words.

The rule set is fixed when the kernels are compiled: `bitslice.next_planes`
reads its variant from five all-or-nothing masks, and here they are
constants of the compiled code, so LLVM folds each variant's terms away
instead of testing them on every word. Each kernel takes the rule set as a
number (rule_code) that Numba treats as a literal: it compiles a version of
the kernels for each rule set it meets, and caches each on disk.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit, prange, types
from numba.extending import intrinsic, overload
from numba.misc.special import literally

from . import bitslice
from .coins import GOLDEN, MIX1, MIX2
from .rules import Rules

U = np.uint64
ONE, S1, S63 = U(1), U(1), U(63)
K_GOLDEN, K_MIX1, K_MIX2 = U(GOLDEN), U(MIX1), U(MIX2)
K_TWO_GOLDEN, K_BLACK = U(2 * GOLDEN % 2**64), U((GOLDEN + MIX2) % 2**64)
WORDS_PER_CHUNK = 1024
"""A chunk is as many whole rows as come to about this many words: 8 KiB a plane, so the four planes
it reads and writes stay in the first-level cache from one pass to the next."""


@intrinsic
def _ctpop(typingctx: Any, x: Any) -> Any:
    """The set bits of a word, as the CPU's own instruction (vpopcntq on a vector of words where the
    CPU has it), where a bit-twiddled count costs a dozen operations."""

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return builder.ctpop(args[0])

    return types.uint64(types.uint64), codegen


@intrinsic
def _cttz(typingctx: Any, x: Any) -> Any:
    """The index of the lowest set bit of a word that has one (tzcnt)."""

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return builder.cttz(args[0], context.get_constant(types.boolean, True))

    return types.uint64(types.uint64), codegen


@intrinsic
def _prefer_512_bit_vectors(typingctx: Any) -> Any:
    """Lets LLVM vectorise the function this is called in with 512-bit vectors where it would keep
    to 256: the "prefer-vector-width"="512" function attribute, as clang's -mprefer-vector-width=512
    sets it. LLVM tunes its code for Intel's AVX-512 cores (Skylake-SP to Emerald Rapids) with
    prefer-256-bit, for code that runs a little 512-bit work among much other (where the core's
    clock drops for it); here the 512-bit loops are all the work, and on an Emerald Rapids Xeon the
    engine is 1.16 times faster for them (docs/p2life-kernels.md). Where the CPU has no 512-bit
    registers, or is not tuned that way (AMD's Zen 4), it changes nothing. The attribute goes in as
    text: llvmlite's attribute set takes only the names it lists, and writes each as given."""

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        set.add(builder.function.attributes, '"prefer-vector-width"="512"')
        return context.get_dummy_value()

    return types.none(), codegen


# what the compiled code calls; typed Any, as mypy reads an intrinsic's signature as its typing's
_popcount: Any = _ctpop
_trailing_zeros: Any = _cttz
_prefer_512_bit_vectors_here: Any = _prefer_512_bit_vectors


@njit(inline="always")
def _mix(z: Any) -> Any:
    z = (z ^ (z >> U(30))) * K_MIX1
    z = (z ^ (z >> U(27))) * K_MIX2
    return z ^ (z >> U(31))


@njit(inline="always")
def _hash(white: Any, black: Any, at_golden: Any) -> Any:
    """A word's share of the digest: white's word at index n, black's at n + 1; `at_golden` is n
    times GOLDEN (the lattice's word k is at n = 2 k)."""
    return _mix(white + at_golden) ^ _mix(black + at_golden + K_BLACK)


@njit(inline="always")
def _faces(coin: Any, seed: Any, first: Any) -> Any:
    """The coins' faces (1: white) for the set bits of `coin`; `first` is the stream's index for bit 0.
    A word of a settled soup has a coin or two at most, so only its set bits are visited."""
    faces = U(0)
    rest = coin
    while rest:
        bit = _trailing_zeros(rest)
        rest &= rest - ONE
        if _mix(seed + (first + bit) * K_GOLDEN) >> S63:
            faces |= ONE << bit
    return faces


@njit(cache=True)
def fill_halo(plane: Any, height: int, width: int, periodic: bool) -> None:
    """The ghost cells round a padded plane (height + 2 rows of words + 2 words), from the boundary.

    Cut off: all empty. A torus: the word before a row holds the row's last cell in its top bit
    (where a west neighbour is read from), the word after it the row's first cell in its bottom bit
    (where an east one is read from); and when the width is not a whole number of words, the first
    cell is also copied into the bit just past the last one, where the last cell's east neighbour
    is read from, inside its own word. The ghost rows are then the opposite rows, whole."""
    stride = plane.shape[0] // (height + 2)
    words = stride - 2
    top_bit = U((width - 1) % 64)
    for r in range(1, height + 1):
        start = r * stride
        if periodic:
            first, last = plane[start + 1], plane[start + words]
            plane[start] = ((last >> top_bit) & ONE) << S63
            plane[start + words + 1] = first & ONE
            if width % 64:
                plane[start + words] = last | ((first & ONE) << (top_bit + ONE))
        else:
            plane[start] = U(0)
            plane[start + words + 1] = U(0)
    if periodic:
        plane[0:stride] = plane[height * stride : (height + 1) * stride]
        plane[(height + 1) * stride : (height + 2) * stride] = plane[stride : 2 * stride]
    else:
        plane[0:stride] = U(0)
        plane[(height + 1) * stride : (height + 2) * stride] = U(0)


CODE_ARGUMENT = 10
"""Where advance and advance_parallel take the rule code (engine.py compiles them for it)."""


def rule_code(rules: Rules) -> int:
    """The rule set as a number, one bit a mask of `bitslice.rule_flags`: what the kernels are
    compiled for (each a literal argument, so Numba compiles, and caches on disk, a version for
    each rule set it meets)."""
    return sum(1 << bit for bit, flag in enumerate(bitslice.rule_flags(rules)) if flag)


def rule_masks(code: int) -> tuple[Any, ...]:
    """The masks of a rule code, for NumPy; compiled, they are constants (the overload below)."""
    return tuple(U(bitslice.ALL if code >> bit & 1 else 0) for bit in range(5))


@overload(rule_masks)
def _rule_masks_compiled(code: Any) -> Any:
    """The masks as constants of the compiled code, so LLVM folds each variant's terms away."""
    if not isinstance(code, types.IntegerLiteral):
        return None
    masks = rule_masks(code.literal_value)

    def constant(code: Any) -> Any:
        return masks

    return constant


@njit(cache=True)
def logic(
    white: Any, black: Any, out_white: Any, out_black: Any, first: int, count: int, stride: int, code: int
) -> None:  # fmt: skip
    """Pass 1: words first .. first + count - 1 of the padded planes, each from its eight
    neighbours' words; a coin's cell set in both planes."""
    white_up = white[first - stride - 1 : first - stride + count + 1]
    white_row = white[first - 1 : first + count + 1]
    white_down = white[first + stride - 1 : first + stride + count + 1]
    black_up = black[first - stride - 1 : first - stride + count + 1]
    black_row = black[first - 1 : first + count + 1]
    black_down = black[first + stride - 1 : first + stride + count + 1]
    new_white = out_white[first : first + count]
    new_black = out_black[first : first + count]
    masks = rule_masks(literally(code))
    _prefer_512_bit_vectors_here()
    for j in range(count):
        wn, wc, ws = white_up[j + 1], white_row[j + 1], white_down[j + 1]
        bn, bc, bs = black_up[j + 1], black_row[j + 1], black_down[j + 1]
        white_bits = bitslice.count8(
            (wn << S1) | (white_up[j] >> S63), wn, (wn >> S1) | (white_up[j + 2] << S63),
            (wc << S1) | (white_row[j] >> S63), (wc >> S1) | (white_row[j + 2] << S63),
            (ws << S1) | (white_down[j] >> S63), ws, (ws >> S1) | (white_down[j + 2] << S63),
        )  # fmt: skip
        black_bits = bitslice.count8(
            (bn << S1) | (black_up[j] >> S63), bn, (bn >> S1) | (black_up[j + 2] << S63),
            (bc << S1) | (black_row[j] >> S63), (bc >> S1) | (black_row[j + 2] << S63),
            (bs << S1) | (black_down[j] >> S63), bs, (bs >> S1) | (black_down[j + 2] << S63),
        )  # fmt: skip
        after_white, after_black, coin = bitslice.next_planes(wc, bc, white_bits, black_bits, masks)
        new_white[j] = after_white | coin
        new_black[j] = after_black | coin


@njit(cache=True)
def chunk(
    white: Any, black: Any, out_white: Any, out_black: Any,
    first_row: int, stop_row: int, height: int, width: int,
    seed: Any, generation: int, with_digest: bool, code: int,
) -> tuple[int, int, Any, int]:  # fmt: skip
    """Rows first_row .. stop_row - 1 (from 0) of the next generation, in the four passes;
    (white tokens, black tokens, the rows' share of the digest, coins tossed)."""
    stride = white.shape[0] // (height + 2)
    words = stride - 2
    _prefer_512_bit_vectors_here()
    # 1. the bit logic, over the padded rows first_row + 1 .. stop_row, ghost words and all but
    # the two at the ends, which are the ghosts of rows outside the chunk
    logic(
        white, black, out_white, out_black, (first_row + 1) * stride + 1, (stop_row - first_row) * stride - 2,
        stride, literally(code),
    )  # fmt: skip
    # 2. the bits past the width, which the logic made of the ghost cells, cut
    if width % 64:
        last_mask = ~U(0) >> U(64 - width % 64)
        for r in range(first_row + 1, stop_row + 1):
            out_white[r * stride + words] &= last_mask
            out_black[r * stride + words] &= last_mask
    # 3. the populations, the digest and the coins, a row at a time: counted and hashed with each
    # coin's cell still set in both planes, then, in a row that has a coin (after the first
    # generations of a soup, few do), each coin tossed and its word's share corrected
    whites = blacks = U(0)
    digest = U(0)
    tossed = 0
    for r in range(first_row, stop_row):
        start = (r + 1) * stride + 1
        # views of the row, so the loops read its words in order (an index that Numba cannot prove
        # is not negative is read with a gather, eight loads for eight words)
        new_white, new_black = out_white[start : start + words], out_black[start : start + words]
        coins = U(0)
        first_hash = U(r * words) * U(2) * K_GOLDEN
        if with_digest:
            at_golden = first_hash
            for k in range(words):
                w, b = new_white[k], new_black[k]
                whites += _popcount(w)
                blacks += _popcount(b)
                coins |= w & b
                digest += _hash(w, b, at_golden)
                at_golden += K_TWO_GOLDEN
        else:
            for k in range(words):
                w, b = new_white[k], new_black[k]
                whites += _popcount(w)
                blacks += _popcount(b)
                coins |= w & b
        if coins:
            row_index = (U(generation) * U(height) + U(r)) * U(width) + ONE
            for k in range(words):
                w, b = new_white[k], new_black[k]
                coin = w & b
                if coin:
                    faces = _faces(coin, seed, row_index + U(k * 64))
                    new_white[k] = w ^ (coin & ~faces)
                    new_black[k] = b ^ (coin & faces)
                    whites -= _popcount(coin & ~faces)
                    blacks -= _popcount(coin & faces)
                    tossed += int(_popcount(coin))
                    if with_digest:
                        at_golden = first_hash + U(k) * K_TWO_GOLDEN
                        digest += _hash(new_white[k], new_black[k], at_golden) - _hash(w, b, at_golden)
    return int(whites), int(blacks), digest, tossed


@njit(cache=True)
def rows(
    white: Any, black: Any, out_white: Any, out_black: Any,
    first_row: int, stop_row: int, height: int, width: int,
    seed: Any, generation: int, with_digest: bool, code: int,
) -> tuple[int, int, Any, int]:  # fmt: skip
    """Rows first_row .. stop_row - 1, a chunk at a time; the sums of what chunk returns."""
    words = white.shape[0] // (height + 2) - 2
    per_chunk = max(1, WORDS_PER_CHUNK // words)
    whites = blacks = coins = 0
    digest = U(0)
    for chunk_first in range(first_row, stop_row, per_chunk):
        w, b, share, c = chunk(
            white, black, out_white, out_black, chunk_first, min(chunk_first + per_chunk, stop_row),
            height, width, seed, generation, with_digest, literally(code),
        )  # fmt: skip
        whites += w
        blacks += b
        digest += share
        coins += c
    return whites, blacks, digest, coins


@njit(cache=True)
def step(
    white: Any, black: Any, out_white: Any, out_black: Any,
    height: int, width: int, periodic: bool, seed: Any, generation: int, with_digest: bool, code: int,
) -> tuple[int, int, Any, int]:  # fmt: skip
    fill_halo(white, height, width, periodic)
    fill_halo(black, height, width, periodic)
    return rows(
        white, black, out_white, out_black, 0, height, height, width, seed, generation, with_digest,
        literally(code),
    )  # fmt: skip


@njit(cache=True, parallel=True)
def step_parallel(
    white: Any, black: Any, out_white: Any, out_black: Any,
    height: int, width: int, periodic: bool, seed: Any, generation: int, with_digest: bool, code: int,
    blocks: int,
) -> tuple[int, int, Any, int]:  # fmt: skip
    """The rows in one block a thread (a thread a chunk costs more in hand-offs than it saves)."""
    fill_halo(white, height, width, periodic)
    fill_halo(black, height, width, periodic)
    sums = np.zeros((blocks, 4), dtype=np.uint64)
    for block in prange(blocks):
        first, stop = block * height // blocks, (block + 1) * height // blocks
        w, b, share, c = rows(
            white, black, out_white, out_black, first, stop, height, width, seed, generation, with_digest,
            literally(code),
        )  # fmt: skip
        sums[block, 0] = U(w)
        sums[block, 1] = U(b)
        sums[block, 2] = share
        sums[block, 3] = U(c)
    whites = blacks = coins = 0
    digest = U(0)
    for block in range(blocks):
        whites += int(sums[block, 0])
        blacks += int(sums[block, 1])
        digest += sums[block, 2]
        coins += int(sums[block, 3])
    return whites, blacks, digest, coins


@njit(cache=True)
def advance(
    white: Any, black: Any, spare_white: Any, spare_black: Any,
    height: int, width: int, periodic: bool, seed: Any, generation: int, with_digest: bool, code: int,
    records: Any,
) -> None:  # fmt: skip
    """len(records) generations, one after the other, the new state each time in the other pair
    of planes (so after an odd number, in the spare pair); each generation's (white tokens,
    black tokens, coins tossed, digest) in its row of records. One call for many generations:
    on a small lattice, a generation takes less time than Python takes to ask for one."""
    for g in range(records.shape[0]):
        w, b, digest, c = step(
            white, black, spare_white, spare_black, height, width, periodic, seed, generation + g,
            with_digest, literally(code),
        )  # fmt: skip
        records[g, 0] = U(w)
        records[g, 1] = U(b)
        records[g, 2] = U(c)
        records[g, 3] = digest
        white, spare_white = spare_white, white
        black, spare_black = spare_black, black


@njit(cache=True)
def advance_parallel(
    white: Any, black: Any, spare_white: Any, spare_black: Any,
    height: int, width: int, periodic: bool, seed: Any, generation: int, with_digest: bool, code: int,
    records: Any, blocks: int,
) -> None:  # fmt: skip
    """advance, each generation's rows shared between `blocks` threads."""
    for g in range(records.shape[0]):
        w, b, digest, c = step_parallel(
            white, black, spare_white, spare_black, height, width, periodic, seed, generation + g,
            with_digest, literally(code), blocks,
        )  # fmt: skip
        records[g, 0] = U(w)
        records[g, 1] = U(b)
        records[g, 2] = U(c)
        records[g, 3] = digest
        white, spare_white = spare_white, white
        black, spare_black = spare_black, black
