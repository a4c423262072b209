"""The README's first screen stays true: its two commands, and CI runs the second one."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def readme_commands() -> list[str]:
    text = (ROOT / "README.md").read_text()
    return re.findall(r"```sh\n(.+?)\n```", text.split("---")[0])


def test_the_first_screen_has_a_play_command_and_a_test_command():
    play, test = readme_commands()
    assert play.endswith("pip install -e . && life2")
    assert test.endswith('pip install -e ".[dev]" && pytest')


def test_ci_runs_the_readme_test_command_word_for_word():
    _, test = readme_commands()
    ci = (ROOT / ".ci" / "run").read_text().splitlines()
    assert test in ci


def test_the_readme_names_the_listing_source_and_checksum():
    from life2_retro.reference.listing import LISTING_SHA256, PUBLIC_SOURCE

    text = (ROOT / "README.md").read_text()
    assert LISTING_SHA256 in text and PUBLIC_SOURCE in text
