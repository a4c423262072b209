"""The optional extras a command needs, asked for before it prints anything.

The core game needs pygame and pyserial only; p2life's study, watch and engine
bench need NumPy and Numba (and the study tqdm and Matplotlib), which come as
the `study` extra (pyproject.toml). Without them a command would print its
header, start its work and end in an ImportError's traceback; instead it says
in one line which extra to install, as `compare` does for PC-BASIC, and stops
with status 2, as for any other thing a person must fix first.
"""

from __future__ import annotations

import sys
from importlib.util import find_spec

EXTRAS: dict[str, tuple[str, ...]] = {
    "study": ("numpy", "numba", "matplotlib", "tqdm"),
}
"""Each extra of pyproject.toml a command asks for, with the modules it brings (tests/commands/
test_extras.py holds this to pyproject's lists)."""
ENGINE_MODULES = ("numpy", "numba")
"""What p2life's bit-parallel engine (automata/) needs of the study extra: watch and bench run it."""


def _importable(module: str) -> bool:
    try:
        return find_spec(module) is not None
    except (ImportError, ValueError):  # a parent that cannot be imported, a module set to None
        return False


def missing_extra(extra: str, modules: tuple[str, ...] | None = None) -> str | None:
    """None when `modules` (by default all of `extra`'s) can be imported; else the one line that says
    which are missing and how to install the extra."""
    missing = [module for module in modules or EXTRAS[extra] if not _importable(module)]
    if not missing:
        return None
    verb = "is" if len(missing) == 1 else "are"
    return f'the {extra} extra ({", ".join(missing)} {verb} not installed): pip install -e ".[{extra}]"'


def require_extra(command: str, what: str, extra: str, modules: tuple[str, ...] | None = None) -> bool:
    """Whether `what` can go on; if not, `life2 COMMAND: WHAT needs the EXTRA extra (...)` on stderr."""
    missing = missing_extra(extra, modules)
    if missing is not None:
        print(f"life2 {command}: {what} needs {missing}", file=sys.stderr)
    return missing is None
