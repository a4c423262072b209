"""The listing is reference data: found by path, checked by checksum, never part of the project."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from life2_retro.reference.listing import (
    ENV_VAR,
    LISTING_SHA256,
    PUBLIC_SOURCE,
    ListingError,
    candidate_paths,
    listing_lines,
    load_listing,
)
from life2_retro.reference.patches import merge

ROOT = Path(__file__).resolve().parents[2]


def test_the_listing_is_found_and_checked(listing):
    assert listing.startswith(b"2 PRINT TAB(33)") and listing.endswith(b"999 END\n")


def test_the_program_has_exactly_the_listings_line_numbers(listing):
    from life2_retro.basic.dialects import Dialect
    from life2_retro.programs.life2.bugs import BUG_NAMES
    from life2_retro.programs.life2.program import Life2Program

    assert set(Life2Program(Dialect.MS1978, BUG_NAMES).lines) == set(listing_lines(listing))


def test_a_crlf_copy_is_accepted(listing, tmp_path):
    copy = tmp_path / "crlf.bas"
    copy.write_bytes(listing.replace(b"\n", b"\r\n"))
    assert load_listing(copy) == listing


def test_a_changed_copy_is_refused_with_the_checksum_and_the_source(listing, tmp_path):
    changed = tmp_path / "changed.bas"
    changed.write_bytes(listing.replace(b"GOTO 800", b"GOTO 999"))
    with pytest.raises(ListingError) as refused:
        load_listing(changed)
    assert LISTING_SHA256 in str(refused.value) and PUBLIC_SOURCE in str(refused.value)


def test_a_missing_listing_says_how_to_get_it(tmp_path):
    with pytest.raises(ListingError) as missing:
        load_listing(tmp_path / "nowhere.bas")
    message = str(missing.value)
    assert "curl" in message and PUBLIC_SOURCE in message and ENV_VAR in message


def test_the_option_beats_the_variable_which_beats_the_shared_folder(monkeypatch, tmp_path):
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "from-env.bas"))
    assert candidate_paths("given.bas") == [Path("given.bas")]
    assert candidate_paths() == [tmp_path / "from-env.bas"]
    monkeypatch.delenv(ENV_VAR)
    assert all(
        path.parts[-3:] == ("shared", "reference", "lifefortwo-1978.bas") for path in candidate_paths()
    )


def test_merging_a_patch_replaces_and_adds_numbered_lines(listing):
    merged = listing_lines(merge(listing, ["missing-line-800", "same-coord-diagonal"]))
    assert merged[800] == b"800 END"
    assert merged[741] == b"741 N(X(B),Y(B))=0: B=99: RETURN"
    assert len(merged) == len(listing_lines(listing)) + 1


def listing_statements(listing: bytes, shortest: int = 15) -> set[str]:
    """The listing's statements of `shortest` characters or more, spaces removed."""
    statements = set()
    for line in listing_lines(listing).values():
        body = line.decode().split(" ", 1)[1]
        for statement in body.split(":"):
            squeezed = "".join(statement.split())
            if len(squeezed) >= shortest:
                statements.add(squeezed)
    return statements


def test_no_committed_file_holds_listing_text(listing):
    """The listing may never be committed, nor statements copied from it.

    Short statements (NEXT K, RETURN, FOR J=1 TO 5) are common BASIC and are not
    counted; anything of 15 characters or more is the listing's own text.
    """
    statements = listing_statements(listing)
    assert len(statements) > 30  # the guard has something to look for
    tracked = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    for name in tracked.split():
        path = ROOT / name
        if not path.is_file():
            continue
        text = "".join(path.read_text(encoding="utf-8", errors="replace").split())
        copied = sorted(statement for statement in statements if statement in text)
        assert not copied, f"{name} holds listing statements: {copied[:3]}"


def _run_listing_test(env_extra: dict[str, str]) -> subprocess.CompletedProcess[str]:
    import os
    import sys

    env = {k: v for k, v in os.environ.items() if k not in ("CI", "LIFE2_REQUIRE_REFERENCE")}
    env.update({"LIFE2_LISTING": "/nonexistent/lifefortwo-1978.bas", **env_extra})
    test = "tests/reference/test_listing.py::test_the_listing_is_found_and_checked"
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-rs", "-q", "-p", "no:cacheprovider", test],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_without_the_listing_a_test_skips_and_says_how_to_get_it():
    result = _run_listing_test({})
    assert result.returncode == 0 and "1 skipped" in result.stdout and "curl -o" in result.stdout


def test_in_ci_a_missing_listing_fails_loudly():
    result = _run_listing_test({"LIFE2_REQUIRE_REFERENCE": "1"})
    assert result.returncode == 1 and "1 error" in result.stdout and "curl -o" in result.stdout
