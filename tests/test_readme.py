"""The README stays true: its first screen's two commands (CI runs the second one), and every
picture it shows is what the command below it makes."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _pictures_tool():
    spec = importlib.util.spec_from_file_location("readme_pictures", ROOT / "tools" / "readme_pictures.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclass looks itself up there
    spec.loader.exec_module(module)
    return module


PICTURES = _pictures_tool()


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


README_PICTURES = PICTURES.pictures((ROOT / "README.md").read_text())


def test_every_picture_in_the_readme_has_the_command_that_makes_it_below_it():
    shown = re.findall(r"!\[", (ROOT / "README.md").read_text())
    assert len(README_PICTURES) == len(shown) and all((ROOT / p.path).is_file() for p in README_PICTURES)
    assert [f"README.md:{p.line}: {p.path}" for p in README_PICTURES if p.command is None] == []


@pytest.mark.parametrize(
    ("command", "paths"),
    [
        pytest.param(command, paths, id=Path(paths[0]).name)
        for command, paths in PICTURES.commands(README_PICTURES).items()
    ],
)
def test_every_picture_in_the_readme_is_what_its_command_makes_to_the_pixel(command, paths):
    """Run in a scratch copy of docs/ (its pictures deleted first), as tools/readme_pictures.py does."""
    assert PICTURES.check(command, paths) == []
