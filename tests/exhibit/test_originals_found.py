"""The exhibit finds the originals as every command does: the config's path, else the variable
($LIFE2_LISTING, $CELL_LIFE_SOURCE), else ../shared/reference/; each checked by its SHA-256. A
screenshot shows only the listing its config names (docs/exhibit.md says why)."""

from __future__ import annotations

import dataclasses
import subprocess
import sys

import pytest

from life2_retro.exhibit.config import parse_config
from life2_retro.exhibit.stands.life2 import ANNOTATED_TITLE, LISTING_TITLE, NOT_FOUND, NOT_LOOKED_FOR
from life2_retro.programs.cell_life.program import NO_INTRO
from life2_retro.reference.cell_life import introduction_from, program_text
from life2_retro.reference.listing import ENV_VAR, LISTING_NAME, listing_lines


def life2_stand(folder, listing=None, screenshot=False):
    tables = {} if listing is None else {"life2": {"listing": str(listing)}}
    config = dataclasses.replace(parse_config(tables, folder), finds_references=not screenshot)
    return config.stand("life2")


def test_the_listing_panel_finds_the_listing_through_its_variable(listing, tmp_path, monkeypatch):
    copy = tmp_path / "copy.bas"
    copy.write_bytes(listing)
    monkeypatch.setenv(ENV_VAR, str(copy))
    rows, title, why_not = life2_stand(tmp_path).listing_rows()
    assert (title, why_not) == (LISTING_TITLE, None)
    assert {number for number, _ in rows} == set(listing_lines(listing))


def test_the_listing_panel_finds_the_listing_in_shared_reference(listing, tmp_path, monkeypatch):
    """The folder beside the current one (or beside the checkout), as for every command."""
    (tmp_path / "shared" / "reference").mkdir(parents=True)
    (tmp_path / "shared" / "reference" / LISTING_NAME).write_bytes(listing)
    (tmp_path / "museum").mkdir()
    monkeypatch.chdir(tmp_path / "museum")
    monkeypatch.delenv(ENV_VAR, raising=False)
    _, title, why_not = life2_stand(tmp_path / "museum").listing_rows()
    assert (title, why_not) == (LISTING_TITLE, None)


def test_the_config_path_comes_before_the_variable(listing, tmp_path, monkeypatch):
    (tmp_path / "wrong.bas").write_text("10 PRINT\n")
    copy = tmp_path / "copy.bas"
    copy.write_bytes(listing)
    monkeypatch.setenv(ENV_VAR, str(copy))
    _, title, why_not = life2_stand(tmp_path, "wrong.bas").listing_rows()
    assert title == ANNOTATED_TITLE and why_not is not None and "is not the 1978 listing" in why_not


def test_without_a_listing_anywhere_the_panel_shows_our_notes(tmp_path, monkeypatch):
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "nowhere.bas"))
    stand = life2_stand(tmp_path)
    assert stand.listing_rows()[1:] == (ANNOTATED_TITLE, NOT_FOUND)
    assert stand.check() == []  # nothing is wrong: the exhibit was given no listing
    assert stand.summary().endswith("the panel shows our notes")


def test_a_screenshot_shows_no_listing_its_config_does_not_name(listing, tmp_path, monkeypatch):
    copy = tmp_path / "copy.bas"
    copy.write_bytes(listing)
    monkeypatch.setenv(ENV_VAR, str(copy))
    assert life2_stand(tmp_path, screenshot=True).listing_rows()[1:] == (ANNOTATED_TITLE, NOT_LOOKED_FOR)
    assert life2_stand(tmp_path, copy, screenshot=True).listing_rows()[1:] == (LISTING_TITLE, None)


def test_check_finds_a_wrong_listing_at_the_variable(tmp_path):
    """`--check` says so before the museum opens, as it does for the config's own path."""
    wrong = tmp_path / "lifefortwo-1978.bas"
    wrong.write_text("10 PRINT\n")
    config = tmp_path / "exhibit.toml"
    config.write_text("[exhibit]\nfullscreen = false\n")
    result = subprocess.run(
        [sys.executable, "-m", "life2_retro", "exhibit", "--config", str(config), "--check"],
        env={**__import__("os").environ, ENV_VAR: str(wrong)},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 2
    assert result.stderr.startswith(f"life2 exhibit: the listing found: {wrong} is not the 1978 listing")


@pytest.mark.parametrize("found", [True, False], ids=["source found", "source not found"])
def test_cell_life_at_the_exhibit_reads_its_introduction_from_the_source_found(
    found, rigs, tmp_path, monkeypatch, request
):
    """Its words come from $CELL_LIFE_SOURCE (else ../shared/reference/), as for `life2 play`."""
    if found:
        source = request.getfixturevalue("cell_life_source")
        (tmp_path / "cell-life-2008.c").write_bytes(source)
        monkeypatch.setenv("CELL_LIFE_SOURCE", str(tmp_path / "cell-life-2008.c"))
        expected = max(introduction_from(source).splitlines(), key=len)
    else:
        monkeypatch.setenv("CELL_LIFE_SOURCE", str(tmp_path / "nowhere.c"))
        expected = max(NO_INTRO.splitlines(), key=len)
    program_text.cache_clear()  # read once a process: this test changes where it is
    request.addfinalizer(program_text.cache_clear)
    rig = rigs(settings={"exhibit": {"games": ["cell-life"]}, "attract": {"max_rounds": 1}}, baud=None)
    rig.exhibit.run(games=1)
    printed = rig.printed.decode("ascii", "replace")
    assert expected.strip() and expected.strip() in printed
