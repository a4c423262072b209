"""Without an optional extra, a command that needs it says in one line which extra to install, before
it prints anything, instead of printing its header and ending in an ImportError's traceback.

The extra's modules are made unimportable in a real `life2` process (`sys.modules[name] = None`,
which makes Python's import fail as for a module never installed), so the whole command runs as a
newcomer's would after `pip install -e .` alone.
"""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from life2_retro.commands.extras import ENGINE_MODULES, EXTRAS, missing_extra

ROOT = Path(__file__).resolve().parents[2]
INSTALL = 'pip install -e ".[study]"'


def life2_without(modules: tuple[str, ...], *words: str) -> subprocess.CompletedProcess[str]:
    hidden = "; ".join(f"sys.modules[{module!r}] = None" for module in modules)
    code = f"import sys; {hidden}; from life2_retro.cli import main; sys.exit(main(sys.argv[1:]))"
    return subprocess.run(
        [sys.executable, "-c", code, *words], capture_output=True, text=True, timeout=120, check=False
    )


@pytest.mark.parametrize(
    ("words", "hidden", "said"),
    [
        (
            ["study", "p2life", "--size", "16", "--runs", "2"],
            ("tqdm",),
            "life2 study: the study of p2life needs the study extra (tqdm is not installed): ",
        ),
        (
            ["watch", "p2life", "--generations", "2"],
            ("numpy",),
            "life2 watch: p2life's engine needs the study extra (numpy is not installed): ",
        ),
        (
            ["bench", "--game", "p2life"],
            ("numpy", "numba"),
            "life2 bench: --game p2life needs the study extra (numpy, numba are not installed): ",
        ),
    ],
    ids=["study", "watch", "bench"],
)
def test_a_command_without_its_extra_says_which_to_install_in_one_line(words, hidden, said):
    result = life2_without(hidden, *words)
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == said + INSTALL + "\n"


def test_the_extras_modules_are_the_ones_pyproject_installs():
    """What a command asks for is what `pip install -e ".[extra]"` brings."""
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    for extra, modules in EXTRAS.items():
        names = {requirement.split(">")[0].split("=")[0].split("[")[0] for requirement in declared[extra]}
        assert names == set(modules)
    assert set(ENGINE_MODULES) <= set(EXTRAS["study"])


def test_with_the_extra_installed_nothing_is_missing():
    assert missing_extra("study") is None
