"""Small C programs of our own, built with gcc for the tests that hold life2's C runtime against the C
library itself. gcc is on every machine the project runs on; without it these tests fail in CI and
skip elsewhere, like the other tests that need a reference."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

_BUILT: dict[str, Path] = {}
_FOLDER = Path(tempfile.mkdtemp(prefix="life2-cbuild-"))


def build_c(source: str) -> Path:
    """The program `source` compiles to (gcc -O0, as the reference build), built once per test run."""
    key = hashlib.sha256(source.encode()).hexdigest()[:16]
    if key in _BUILT:
        return _BUILT[key]
    gcc = shutil.which("gcc")
    if gcc is None:
        message = "gcc is needed to hold the C runtime against the C library"
        if os.environ.get("LIFE2_REQUIRE_REFERENCE") == "1":
            pytest.fail(message, pytrace=False)
        pytest.skip(message)
    path = _FOLDER / f"probe-{key}.c"
    path.write_text(source)
    binary = _FOLDER / f"probe-{key}"
    subprocess.run([gcc, "-O0", "-w", str(path), "-o", str(binary)], check=True)
    _BUILT[key] = binary
    return binary


def run_c(binary: Path, stdin: bytes, *args: str) -> bytes:
    return subprocess.run(
        [str(binary), *args], input=stdin, capture_output=True, timeout=30, check=True
    ).stdout
