"""The bit-parallel engine against the plain NumPy reference and the pure-Python model, generation by
generation, with the coin's stream shared; and the coin stream itself."""

from __future__ import annotations

import numpy as np
import pytest

from life2_retro.automata import model
from life2_retro.automata.coins import coin_plane, coin_white
from life2_retro.automata.engine import Engine
from life2_retro.automata.planes import pack, unpack
from life2_retro.automata.reference import ReferenceEngine
from life2_retro.automata.rules import BLACK, EMPTY, VARIANTS, WHITE
from life2_retro.automata.soup import random_soup

SHAPES = [(1, 1), (3, 5), (16, 16), (9, 63), (10, 64), (7, 65), (40, 130), (64, 200)]
"""Widths below, at and past one word and two, odd heights, a single cell."""


@pytest.mark.parametrize("boundary", ["cutoff", "periodic"])
@pytest.mark.parametrize("shape", SHAPES, ids=lambda shape: f"{shape[0]}x{shape[1]}")
def test_the_engine_equals_the_reference_generation_by_generation(shape, boundary):
    rng = np.random.default_rng(hash(shape) % 2**32)
    for density in (0.3, 0.7, 1.0):
        soup = random_soup(shape, density, rng)
        seed = int(rng.integers(2**63))
        engine, reference = Engine(soup, boundary, seed), ReferenceEngine(soup, boundary, seed)
        for _ in range(60):
            engine.step()
            after = reference.step()
            assert np.array_equal(engine.lattice, after), f"generation {engine.generation}"
            assert (engine.whites, engine.blacks) == ((after == WHITE).sum(), (after == BLACK).sum())
        assert engine.coins_tossed == reference.coins_tossed


@pytest.mark.parametrize("variant", list(VARIANTS))
@pytest.mark.parametrize("boundary", ["cutoff", "periodic"])
def test_every_variant_equals_the_reference(variant, boundary):
    rng = np.random.default_rng(7)
    soup = random_soup((48, 100), 0.55, rng)
    engine = Engine(soup, boundary, 99, VARIANTS[variant])
    reference = ReferenceEngine(soup, boundary, 99, VARIANTS[variant])
    for _ in range(40):
        engine.step()
        assert np.array_equal(engine.lattice, reference.step())
    assert engine.coins_tossed == reference.coins_tossed
    assert engine.coins_tossed > 0 or variant == "2"


@pytest.mark.parametrize("boundary", ["cutoff", "periodic"])
def test_the_pure_python_model_equals_the_reference(boundary):
    rng = np.random.default_rng(3)
    soup = random_soup((12, 70), 0.6, rng)
    grid = soup.tolist()
    reference = ReferenceEngine(soup, boundary, 5)
    for generation in range(8):
        grid = model.step(grid, boundary, 5, generation)
        assert grid == reference.step().tolist()


def test_the_cores_share_a_generation_and_get_the_same_lattice():
    soup = random_soup((300, 256), 0.5, np.random.default_rng(11))
    alone, shared = Engine(soup, "periodic", 4), Engine(soup, "periodic", 4, parallel=True)
    for _ in range(25):
        alone.step()
        shared.step()
        assert (alone.digest, alone.whites, alone.blacks) == (shared.digest, shared.whites, shared.blacks)
    assert np.array_equal(alone.lattice, shared.lattice)


def test_the_coin_decides_a_cell_with_three_of_each_and_its_face_is_the_streams():
    """An empty centre with 3 white and 3 black neighbours: the only coin on the lattice."""
    lattice = np.zeros((5, 5), dtype=np.uint8)
    lattice[1, 1:4] = WHITE
    lattice[3, 1:4] = BLACK
    faces = set()
    for seed in range(16):
        engine = Engine(lattice, "cutoff", seed)
        engine.step()
        expected = WHITE if coin_white(seed, 0, 2, 2, (5, 5)) else BLACK
        assert engine.lattice[2, 2] == expected and engine.coins_tossed == 1
        faces.add(expected)
    assert faces == {WHITE, BLACK}


def test_the_coin_plane_is_the_coin_of_each_cell():
    plane = coin_plane(123, 7, (6, 9))
    assert plane.tolist() == [[coin_white(123, 7, r, c, (6, 9)) for c in range(9)] for r in range(6)]
    assert 0.45 < coin_plane(1, 0, (256, 256)).mean() < 0.55  # a fair coin


def test_packing_keeps_every_cell():
    soup = random_soup((13, 131), 0.5, np.random.default_rng(2))
    white, black = pack(soup)
    assert white.shape == (13, 3) and not (white & black).any()
    assert np.array_equal(unpack(white, black, 131), soup)


def test_a_block_is_still_and_a_blinker_turns_in_both_colours():
    lattice = np.full((6, 6), EMPTY, dtype=np.uint8)
    lattice[1:3, 1:3] = WHITE  # a block: each cell has 3 white neighbours, d = 3
    lattice[4, 2:5] = BLACK  # a blinker
    engine = Engine(lattice, "cutoff", 0)
    engine.step()
    assert (engine.lattice[1:3, 1:3] == WHITE).all()
    assert engine.lattice[3:6, 3].tolist() == [BLACK] * 3 and engine.lattice[4, 2] == EMPTY


@pytest.mark.parametrize("boundary", ["cutoff", "periodic"])
def test_the_numpy_bit_planes_equal_the_reference(boundary):
    from life2_retro.automata.numpy_planes import NumpyPlanes

    for shape in [(1, 1), (9, 63), (7, 65), (40, 130)]:
        soup = random_soup(shape, 0.6, np.random.default_rng(5))
        planes, reference = NumpyPlanes(soup, boundary, 8), ReferenceEngine(soup, boundary, 8)
        for _ in range(30):
            planes.step()
            assert np.array_equal(planes.lattice, reference.step())
        assert planes.coins_tossed == reference.coins_tossed
