/* p2life's generation written by hand in C with 512-bit vectors: the yardstick of the engine's Numba
 * kernels (tools/p2life_kernel_vs_c.py builds it with gcc and times both on the same planes).
 *
 * The same work as life2_retro/automata/kernels.py for the rule set of p2life itself (variant 0):
 * the padded planes and their halo (planes.py), the bit-sliced counts and rules (bitslice.py), the
 * coin stream (coins.py), the populations and the digest, with the same records a generation. It is
 * one pass a row: eight words at a time, each vector's new words made, their coins tossed (rare
 * after the first generations), counted and hashed while they are still in the registers.
 *
 * Built with gcc -O3 -march=native: an eight-word vector is one zmm register where the CPU has
 * AVX-512, two ymm registers where it has AVX2 only. */

#include <stdint.h>
#include <string.h>
#include <immintrin.h>

typedef uint64_t u64;
typedef u64 v8 __attribute__((vector_size(64)));

#define GOLDEN 0x9E3779B97F4A7C15ULL
#define MIX1 0xBF58476D1CE4E5B9ULL
#define MIX2 0x94D049BB133111EBULL

static inline u64 mix(u64 z) {
    z = (z ^ (z >> 30)) * MIX1;
    z = (z ^ (z >> 27)) * MIX2;
    return z ^ (z >> 31);
}

/* A word's share of the digest: white's word at index `at`, black's at `at` + 1. */
static inline u64 word_hash(u64 white, u64 black, u64 at) {
    return mix(white + at * GOLDEN) ^ mix(black + (at + 1) * GOLDEN + MIX2);
}

static inline v8 vmix(v8 z) {
    z = (z ^ (z >> 30)) * MIX1;
    z = (z ^ (z >> 27)) * MIX2;
    return z ^ (z >> 31);
}

static inline v8 load(const u64 *at) {
    v8 v;
    memcpy(&v, at, sizeof v);
    return v;
}

static inline void store(u64 *at, v8 v) { memcpy(at, &v, sizeof v); }

static inline v8 popcounts(v8 v) {
#ifdef __AVX512VPOPCNTDQ__
    return (v8)_mm512_popcnt_epi64((__m512i)v);
#else
    v8 out;
    for (int i = 0; i < 8; i++) out[i] = (u64)__builtin_popcountll(v[i]);
    return out;
#endif
}

/* A word's cells moved one column up (each cell gets its west neighbour; bit 0 gets the top bit
 * of the word before) or down (its east neighbour; bit 63 gets bit 0 of the word after): one
 * funnel shift where the CPU has AVX-512 VBMI2, as LLVM makes of the engine's same expression. */
static inline u64 up_u64(u64 word, u64 before) { return (word << 1) | (before >> 63); }
static inline u64 down_u64(u64 word, u64 after) { return (word >> 1) | (after << 63); }
#ifdef __AVX512VBMI2__
static inline v8 up_v8(v8 word, v8 before) {
    return (v8)_mm512_shldi_epi64((__m512i)word, (__m512i)before, 1);
}
static inline v8 down_v8(v8 word, v8 after) {
    return (v8)_mm512_shrdi_epi64((__m512i)word, (__m512i)after, 1);
}
#else
static inline v8 up_v8(v8 word, v8 before) { return (word << 1) | (before >> 63); }
static inline v8 down_v8(v8 word, v8 after) { return (word >> 1) | (after << 63); }
#endif

/* The counts and the rules of variant 0 for one word or one vector of words (T): bitslice.py's
 * count8, exactly and next_planes with the masks folded in. A coin's cell is left set in both. */
#define FULL_ADD(s, c, a, b, d) T s = (a) ^ (b) ^ (d), c = ((a) & (b)) | ((d) & ((a) ^ (b)))
#define COUNT8(x0, x1, x2, x3, nw, n, ne, w, e, sw, s, se)                                      \
    FULL_ADD(x0##top, x0##tc, nw, n, ne);                                                        \
    T x0##mid = (w) ^ (e), x0##mc = (w) & (e);                                                   \
    FULL_ADD(x0##bot, x0##bc, sw, s, se);                                                        \
    FULL_ADD(x0, x0##tw, x0##top, x0##mid, x0##bot);                                             \
    FULL_ADD(x0##ca, x0##fo, x0##tc, x0##mc, x0##bc);                                            \
    T x1 = x0##ca ^ x0##tw, x0##mf = x0##ca & x0##tw;                                            \
    T x2 = x0##fo ^ x0##mf, x3 = x0##fo & x0##mf
#define RULES(T)                                                                                 \
    static inline void rules_##T(const T *up_w, const T *row_w, const T *down_w, const T *up_b,  \
                                 const T *row_b, const T *down_b, T *out_w, T *out_b, T *coin) { \
        /* [0] the word before, [1] the word, [2] the word after */                              \
        T wn = up_w[1], wc = row_w[1], ws = down_w[1], bn = up_b[1], bc = row_b[1],              \
          bs = down_b[1];                                                                        \
        COUNT8(w0, w1, w2, w3, up_##T(wn, up_w[0]), wn, down_##T(wn, up_w[2]),     \
               up_##T(wc, row_w[0]), down_##T(wc, row_w[2]),                       \
               up_##T(ws, down_w[0]), ws, down_##T(ws, down_w[2]));                \
        COUNT8(b0, b1, b2, b3, up_##T(bn, up_b[0]), bn, down_##T(bn, up_b[2]),     \
               up_##T(bc, row_b[0]), down_##T(bc, row_b[2]),                       \
               up_##T(bs, down_b[0]), bs, down_##T(bs, down_b[2]));                \
        /* count == k for white (W) and black (B), and white's and black's == 3 */               \
        T W1 = w0 & ~w1 & ~w2, W2 = ~w0 & w1 & ~w2, W3 = w0 & w1 & ~w2, W4 = ~w0 & ~w1 & w2;      \
        T W5 = w0 & ~w1 & w2, W6 = ~w0 & w1 & w2, W0 = ~w0 & ~w1 & ~w2 & ~w3;                    \
        T B1 = b0 & ~b1 & ~b2, B2 = ~b0 & b1 & ~b2, B3 = b0 & b1 & ~b2, B4 = ~b0 & ~b1 & b2;      \
        T B5 = b0 & ~b1 & b2, B6 = ~b0 & b1 & b2, B0 = ~b0 & ~b1 & ~b2 & ~b3;                    \
        /* survival at a difference of 1, 2 or 3 (a difference of 1 with two of its own) */     \
        T white_lives = (B0 & (W2 | W3)) | (B1 & (W2 | W3 | W4)) | (B2 & (W3 | W4 | W5)) |        \
                        (B3 & (W4 | W5 | W6));                                                   \
        T black_lives = (W0 & (B2 | B3)) | (W1 & (B2 | B3 | B4)) | (W2 & (B3 | B4 | B5)) |        \
                        (W3 & (B4 | B5 | B6));                                                   \
        T empty = ~(wc | bc);                                                                    \
        *coin = empty & W3 & B3;                                                                 \
        *out_w = (wc & white_lives) | (empty & W3 & ~B3) | *coin;                                \
        *out_b = (bc & black_lives) | (empty & B3 & ~W3) | *coin;                                \
    }
#define T u64
RULES(u64)
#undef T
#define T v8
RULES(v8)
#undef T

/* The coins' faces (1: white) for the set bits of `coin`; `first` is the stream's index of bit 0. */
static u64 faces(u64 coin, u64 seed, u64 first) {
    u64 out = 0;
    while (coin) {
        int bit = __builtin_ctzll(coin);
        coin &= coin - 1;
        if (mix(seed + (first + (u64)bit) * GOLDEN) >> 63) out |= 1ULL << bit;
    }
    return out;
}

static void fill_halo(u64 *plane, long height, long width, int periodic) {
    long stride = width / 64 + (width % 64 != 0) + 2, words = stride - 2;
    long top_bit = (width - 1) % 64;
    for (long r = 1; r <= height; r++) {
        u64 *row = plane + r * stride;
        if (periodic) {
            u64 first = row[1], last = row[words];
            row[0] = ((last >> top_bit) & 1) << 63;
            row[words + 1] = first & 1;
            if (width % 64) row[words] = last | ((first & 1) << (top_bit + 1));
        } else {
            row[0] = row[words + 1] = 0;
        }
    }
    if (periodic) {
        memcpy(plane, plane + height * stride, stride * sizeof(u64));
        memcpy(plane + (height + 1) * stride, plane + stride, stride * sizeof(u64));
    } else {
        memset(plane, 0, stride * sizeof(u64));
        memset(plane + (height + 1) * stride, 0, stride * sizeof(u64));
    }
}

/* One generation from (white, black) into (out_w, out_b); its record (whites, blacks, coins,
 * digest). */
static void step(u64 *white, u64 *black, u64 *out_white, u64 *out_black, long height, long width,
                 int periodic, u64 seed, long generation, int with_digest, u64 *record) {
    long stride = width / 64 + (width % 64 != 0) + 2, words = stride - 2;
    u64 last_mask = width % 64 ? ~0ULL >> (64 - width % 64) : ~0ULL;
    fill_halo(white, height, width, periodic);
    fill_halo(black, height, width, periodic);
    v8 vwhites = {0}, vblacks = {0}, vdigest = {0};
    u64 whites = 0, blacks = 0, digest = 0, tossed = 0;
    const v8 lane = {0, 1, 2, 3, 4, 5, 6, 7};
    for (long r = 0; r < height; r++) {
        long start = (r + 1) * stride + 1;
        u64 *w = white + start, *b = black + start, *nw = out_white + start, *nb = out_black + start;
        u64 index = (u64)(r * words) * 2;
        /* each word's index times GOLDEN, stepped: no multiplication a word but the hash's own */
        v8 at_golden = (index + 2 * lane) * GOLDEN;
        v8 coins = {0};
        long k = 0;
        for (; k + 8 <= words && (k + 8 < words || !(width % 64)); k += 8) {
            v8 up_w[3], row_w[3], down_w[3], up_b[3], row_b[3], down_b[3], nwv, nbv, coin;
            for (int i = 0; i < 3; i++) {
                up_w[i] = load(w + k - stride - 1 + i), row_w[i] = load(w + k - 1 + i);
                down_w[i] = load(w + k + stride - 1 + i), up_b[i] = load(b + k - stride - 1 + i);
                row_b[i] = load(b + k - 1 + i), down_b[i] = load(b + k + stride - 1 + i);
            }
            rules_v8(up_w, row_w, down_w, up_b, row_b, down_b, &nwv, &nbv, &coin);
            coins |= coin;
            store(nw + k, nwv);
            store(nb + k, nbv);
            vwhites += popcounts(nwv);
            vblacks += popcounts(nbv);
            if (with_digest) vdigest += vmix(nwv + at_golden) ^ vmix(nbv + at_golden + (GOLDEN + MIX2));
            at_golden += 16 * GOLDEN;
        }
        u64 some = 0;
        for (int i = 0; i < 8; i++) some |= coins[i];
        for (; k < words; k++) {
            u64 up_w[3], row_w[3], down_w[3], up_b[3], row_b[3], down_b[3], nwv, nbv, coin;
            memcpy(up_w, w + k - stride - 1, sizeof up_w), memcpy(row_w, w + k - 1, sizeof row_w);
            memcpy(down_w, w + k + stride - 1, sizeof down_w);
            memcpy(up_b, b + k - stride - 1, sizeof up_b), memcpy(row_b, b + k - 1, sizeof row_b);
            memcpy(down_b, b + k + stride - 1, sizeof down_b);
            rules_u64(up_w, row_w, down_w, up_b, row_b, down_b, &nwv, &nbv, &coin);
            if (k == words - 1) nwv &= last_mask, nbv &= last_mask, coin &= last_mask;
            some |= coin;
            nw[k] = nwv, nb[k] = nbv;
            whites += (u64)__builtin_popcountll(nwv);
            blacks += (u64)__builtin_popcountll(nbv);
            if (with_digest) digest += word_hash(nwv, nbv, index + 2 * (u64)k);
        }
        if (!some) continue;
        /* the coins, rare after the first generations: each word that has one is tossed, and its
         * counts and hash, taken above with its coins set in both planes, are corrected */
        u64 row_index = ((u64)generation * (u64)height + (u64)r) * (u64)width + 1;
        for (k = 0; k < words; k++) {
            u64 coin = nw[k] & nb[k];
            if (!coin) continue;
            u64 face = faces(coin, seed, row_index + (u64)k * 64);
            u64 after_w = nw[k] ^ (coin & ~face), after_b = nb[k] ^ (coin & face);
            whites -= (u64)__builtin_popcountll(coin & ~face);
            blacks -= (u64)__builtin_popcountll(coin & face);
            if (with_digest) {
                u64 at = index + 2 * (u64)k;
                digest += word_hash(after_w, after_b, at) - word_hash(nw[k], nb[k], at);
            }
            nw[k] = after_w, nb[k] = after_b;
            tossed += (u64)__builtin_popcountll(coin);
        }
    }
    for (int i = 0; i < 8; i++) whites += vwhites[i], blacks += vblacks[i], digest += vdigest[i];
    record[0] = whites, record[1] = blacks, record[2] = tossed, record[3] = with_digest ? digest : 0;
}

/* `generations` generations, the new state each time in the other pair of planes, as
 * kernels.advance; a row of records (whites, blacks, coins tossed, digest) each. */
void p2life_advance(u64 *white, u64 *black, u64 *spare_white, u64 *spare_black, long height,
                    long width, int periodic, u64 seed, long generation, int with_digest,
                    long generations, u64 *records) {
    for (long g = 0; g < generations; g++) {
        step(white, black, spare_white, spare_black, height, width, periodic, seed, generation + g,
             with_digest, records + 4 * g);
        u64 *t = white;
        white = spare_white, spare_white = t;
        t = black, black = spare_black, spare_black = t;
    }
}
