"""Shared fixtures: the 1978 listing and the PC-BASIC oracle, Cell Life's C source and its build;
and `--full`, which runs every generated script of the differential tests.

A test that needs one fails loudly in CI (LIFE2_REQUIRE_REFERENCE=1, set by
.ci/run, or CI=true) with the whole message saying how to get it. Elsewhere it
skips with a one-line reason, and the whole message is printed once, at the end
of the run: a hundred tests skipped for one missing file would otherwise repeat
its ten lines a hundred times in `-ra`'s summary.
"""

from __future__ import annotations

import itertools
import os
import shutil
import signal
import tempfile

# pygame terminals are tested headless: no window appears, no sound is played
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest

from life2_retro.reference.listing import ListingError, load_listing
from life2_retro.reference.oracle import OracleUnavailable
from life2_retro.reference.pcbasic_oracle import run_program

FULL_SUITE = "LIFE2_FULL_SUITE"


def pytest_configure(config: pytest.Config) -> None:
    """Tests send SIGINT, SIGHUP and SIGQUIT to the games and studies they start, and expect what a
    person's terminal gets. A suite started under nohup, or in the background of a script, ignores
    those signals, and an ignored signal stays ignored in every child (the games rightly keep it so):
    each such test would fail. The suite's own processes take them as a terminal's processes do."""
    for signum, handler in (
        (signal.SIGINT, signal.default_int_handler),
        (signal.SIGHUP, signal.SIG_DFL),
        (signal.SIGQUIT, signal.SIG_DFL),
    ):
        if signal.getsignal(signum) is signal.SIG_IGN:
            signal.signal(signum, handler)


_CACHES = tempfile.mkdtemp(prefix="life2-test-caches-")
_CACHE_NUMBERS = itertools.count()


def pytest_unconfigure(config: pytest.Config) -> None:
    shutil.rmtree(_CACHES, ignore_errors=True)


@pytest.fixture(autouse=True)
def _a_cache_of_its_own(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test its own $XDG_CACHE_HOME (made only if something is kept there): a study stopped
    in one test keeps its runs for the same command to go on from, and another test running that
    command must start afresh, as it would on a clean machine."""
    monkeypatch.setenv("XDG_CACHE_HOME", os.path.join(_CACHES, str(next(_CACHE_NUMBERS))))


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--full",
        action="store_true",
        default=os.environ.get(FULL_SUITE) == "1",
        help=f"run every generated script of the differential tests, as a release does ({FULL_SUITE}=1 "
        "does the same); by default each runs a share that reaches every case the full count reaches",
    )


def pytest_report_header(config: pytest.Config) -> str:
    share = "all (--full)" if config.getoption("--full") else "the default share (--full runs all)"
    return f"differential tests' generated scripts: {share}"


@pytest.fixture(scope="session")
def full_suite(request: pytest.FixtureRequest) -> bool:
    """--full (or LIFE2_FULL_SUITE=1): the differential tests run their full count of generated scripts.

    The suite people run must finish in minutes on two cores, so by default each differential
    test runs a share of its scripts, which its own test shows reaches every case the full count
    reaches; a release runs them all, for the rarer boards and answers only a long run meets."""
    return bool(request.config.getoption("--full"))


def _required() -> bool:
    return os.environ.get("LIFE2_REQUIRE_REFERENCE") == "1" or os.environ.get("CI", "").lower() == "true"


LISTING = "the 1978 LIFE2 listing"
ORACLE = "PC-BASIC, the oracle"
CELL_LIFE_SOURCE = "Cell Life's C source"
CELL_LIFE_BUILD = "Cell Life's reference build"
ROM = "Microsoft's 1977 6502 BASIC ROM"


def _skip_reason(what: str) -> str:
    """One line per skipped test; the summary at the end of the run says the rest, once."""
    return f"{what} is not at hand (how to get it: printed once, above this summary)"


def _missing(what: str, problem: str) -> None:
    if _required():
        pytest.fail(problem, pytrace=False)
    pytest.skip(_skip_reason(what))


def _load_listing() -> None:
    load_listing()


def _load_oracle() -> None:
    run_program(b"10 END\n", [])


def _load_cell_life_source() -> None:
    from life2_retro.reference.cell_life import SOURCE

    SOURCE.load()


def _load_cell_life_build() -> None:
    from life2_retro.reference import cell_life

    cell_life.build(cell_life.SOURCE.load())


def _load_rom() -> None:
    from life2_retro.reference.rom import load_rom

    load_rom()


_LOADERS = {
    ROM: _load_rom,
    LISTING: _load_listing,
    ORACLE: _load_oracle,
    CELL_LIFE_SOURCE: _load_cell_life_source,
    CELL_LIFE_BUILD: _load_cell_life_build,
}
"""How each reference is fetched: the summary asks again, in the process that prints it (with
pytest-xdist the skips happen in the workers, and only their reports reach the controller)."""


def _problem(what: str) -> str | None:
    """Why `what` cannot be had, in full (where to get it, and how to point life2 at it); None if it can."""
    from life2_retro.reference.oracle import OracleUnusable

    try:
        _LOADERS[what]()
    except (ListingError, OracleUnavailable, OracleUnusable) as exc:
        return str(exc)
    return None


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Each reference some test skipped without, and how to get it: once, whatever the count."""
    reasons = [str(report.longrepr) for report in terminalreporter.stats.get("skipped", [])]
    for what in _LOADERS:
        if not any(_skip_reason(what) in reason for reason in reasons):
            continue
        problem = _problem(what)
        terminalreporter.section(f"skipped without {what}", sep="-")
        terminalreporter.line(problem or f"{what} is at hand now; it was not when the tests ran.")


@pytest.fixture(scope="session")
def listing() -> bytes:
    """The verified 1978 listing."""
    try:
        return load_listing()
    except ListingError as exc:
        problem = str(exc)
    _missing(LISTING, problem)
    raise AssertionError("unreachable")


@pytest.fixture(scope="session")
def rom6502(listing: bytes) -> bytes:
    """The verified ROM of Microsoft's 1977 6502 BASIC (and the listing it runs, which it needs)."""
    from life2_retro.reference.rom import load_rom

    try:
        return load_rom()
    except ListingError as exc:
        problem = str(exc)
    _missing(ROM, problem)
    raise AssertionError("unreachable")


@pytest.fixture(scope="session")
def oracle() -> None:
    """PC-BASIC is importable (the tests then call life2_retro.reference.pcbasic_oracle directly)."""
    try:
        run_program(b"10 END\n", [])
        return
    except OracleUnavailable as exc:
        problem = str(exc)
    _missing(ORACLE, problem)


@pytest.fixture(scope="session")
def cell_life_source() -> bytes:
    """Cell Life's verified C source."""
    from life2_retro.reference.cell_life import SOURCE

    try:
        return SOURCE.load()
    except ListingError as exc:
        problem = str(exc)
    _missing(CELL_LIFE_SOURCE, problem)
    raise AssertionError("unreachable")


@pytest.fixture(scope="session")
def cell_life_build():
    """The reference build of Cell Life (its checked source, built by gcc with our wrap)."""
    from life2_retro.reference import cell_life
    from life2_retro.reference.oracle import OracleUnusable

    try:
        return cell_life.build(cell_life.SOURCE.load())
    except ListingError as exc:
        what, problem = CELL_LIFE_SOURCE, str(exc)
    except OracleUnusable as exc:
        what, problem = CELL_LIFE_BUILD, str(exc)
    _missing(what, problem)
    raise AssertionError("unreachable")


@pytest.fixture(scope="module")
def pygame():
    """pygame with a display, for tests that draw on surfaces of their own (the struck type, the
    exhibit's panels) rather than in a terminal's window."""
    import pygame

    pygame.display.init()
    pygame.display.set_mode((64, 64))
    yield pygame
    pygame.display.quit()
