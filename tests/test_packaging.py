"""What a wheel carries: every package of the tree, and our patch lines as the reference adapter's data."""

from __future__ import annotations

import tomllib
from pathlib import Path

from life2_retro.programs.life2.bugs import BUG_NAMES
from life2_retro.reference.patches import patch_folder

ROOT = Path(__file__).resolve().parents[1]


def _setuptools() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]


def test_the_package_list_names_every_package_in_the_tree():
    on_disk = {
        ".".join(init.parent.relative_to(ROOT).parts) for init in (ROOT / "life2_retro").rglob("__init__.py")
    }
    listed = set(_setuptools()["packages"])
    mapped = set(_setuptools()["package-dir"])
    assert listed - mapped == on_disk


def test_the_patch_lines_are_installed_from_basic_reference_not_as_a_top_level_package():
    mapping = _setuptools()["package-dir"]
    assert mapping == {"life2_retro.reference.basic_patches": "basic_reference/patches"}
    assert not (ROOT / "basic_reference" / "__init__.py").exists()
    folder = ROOT / "basic_reference" / "patches"
    assert Path(str(patch_folder())) == folder  # a checkout reads them where they are
    assert sorted(path.stem for path in folder.glob("*.bas")) == sorted(BUG_NAMES)
