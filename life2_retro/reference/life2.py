"""LIFE2's reference: the 1978 listing, our patch lines, and PC-BASIC running them.

`prepare` checks that the oracle can run the mode asked for and returns the
program PC-BASIC types in: the listing, with the patch of every switched-off
bug merged over it. `run` plays one script on it. The registry names this
module as LIFE2's reference adapter; `compare`, `bench` and the tests use it
through these few functions.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from ..programs import Script
from ..programs.life2.bugs import BUG_NAMES
from ..programs.life2.program import Life2Program, make_program
from .listing import ListingError, load_listing
from .oracle import OracleRun, OracleUnavailable, OracleUnusable
from .patches import merge
from .pcbasic_oracle import PCBASIC_VERSION, run_program

ORACLE = f"PC-BASIC {PCBASIC_VERSION}"
LABEL = "PC-BASIC"
"""How reports name the original's side."""
SPED_UP = True
"""The tests run PC-BASIC with speed-ups that change nothing it computes (pcbasic_speed.py)."""
RUNTIME = "gwbasic"
"""PC-BASIC is a GW-BASIC: the one dialect it can be the oracle of."""
ROM_LABEL = "6502"
"""How reports name the original's side on the 1977 interpreter (ms1978)."""


@dataclass(frozen=True)
class RomOracle:
    """The ms1978 oracle: the listing (patched for the bugs switched off) on Microsoft's 1977 6502
    BASIC, emulated (osi/). Small, so that worker processes get it whole; each builds its machine
    once."""

    bugs: frozenset[str]
    listing_path: str | None
    rom_path: str | None
    label: str = ROM_LABEL
    takes_any_key: bool = True
    """Its generated scripts may hold any key (control and bit-7 keys): the real BASIC reads them."""

    def run(self, script: Script) -> OracleRun:
        from ..session import run_in_memory
        from .life2_rom import rom_program

        program = rom_program("ms1978", self.bugs, self.rom_path, listing_path=self.listing_path)
        ran = run_in_memory(program.run(), script.lines)
        meter = program.meter
        return OracleRun(ran.output, ran.trace, cycles=meter.total(ran.stop), segments=tuple(meter.in_order))


def oracle_program(listing_path: str | None, bugs: frozenset[str]) -> bytes:
    """The listing, with the patch of every switched-off bug merged over it."""
    return merge(load_listing(listing_path), set(BUG_NAMES) - bugs)


def prepare(
    command: str, listing_path: str | None, runtime: str, bugs: frozenset[str], rom_path: str | None = None
) -> bytes | RomOracle:
    """The program PC-BASIC runs for `command`, once it is sure the oracle can be used at all; for
    ms1978, the 1977 interpreter with the listing typed in."""
    if runtime == "ms1978":
        from ..programs import ProgramUnavailable
        from .life2_rom import rom_program

        try:
            rom_program(runtime, bugs, rom_path, listing_path=listing_path)
        except ProgramUnavailable as exc:
            raise OracleUnusable(str(exc)) from exc
        return RomOracle(bugs, listing_path, rom_path)
    if runtime != RUNTIME:
        raise OracleUnusable(f"PC-BASIC is a GW-BASIC; {command} runs with --dialect gwbasic.")
    try:
        program = oracle_program(listing_path, bugs)
        run_program(b"10 END\n", [])  # PC-BASIC is importable
    except (ListingError, OracleUnavailable) as exc:
        raise OracleUnusable(str(exc)) from exc
    return program


def run(program: bytes | RomOracle, script: Script, as_installed: bool = False) -> OracleRun:
    """One script on the prepared program. `as_installed` times PC-BASIC without the tests'
    speed-ups (pcbasic_speed.py), which change nothing it computes."""
    if isinstance(program, RomOracle):
        return program.run(script)
    return run_program(program, script.lines, quick=not as_installed)


# -- a generation, timed on both sides -------------------------------------------------------------

# A still life with both colours (found with life2's own engine): every
# generation does the same work, so per-generation times can be compared.
BENCH_BOARD = (
    ".##*.",
    "*.#.#",
    "*...#",
    "*.#.#",
    ".*##.",
)
_CODES = {".": 0, "*": 100, "#": 1000}


@dataclass(frozen=True)
class Timing:
    wall: float
    cpu: float


def timed(action: Callable[[], object]) -> Timing:
    """Wall and CPU seconds of one call."""
    wall, cpu = time.perf_counter(), time.process_time()
    action()
    return Timing(time.perf_counter() - wall, time.process_time() - cpu)


def _run_until(program: Life2Program, start: int, stop: int) -> None:
    for event in program.run_from(start):
        if event == stop:
            return


def life2_generation_seconds(runtime: str, bugs: frozenset[str], generations: int) -> Timing:
    """One generation: line 560 (PRINT, GOSUB 50: the neighbour pass and the board print) up to 570."""
    program = make_program(runtime, bugs)
    _run_until(program, 2, 500)  # the tables are READ on the way
    program.set_board([[_CODES[mark] for mark in text] for text in BENCH_BOARD])

    def generations_run() -> None:
        for _ in range(generations):
            _run_until(program, 560, 570)

    spent = timed(generations_run)
    return Timing(spent.wall / generations, spent.cpu / generations)


def _pcbasic_generations_program(base: bytes, generations: int) -> bytes:
    """The listing with our own lines: load the bench board, then PRINT: GOSUB 50 that many times."""
    data = ",".join(str(_CODES[mark]) for text in BENCH_BOARD for mark in text)
    ours = (
        b"20 GOTO 9000\n"
        b"9000 FOR J=1 TO 5: FOR K=1 TO 5: READ N(J,K): NEXT K: NEXT J\n"
        + f"9010 FOR G=1 TO {generations}: PRINT: GOSUB 50: NEXT G\n".encode()
        + b"9020 END\n"
        + f"9100 DATA {data}\n".encode()
    )
    return base + ours


def pcbasic_generation_seconds(base: bytes, generations: int) -> Timing:
    """The same generations in PC-BASIC, less the cost of starting and loading the board."""
    empty = timed(lambda: run_program(_pcbasic_generations_program(base, 0), [], quick=False))
    full = timed(lambda: run_program(_pcbasic_generations_program(base, generations), [], quick=False))
    return Timing((full.wall - empty.wall) / generations, (full.cpu - empty.cpu) / generations)


def extra_report(program: bytes, runtime: str, bugs: frozenset[str], generations: int) -> list[str]:
    """`life2 bench`'s second part: one generation of the game, on both sides."""
    theirs = pcbasic_generation_seconds(program, generations)
    mine = life2_generation_seconds(runtime, bugs, 200)
    return [
        "generation: neighbour pass + board print (lines 560-126), a 14-piece still life",
        f"  PC-BASIC: {theirs.wall * 1e6:11,.0f} us/generation wall, {theirs.cpu * 1e6:11,.0f} us CPU",
        f"  life2:    {mine.wall * 1e6:11,.1f} us/generation wall, {mine.cpu * 1e6:11,.1f} us CPU",
        f"  ratio: {theirs.wall / mine.wall:,.0f}x (wall), {theirs.cpu / mine.cpu:,.0f}x (CPU)",
    ]
