"""The compiled kernels (automata/kernels.py): the bit logic in the CPU's widest vector registers with
nothing called in its loop, the words read in order, the rule set compiled in, the digest, and
lattices of several chunks."""

from __future__ import annotations

import re
from collections import Counter

import numpy as np
import pytest

from life2_retro.automata import kernels
from life2_retro.automata.coins import GOLDEN, MIX2, mix64
from life2_retro.automata.engine import Engine
from life2_retro.automata.planes import pack
from life2_retro.automata.reference import ReferenceEngine
from life2_retro.automata.rules import BLACK, VARIANTS, WHITE
from life2_retro.automata.soup import random_soup


def widest_registers() -> str | None:
    """The name of the widest vector registers of the CPU Numba compiles for, as x86 assembly spells
    them, or None: this CPU's, or the features NUMBA_CPU_FEATURES names for another."""
    import llvmlite.binding as llvm
    from numba.core import config

    features = vars(config).get("CPU_FEATURES")  # NUMBA_CPU_FEATURES, or "" for NUMBA_CPU_NAME=generic
    if features is None:
        features = llvm.get_host_cpu_features().flatten()
    named = set(features.split(","))
    if "+avx512f" in named:
        return "zmm"
    if "+avx2" in named:
        return "ymm"
    return None


def loops(assembly: str) -> list[list[str]]:
    """The bodies of the loops in `assembly`: from a label to a jump back to it."""
    lines = assembly.splitlines()
    labels = {line.rstrip(":"): at for at, line in enumerate(lines) if re.match(r"^\.LBB\d+_\d+:", line)}
    bodies = []
    for at, line in enumerate(lines):
        jump = re.match(r"\s+j\w+\s+(\.LBB\d+_\d+)", line)
        if jump and labels.get(jump.group(1), at) < at:
            bodies.append(lines[labels[jump.group(1)] : at + 1])
    return bodies


def vector_logic(line: str) -> str | None:
    """The registers (xmm, ymm, zmm) of a vector AND, ANDN, OR, XOR or three-way logic, or None."""
    found = re.search(r"\bvp(?:and|andn|or|xor|ternlog)[dq]?\b.*%([xyz]mm)\d", line)
    return found.group(1) if found else None


def compiled_afresh(kernel, *arguments):
    """The assembly of `kernel` compiled for `arguments` (Numba shows none for what it loaded from its cache)."""
    import numba

    fresh = numba.njit(kernel.py_func)
    fresh(*arguments)
    (assembly,) = fresh.inspect_asm().values()
    return assembly


@pytest.mark.parametrize("variant", ["0", "4b"])
def test_the_bit_logic_is_vectorised_with_the_widest_registers_and_calls_nothing(variant):
    """The loop of pass 1 does its AND, OR, XOR and three-way logic on the CPU's widest registers
    (zmm wherever the CPU has AVX-512: the kernel asks LLVM for 512-bit vectors, which its tuning
    for Intel's cores would otherwise keep to ymm), and calls nothing (no reference counting: the
    engine passes words, not row views). A loop of scalar logic, or one on narrower registers, or
    a call in it, fails; the message says what the loops were compiled to."""
    registers = widest_registers()
    if registers is None:
        pytest.skip("the CPU Numba compiles for has no vector registers wider than 128 bits")
    plane = np.zeros(6 * 10, dtype=np.uint64)
    code = kernels.rule_code(VARIANTS[variant])
    arguments = (plane, plane.copy(), plane.copy(), plane.copy(), 7, 30, 6, code)
    bodies = loops(compiled_afresh(kernels.logic, *arguments))
    widths = [Counter(filter(None, map(vector_logic, body))) for body in bodies]
    vector_loops = [body for body, width in zip(bodies, widths, strict=True) if width[registers] >= 40]
    most = max(widths, key=lambda width: sum(width.values()), default=Counter())
    compiled_to = ", ".join(f"{count} on {name}" for name, count in sorted(most.items())) or "none"
    assert vector_loops, (
        f"no loop does the bit logic on {registers} registers (the most vector logic in a loop: {compiled_to})"
    )
    innermost = min(vector_loops, key=len)
    calls = [line.strip() for line in innermost if "call" in line]
    assert not calls, f"the bit logic's loop calls {calls}"


def test_the_populations_and_the_digest_read_the_words_in_order():
    """Pass 3 reads each row's words in order, not one by one with a gather (an index Numba cannot
    prove is not negative is read that way, and a gather costs eight loads)."""
    if widest_registers() is None:
        pytest.skip("the CPU Numba compiles for has no vector registers wider than 128 bits")
    height, words = 4, 3
    plane = np.zeros((height + 2) * (words + 2), dtype=np.uint64)
    assembly = compiled_afresh(
        kernels.chunk, plane, plane.copy(), plane.copy(), plane.copy(), 0, height, height, 64 * words,
        np.uint64(1), 0, True, kernels.rule_code(VARIANTS["0"]),
    )  # fmt: skip
    assert "vpopcntq" in assembly or "popcntq" in assembly
    assert not [line for line in assembly.splitlines() if re.match(r"\s+v(p)?gather", line)]


def test_each_rule_set_is_compiled_in_not_read_from_arguments():
    """The kernels are compiled for the rule set as a literal: a version for each one met."""
    from numba import types

    lattice = random_soup((6, 70), 0.5, np.random.default_rng(1))
    for rules in (VARIANTS["0"], VARIANTS["2"]):
        Engine(lattice, "cutoff", 1, rules).step()
    codes = {signature[-2] for signature in kernels.advance.signatures}
    assert all(isinstance(code, types.IntegerLiteral) for code in codes)
    assert {code.literal_value for code in codes} >= {kernels.rule_code(VARIANTS[v]) for v in ("0", "2")}
    assert kernels.rule_code(VARIANTS["0"]) != kernels.rule_code(VARIANTS["2"])


def digest_of(lattice: np.ndarray) -> int:
    """The digest as its definition reads: over the lattice's words in order, white's word at the
    even index and black's at the odd, each mixed (SplitMix64) with its index, all summed."""
    white, black = (plane.reshape(-1).tolist() for plane in pack(lattice))
    total = 0
    for word, (w, b) in enumerate(zip(white, black, strict=True)):
        index = 2 * word
        total += mix64(w + index * GOLDEN) ^ mix64(b + (index + 1) * GOLDEN + MIX2)
    return total % 2**64


@pytest.mark.parametrize("boundary", ["cutoff", "periodic"])
def test_the_digest_and_populations_are_the_new_states(boundary):
    soup = random_soup((20, 150), 0.5, np.random.default_rng(4))
    engine = Engine(soup, boundary, 3)
    for generation in range(6):
        digests = generation % 2 == 0
        records = engine.advance(1, digests)
        lattice = engine.lattice
        assert (engine.whites, engine.blacks) == ((lattice == WHITE).sum(), (lattice == BLACK).sum())
        assert int(records[0, 3]) == (digest_of(lattice) if digests else 0)


@pytest.mark.parametrize("parallel", [False, True])
@pytest.mark.parametrize("boundary", ["cutoff", "periodic"])
def test_a_lattice_of_several_chunks_equals_the_reference(boundary, parallel):
    """Two words a row: 512 rows a chunk, so 1100 rows are three chunks (and two threads' blocks)."""
    soup = random_soup((1100, 100), 0.5, np.random.default_rng(6))
    engine, reference = Engine(soup, boundary, 12, parallel=parallel), ReferenceEngine(soup, boundary, 12)
    for _ in range(12):
        engine.step()
        assert np.array_equal(engine.lattice, reference.step())
    assert engine.coins_tossed == reference.coins_tossed


def test_the_c_kernel_the_engine_is_timed_against_does_the_same_work(tmp_path):
    """tools/p2life_kernel.c, the yardstick of tools/p2life_kernel_vs_c.py, gives the engine's records
    (populations, coins, digest) and lattice generation by generation, on a soup of frequent coins
    whose width is not a whole number of words: its figure is for the same work, or it means nothing."""
    import importlib.util
    import shutil
    from pathlib import Path

    if shutil.which("gcc") is None:
        pytest.skip("gcc is needed to build the C kernel")
    path = Path(__file__).resolve().parents[2] / "tools" / "p2life_kernel_vs_c.py"
    spec = importlib.util.spec_from_file_location("p2life_kernel_vs_c", path)
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    kernel = tool.build(tmp_path)
    soup = random_soup((37, 150), 0.5, np.random.default_rng(8))
    assert tool.differences({"C kernel": lambda s, c: tool.CKernel(kernel, s, c)}, soup, 8) == []
