"""Cell Life's reference: the C program, built with gcc as the reference build, and run as the oracle.

The build is `gcc -O0 -w cell-life-2008.c wrap.c -Wl,--wrap=time`: the
program untouched, linked so that `time()` is our own `__wrap_time`, which
returns the seed from the environment. So the same seed gives the same game
on both sides. The build is made once per source, compiler and wrap, in the
user's cache.

A run is cut short where the C program would go on for ever (its retry loops
print without end, one of its loops spins without a word): after a time limit
or an output limit it is stopped, and its output is then only a beginning. Its
stdout is made unbuffered (stdbuf -o0), so a run that crashes keeps every byte
it printed.
"""

from __future__ import annotations

import functools
import hashlib
import io
import os
import re
import select
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

from ..programs import Script
from ..programs.cell_life.bugs import BUG_NAMES
from .files import ReferenceError, ReferenceFile
from .oracle import OracleRun, OracleUnusable

SOURCE = ReferenceFile(
    name="cell-life-2008.c",
    sha256="805c4d01c417713697059c31dfef758aa9c36fe9a8edb4965fe4cf6e6f9a21a1",
    env_var="CELL_LIFE_SOURCE",
    what="Cell Life's C source (ver 2008Dec05, repaired from the scan)",
    how_to_get="""\
Cell Life's C source is needed here. This project does not carry it: like the
1978 listing, it is reference data, never committed. It is the C program of
Joseph Larson's "Cell Life ver 2008Dec05" as it was printed, typed in again
from a scan of the print and repaired only where the scan broke it (its notes,
cell-life-2008-notes.md, list each repair). There is no public address to
download it from: it comes with the reference files given to the project's
testers, in shared/reference/ beside the checkout, where life2 finds it by
itself. A copy elsewhere is found through a variable:

    export CELL_LIFE_SOURCE=$PWD/cell-life-2008.c      # or pass --listing cell-life-2008.c

Its SHA-256 (with LF line endings) must be
805c4d01c417713697059c31dfef758aa9c36fe9a8edb4965fe4cf6e6f9a21a1""",
)
RUNTIME = "c"
LABEL = "the C build"
ORACLE = "gcc -O0 build"
SEED_VARIABLE = "CELL_LIFE_SEED"
WRAP_C = """\
/* life2-retro: time() for the reference build of Cell Life, returning the seed in CELL_LIFE_SEED. */
#include <stdlib.h>
#include <time.h>
time_t __wrap_time(time_t *when) {
  const char *seed = getenv("CELL_LIFE_SEED");
  time_t value = seed ? (time_t) strtoll(seed, 0, 10) : 0;
  if (when) *when = value;
  return value;
}
"""
TIME_LIMIT = 5.0
"""Seconds a run may take; past it the build is spinning in a loop that never ends."""
OUTPUT_LIMIT = 4_000_000
"""Bytes a run may print; past it the build is printing a retry message for ever."""


_INTRO = re.compile(rb"void\s+intro\s*\(\s*void\s*\)\s*\{\s*printf\s*\((.*?)\)\s*;\s*\}", re.S)
_LITERAL = re.compile(rb'"((?:[^"\\\n]|\\.)*)"')
_ESCAPES = {b"n": b"\n", b"t": b"\t", b"\\": b"\\", b'"': b'"', b"'": b"'"}


def introduction_from(source: bytes) -> str:
    """The words `intro()` prints: its printf's string literals joined, as the C compiler joins them.
    ValueError when the source has no such function."""
    found = _INTRO.search(source)
    if found is None:
        raise ValueError("the C source has no intro() printing one string")
    text = b"".join(_LITERAL.findall(found[1]))
    return re.sub(rb"\\(.)", lambda escape: _ESCAPES[escape[1]], text).decode("ascii")


@functools.cache
def program_text() -> dict[str, str | None]:
    """What Cell Life prints of its own words that this project does not carry: its introduction,
    read from the C source at run time (None when the source is not found or not the checked one)."""
    try:
        return {"intro": introduction_from(SOURCE.load())}
    except ReferenceError:
        return {"intro": None}


def build(source: bytes) -> Path:
    """The reference build of `source`, made once and kept in the cache; OracleUnusable without gcc."""
    gcc = shutil.which("gcc")
    if gcc is None:
        raise OracleUnusable("gcc is needed to build Cell Life's reference, and it is not on PATH.")
    version = subprocess.run(
        [gcc, "-dumpfullversion"], capture_output=True, text=True, check=False
    ).stdout.strip()
    key = hashlib.sha256(source + WRAP_C.encode() + version.encode()).hexdigest()[:16]
    folder = (
        Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "life2-retro" / f"cell-life-{key}"
    )
    binary = folder / "cell-life"
    if binary.is_file():
        return binary
    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=folder) as work:
        (Path(work) / "cell-life-2008.c").write_bytes(source)
        (Path(work) / "wrap.c").write_text(WRAP_C)
        made = Path(work) / "cell-life"
        command = [gcc, "-O0", "-w", "cell-life-2008.c", "wrap.c", "-Wl,--wrap=time", "-o", str(made)]
        result = subprocess.run(command, cwd=work, capture_output=True, text=True, check=False)
        if result.returncode:
            raise OracleUnusable(f"gcc could not build Cell Life's reference:\n{result.stderr}")
        made.replace(binary)  # atomic: a parallel run sees no half-written binary
    return binary


def prepare(command: str, source_path: str | None, runtime: str, bugs: frozenset[str]) -> Path:
    """The reference build, once it is sure the oracle can be used for this mode."""
    if runtime != RUNTIME:
        raise OracleUnusable(f"Cell Life runs on the C runtime, not {runtime!r}.")
    if bugs != frozenset(BUG_NAMES):
        raise OracleUnusable(
            f"the C build is the program as printed, every bug on; {command} runs Cell Life without "
            "--fixed and --no-bug (the fixes are checked by their own tests)."
        )
    try:
        return build(SOURCE.load(source_path))
    except ReferenceError as exc:
        raise OracleUnusable(str(exc)) from exc


def run(binary: Path, script: Script, as_installed: bool = False) -> OracleRun:
    """One script: its lines on stdin, its seed as the clock. Cut short past the limits."""
    environment = {**os.environ, SEED_VARIABLE: str(script.seed or 0)}
    unbuffered = ["stdbuf", "-o0"] if shutil.which("stdbuf") else []
    process = subprocess.Popen(
        [*unbuffered, str(binary)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env=environment,
    )
    # pipes, buffered (Popen's default): the reader has read1, which returns what is there
    assert process.stdin is not None and isinstance(process.stdout, io.BufferedReader)
    try:
        process.stdin.write(b"".join(line + b"\n" for line in script.lines))
        process.stdin.close()
    except BrokenPipeError:
        pass  # it ended, or crashed, before reading everything
    output = bytearray()
    deadline = time.monotonic() + TIME_LIMIT
    complete = False
    while len(output) < OUTPUT_LIMIT and time.monotonic() < deadline:
        if not select.select([process.stdout], [], [], 0.2)[0]:
            continue
        chunk = process.stdout.read1(65536)
        if not chunk:
            complete = True
            break
        output += chunk
    if complete:
        process.wait()
    else:
        process.kill()
        process.wait()
    process.stdout.close()
    return OracleRun(bytes(output[:OUTPUT_LIMIT]), None, complete)
