"""The house's dependencies point one way: commands -> exhibit -> programs, terminals -> basic.

Every import of every module is read from its source (imports inside functions
too), and so is every module a registry names in a string for `import_module`
(the programs', the terminals', the commands', the stands'): a dependency is no
less one for being loaded late. Each is checked against what its part of the
house may use, and the table allows nothing that is not used, so that a new
dependency is a decision someone writes down.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "life2_retro"

MAY_IMPORT = {
    "events": set(),
    "basic": {"events"},
    "libc": {"events"},
    "automata": set(),
    "exits": set(),
    "terminals": {"events", "exits"},
    "programs": {"basic", "libc", "automata", "events"},
    "osi": {"events"},
    "reference": {"programs", "osi", "session"},
    "session": {"terminals", "events"},
    "exhibit": {"programs", "automata", "reference", "session", "terminals", "basic", "events", "exits"},
    "commands": {
        "exhibit",
        "programs",
        "reference",
        "session",
        "terminals",
        "basic",
        "automata",
        "events",
        "exits",
    },
    "cli": {"commands", "exits", "__init__"},
    "__main__": {"cli"},
    "__init__": set(),
}
"""A part of the house (a subpackage, or a top-level module) -> the other parts it may import."""
MODULE_NAME = re.compile(r"^life2_retro(\.[a-z_][a-z0-9_]*)+$")
"""A string that names one of our modules (a registry's entry, for import_module)."""


PARTS = {path.stem for path in PACKAGE.glob("*.py")} | {
    path.parent.name for path in PACKAGE.glob("*/__init__.py")
}


def _part(module: str) -> str:
    """`life2_retro.terminals.window.crt` -> `terminals`; a name of the package itself -> `__init__`."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in PARTS else "__init__"


def _imports(path: Path) -> set[str]:
    """The life2_retro modules a source file imports, anywhere in it, relative imports resolved."""
    module = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    package = module if path.name == "__init__.py" else module.rsplit(".", 1)[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and MODULE_NAME.match(node.value):
            found.add(node.value)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                name = ".".join([*base, node.module] if node.module else base)
            else:
                name = node.module or ""
            found.add(name)
            found |= {f"{name}.{alias.name}" for alias in node.names}
    return {name for name in found if name.startswith("life2_retro.") or name == "life2_retro"}


SOURCES = sorted(PACKAGE.rglob("*.py"))


@pytest.mark.parametrize("path", SOURCES, ids=lambda path: str(path.relative_to(PACKAGE)))
def test_each_module_imports_only_what_its_part_may(path):
    part = _part(".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts))
    allowed = MAY_IMPORT[part] | {part}
    used = {_part(name) for name in _imports(path) if name != "life2_retro"}
    assert used <= allowed, f"{path.relative_to(PACKAGE)} ({part}) imports {sorted(used - allowed)}"


def _uses() -> dict[str, set[str]]:
    """Each part -> the other parts its modules import."""
    uses: dict[str, set[str]] = {}
    for path in SOURCES:
        part = _part(".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts))
        used = {_part(name) for name in _imports(path) if name != "life2_retro"} - {part}
        uses.setdefault(part, set()).update(used)
    return uses


def test_the_table_allows_nothing_that_is_not_used():
    """An allowance nobody uses is a dependency waiting to happen unnoticed: each one is taken."""
    uses = _uses()
    unused = {part: sorted(allowed - uses.get(part, set())) for part, allowed in MAY_IMPORT.items()}
    assert {part: names for part, names in unused.items() if names} == {}
    assert set(MAY_IMPORT) == set(uses) | {"__init__"}


def test_the_registries_module_strings_are_read_as_imports():
    """A registry names its modules in strings, loaded when chosen: they count as imports."""
    assert "life2_retro.terminals.window.crt" in _imports(PACKAGE / "terminals" / "__init__.py")
    assert "life2_retro.exhibit.stands.p2life" in _imports(PACKAGE / "exhibit" / "stands" / "__init__.py")
    assert "life2_retro.reference.cell_life" in _imports(PACKAGE / "reference" / "__init__.py")
    assert not {name for name in _imports(PACKAGE / "programs" / "__init__.py") if ".reference" in name}


def test_the_checker_sees_imports_inside_functions_and_relative_ones(tmp_path):
    """The rule would be empty if the reader missed the imports that matter most: the lazy ones."""
    imports = _imports(PACKAGE / "commands" / "play.py")
    assert "life2_retro.session" in imports  # imported inside main()
    assert "life2_retro.terminals" in imports  # `from ..terminals import ...`
    assert _part("life2_retro.terminals.window.crt") == "terminals"


def _folder_graph(folder: Path) -> dict[str, set[str]]:
    """A folder's modules -> the modules of the same folder each one imports (type hints included:
    an import for a hint is still a knot between the two files)."""
    package = ".".join(folder.relative_to(PACKAGE.parent).parts)
    stems = {path.stem for path in folder.glob("*.py")}
    graph = {}
    for path in folder.glob("*.py"):
        siblings = {
            name.removeprefix(package + ".") for name in _imports(path) if name.startswith(package + ".")
        }
        graph[path.stem] = {name for name in siblings if name in stems} - {path.stem}
    return graph


def _a_circle(graph: dict[str, set[str]]) -> list[str]:
    """One path that comes back to where it started, or [] when the graph has none."""
    done: set[str] = set()

    def visit(node: str, path: list[str]) -> list[str]:
        if node in path:
            return [*path[path.index(node) :], node]
        if node in done:
            return []
        for following in sorted(graph.get(node, ())):
            circle = visit(following, [*path, node])
            if circle:
                return circle
        done.add(node)
        return []

    for start in sorted(graph):
        circle = visit(start, [])
        if circle:
            return circle
    return []


FOLDERS = sorted({path.parent for path in SOURCES})


@pytest.mark.parametrize("folder", FOLDERS, ids=lambda folder: str(folder.relative_to(PACKAGE.parent)))
def test_no_two_modules_of_a_folder_import_each_other(folder):
    """Within a package the imports run one way too: a circle means two files that are really one,
    or a piece that both need and neither should own."""
    assert _a_circle(_folder_graph(folder)) == []


def test_the_circle_finder_finds_circles():
    assert _a_circle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _a_circle({"a": {"b", "c"}, "b": {"c"}, "c": set()}) == []
    assert _a_circle({"terminal": {"keyboard"}, "keyboard": {"terminal"}}) == [
        "keyboard",
        "terminal",
        "keyboard",
    ]
