"""Every picture the README and its pages in docs/ show, remade from the command given for it, and
compared.

    python tools/readme_pictures.py             # remake each in a scratch folder; say which differ
    python tools/readme_pictures.py --write     # remake them all in place, in docs/

The convention, which this script holds every page to: below each picture (or
below a run of pictures with nothing but blank lines between them) comes a
`sh` code block with the commands that made it, one a line; a picture's command
is the one that names its file, or the folder it is in, as a path from the
project's top (a page links its pictures from its own folder). A new picture
needs only that.

A command is run as it is written, from the top of a scratch copy of the
project's docs/ and tools/ in which the pictures it makes have been deleted
(`life2` is this checkout's, `python` this interpreter), and each picture it
makes must match the committed one pixel for pixel: everything that draws them
is seeded, so a difference is a change, never noise. tests/test_readme.py runs
the same comparison, one command a test.
"""

from __future__ import annotations

import argparse
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass, replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
DOCS = ROOT / "docs"
COPIED = ("docs", "tools")
"""What a command may read, copied into the scratch folder it runs in."""
IMAGE = re.compile(r"^!\[[^\]]*\]\(([^)\s]+\.png)\)\s*$")


@dataclass(frozen=True)
class Picture:
    path: str
    """From the project's top (a page links it from its own folder)."""
    line: int
    command: str | None
    """The command below it that names it; None when there is none."""
    page: str = "README.md"
    """The page that shows it, from the project's top."""

    @property
    def place(self) -> str:
        """Where a message points a reader: the page and the picture's line."""
        return f"{self.page}:{self.line}"


def pages() -> list[Path]:
    """The README and the pages of docs/, which the README links to."""
    return [README, *sorted(DOCS.glob("*.md"))]


def where(page: Path) -> str:
    """`page` as a path from the project's top."""
    return page.relative_to(ROOT).as_posix()


def every_picture() -> list[Picture]:
    """Every picture of every page, the README's first."""
    found: list[Picture] = []
    for page in pages():
        name = where(page)
        shown = pictures(page.read_text(encoding="utf-8"), os.path.dirname(name))
        found.extend(replace(picture, page=name) for picture in shown)
    return found


def pictures(text: str, folder: str = "") -> list[Picture]:
    """Every picture a page shows, in order, each with its command (see the module's note); `folder`:
    the page's own, from the project's top, from which it links its pictures."""
    found: list[Picture] = []
    waiting: list[tuple[str, int]] = []
    lines = text.splitlines()
    number = 0
    while number < len(lines):
        line = lines[number].strip()
        image = IMAGE.match(line)
        if image:
            waiting.append((os.path.normpath(os.path.join(folder, image[1])), number + 1))
        elif line and waiting:
            block = _code_block(lines, number) if line == "```sh" else []
            for path, at in waiting:
                found.append(Picture(path, at, _naming(block, path)))
            waiting = []
        number += 1
    found.extend(Picture(path, at, None) for path, at in waiting)
    return found


def _code_block(lines: list[str], start: int) -> list[str]:
    """The commands of the code block opening at `start`, one a line (comments and blanks left out)."""
    block = []
    for line in lines[start + 1 :]:
        if line.strip() == "```":
            break
        command = line.split("#", 1)[0].strip()
        if command:
            block.append(command)
    return block


def _naming(block: list[str], path: str) -> str | None:
    """The command of `block` that names the picture, or the folder it is in."""
    names = {path, str(Path(path).parent)}
    return next((command for command in block if names & set(shlex.split(command))), None)


def commands(found: list[Picture]) -> dict[str, list[str]]:
    """Each command with the pictures it makes, in the pages' order."""
    made: dict[str, list[str]] = {}
    for picture in found:
        if picture.command is not None:
            made.setdefault(picture.command, []).append(picture.path)
    return made


def run(command: str, folder: Path) -> subprocess.CompletedProcess[str]:
    """`command` run from `folder`, with this checkout's life2 and this interpreter."""
    words = shlex.split(command)
    if words[0] == "life2":
        words = [sys.executable, "-m", "life2_retro", *words[1:]]
    elif words[0] in ("python", "python3"):
        words = [sys.executable, *words[1:]]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        words, cwd=folder, env=env, capture_output=True, text=True, timeout=600, check=False
    )


def remake(command: str, paths: list[str], folder: Path) -> str | None:
    """Run `command` in a scratch copy at `folder` with its pictures deleted first; None, or what
    went wrong."""
    for part in COPIED:
        shutil.copytree(ROOT / part, folder / part, dirs_exist_ok=True)
    for path in paths:
        (folder / path).unlink(missing_ok=True)
    done = run(command, folder)
    if done.returncode != 0:
        return f"`{command}` ended with status {done.returncode}: {done.stderr.strip()[-500:]}"
    missing = [path for path in paths if not (folder / path).exists()]
    return f"`{command}` did not make {', '.join(missing)}" if missing else None


def differing_pixels(made: Path, committed: Path) -> int | None:
    """How many pixels of two PNGs differ; None when their sizes do."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import numpy as np
    import pygame

    first, second = pygame.image.load(str(made)), pygame.image.load(str(committed))
    if first.get_size() != second.get_size():
        return None
    shape = (*first.get_size()[::-1], 4)
    pixels = [
        np.frombuffer(pygame.image.tobytes(surface, "RGBA"), np.uint8).reshape(shape)
        for surface in (first, second)
    ]
    return int((pixels[0] != pixels[1]).any(axis=2).sum())


def check(command: str, paths: list[str]) -> list[str]:
    """What differs between the pictures `command` makes and the committed ones (nothing: [])."""
    with tempfile.TemporaryDirectory(prefix="life2-pictures-") as scratch:
        folder = Path(scratch)
        failed = remake(command, paths, folder)
        if failed:
            return [failed]
        problems = []
        for path in paths:
            differ = differing_pixels(folder / path, ROOT / path)
            if differ is None:
                problems.append(f"{path}: `{command}` makes a picture of another size")
            elif differ:
                problems.append(f"{path}: {differ:,} pixels differ from what `{command}` makes")
        return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="remake every picture in place, in docs/")
    args = parser.parse_args(argv)
    found = every_picture()
    orphans = [picture for picture in found if picture.command is None]
    for picture in orphans:
        print(f"{picture.place}: {picture.path} has no command below it that names it")
    status = 1 if orphans else 0
    for command, paths in commands(found).items():
        if args.write:
            done = run(command, ROOT)
            print(f"{'made' if done.returncode == 0 else 'FAILED'}: {', '.join(paths)}  ({command})")
            status |= done.returncode != 0
            continue
        problems = check(command, paths)
        for problem in problems:
            print(problem)
        if not problems:
            print(f"same: {', '.join(paths)}")
        status |= bool(problems)
    return status


if __name__ == "__main__":
    sys.exit(main())
