"""Shared fixtures: the 1978 listing and the PC-BASIC oracle.

A test that needs either fails loudly in CI (LIFE2_REQUIRE_REFERENCE=1, set by
.ci/run, or CI=true) and skips elsewhere with a message saying how to get it.
"""

from __future__ import annotations

import os

# pygame terminals are tested headless: no window appears, no sound is played
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest

from life2_retro.reference.listing import ListingError, load_listing
from life2_retro.reference.pcbasic_oracle import OracleUnavailable, run_program


def _required() -> bool:
    return os.environ.get("LIFE2_REQUIRE_REFERENCE") == "1" or os.environ.get("CI", "").lower() == "true"


def _missing(message: str) -> None:
    if _required():
        pytest.fail(message, pytrace=False)
    pytest.skip(message)


@pytest.fixture(scope="session")
def listing() -> bytes:
    """The verified 1978 listing."""
    try:
        return load_listing()
    except ListingError as exc:
        problem = str(exc)
    _missing(problem)
    raise AssertionError("unreachable")


@pytest.fixture(scope="session")
def oracle() -> None:
    """PC-BASIC is importable (the tests then call life2_retro.reference.pcbasic_oracle directly)."""
    try:
        run_program(b"10 END\n", [])
        return
    except OracleUnavailable as exc:
        problem = str(exc)
    _missing(problem)


@pytest.fixture(scope="session")
def cell_life_source() -> bytes:
    """Cell Life's verified C source."""
    from life2_retro.reference.cell_life import SOURCE

    try:
        return SOURCE.load()
    except ListingError as exc:
        problem = str(exc)
    _missing(problem)
    raise AssertionError("unreachable")


@pytest.fixture(scope="session")
def cell_life_build():
    """The reference build of Cell Life (its checked source, built by gcc with our wrap)."""
    from life2_retro.reference import cell_life
    from life2_retro.reference.oracle import OracleUnusable

    try:
        return cell_life.build(cell_life.SOURCE.load())
    except (ListingError, OracleUnusable) as exc:
        problem = str(exc)
    _missing(problem)
    raise AssertionError("unreachable")
