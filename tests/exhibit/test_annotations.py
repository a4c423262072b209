"""The live listing panel's own annotations: one for every line, fitting the panel, none copied from the listing."""

from __future__ import annotations

import pytest

from life2_retro.exhibit.annotations import (
    ANNOTATIONS,
    HEADING,
    SECTIONS,
    WIDTH,
    annotated_listing,
    section_of,
)
from life2_retro.programs.life2.bugs import BUG_NAMES
from life2_retro.programs.life2.program import Life2Program
from life2_retro.reference.listing import listing_lines

FAITHFUL = set(Life2Program(bugs=BUG_NAMES).lines)
FIXED = set(Life2Program(bugs=()).lines)
SHORTEST = 12
"""A listing statement this long or longer is the listing's own text."""


def _squeeze(text: str) -> str:
    """Case and spacing do not disguise a copy."""
    return "".join(text.split()).upper()


def _statements(listing: bytes) -> list[str]:
    """Every statement of the listing, as written (line numbers removed)."""
    statements: list[str] = []
    for line in listing_lines(listing).values():
        body = line.decode().split(" ", 1)[1]
        statements.extend(part.strip() for part in body.split(":") if part.strip())
    return statements


def test_every_line_of_the_program_is_annotated_and_no_other():
    assert FAITHFUL < FIXED  # the fixes add lines (543, 721, 800)
    assert set(ANNOTATIONS) == FAITHFUL | FIXED
    assert 800 in ANNOTATIONS


@pytest.mark.parametrize("fixed", [False, True], ids=["faithful", "fixed"])
def test_each_line_table_has_every_annotation_it_needs(fixed):
    lines = FIXED if fixed else FAITHFUL
    assert lines <= set(ANNOTATIONS)


def test_every_annotation_and_heading_fits_the_panel():
    for text in [*ANNOTATIONS.values(), *SECTIONS.values()]:
        assert text and text == text.strip() and "\n" not in text
        assert len(text) <= WIDTH, f"{text!r} is {len(text)} characters"


def test_sections_start_at_lines_the_program_has_and_each_holds_lines():
    assert set(SECTIONS) <= set(ANNOTATIONS)
    assert set(SECTIONS) - {800} <= FAITHFUL  # only the end block starts at a patch line
    for first in SECTIONS:
        assert section_of(first) == first
    assert {section_of(line) for line in FAITHFUL} == set(SECTIONS)
    assert {section_of(line) for line in FIXED} == set(SECTIONS)


def test_the_blocks_are_the_programs_groups():
    groups = {
        2: range(2, 21),
        50: range(50, 66),
        90: range(90, 127),
        200: range(200, 240),
        300: range(300, 400),
        500: range(500, 544),
        559: range(559, 597),
        700: range(700, 751),
        800: range(800, 1000),
    }
    assert set(groups) == set(SECTIONS)
    for line in ANNOTATIONS:
        assert line in groups[section_of(line)]


def test_the_listing_rows_are_in_line_order_with_headings_before_their_blocks():
    rows = annotated_listing()
    numbers = [number for number, _ in rows if number != HEADING]
    assert numbers == sorted(ANNOTATIONS)
    assert [text for number, text in rows if number == HEADING] == [SECTIONS[k] for k in sorted(SECTIONS)]
    for (number, text), (next_number, _) in zip(rows, rows[1:], strict=False):
        if number == HEADING:
            assert next_number != HEADING and SECTIONS[section_of(next_number)] == text
    assert rows[0] == (HEADING, SECTIONS[2]) and rows[-1] == (999, ANNOTATIONS[999])


def test_a_faithful_panel_lists_only_the_listings_lines():
    rows = annotated_listing(FAITHFUL)
    assert [number for number, _ in rows if number != HEADING] == sorted(FAITHFUL)
    # the end block begins at the patch line 800, so its heading comes before 999
    assert rows[-2:] == [(HEADING, SECTIONS[800]), (999, ANNOTATIONS[999])]
    assert all(number not in (543, 721, 800) for number, _ in rows)


def test_a_fixed_panel_lists_the_patch_lines_too():
    rows = annotated_listing(FIXED)
    assert [number for number, _ in rows if number != HEADING] == sorted(FIXED)


def test_the_annotated_lines_are_the_listings_plus_our_patch_lines(listing):
    assert set(listing_lines(listing)) == FAITHFUL
    assert set(ANNOTATIONS) - set(listing_lines(listing)) == {543, 721, 800}


def _copied(text: str, statements: list[str]) -> list[str]:
    """The statements `text` holds (those of SHORTEST characters or more) or is held by (any)."""
    squeezed = _squeeze(text)
    return sorted(
        statement
        for statement in statements
        if (len(statement) >= SHORTEST and _squeeze(statement) in squeezed)
        or text.upper() in statement.upper()
        or squeezed in _squeeze(statement)
    )


def test_no_annotation_copies_a_statement_of_the_listing(listing):
    statements = _statements(listing)
    assert sum(len(s) >= SHORTEST for s in statements) > 30  # the check has something to look for
    for line, text in [*ANNOTATIONS.items(), *((HEADING, heading) for heading in SECTIONS.values())]:
        copied = _copied(text, statements)
        assert not copied, f"annotation of line {line} ({text!r}) copies listing text: {copied}"


def test_the_copy_check_sees_through_case_and_spacing(listing):
    statements = _statements(listing)
    long_one = max(statements, key=len)
    disguised = "NOTE: " + " ".join(long_one.lower().replace(" ", ""))
    assert _copied(disguised, statements) == [long_one]
    short_one = next(s for s in statements if 4 <= len(s) < SHORTEST)
    assert _copied(short_one.lower(), statements)  # an annotation that is a whole statement
