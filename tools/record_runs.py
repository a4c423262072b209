#!/usr/bin/env python3
"""Record what each program does on many generated scripts: a change of structure must change nothing.

    python tools/record_runs.py --count 2000 --out before.tsv
    ... move code ...
    python tools/record_runs.py --count 2000 --out after.tsv && cmp before.tsv after.tsv

Each line is one script in one mode: the mode, the script's number, why the
game stopped, and SHA-256 digests of its output bytes and of its trace (the
line numbers executed; a program of our own has none). The modes are every
program's runtimes, each with every bug on and with `--fixed`, and p2life's
rule variants. The tool reaches the programs through their registry only, so
the same file runs on the trees before and after a move. Cell Life prints
words of its original, read from the reference source (LIFE2_LISTING's
folder, or ../shared/reference).
"""

from __future__ import annotations

import argparse
import hashlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from life2_retro.programs import PROGRAMS, program_entry
from life2_retro.reference import original_words
from life2_retro.session import run_in_memory

Mode = tuple[str, str, str, frozenset[str], dict[str, Any]]
"""A mode's name, its program, runtime, bugs on, and settings."""


def modes() -> Iterator[Mode]:
    """Each program's runtimes; on each, its rule variants where it offers them (a program of our own,
    with no bugs to switch), else every bug on and `--fixed`."""
    for name, entry in PROGRAMS.items():
        variants = next((setting.choices for setting in entry.settings if setting.name == "variant"), ())
        for runtime in entry.runtimes:
            label = name if len(entry.runtimes) == 1 else runtime
            for variant in variants:
                yield f"{label}-variant-{variant}", name, runtime, frozenset(), {"variant": variant}
            if not variants:
                yield label, name, runtime, entry.resolve_bugs(fixed=False), {}
                yield f"{label}-fixed", name, runtime, entry.resolve_bugs(fixed=True), {}


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:32]


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of the generated scripts (default 1)")
    parser.add_argument("--count", type=int, default=2000, help="scripts per mode (default 2000)")
    parser.add_argument("--out", type=Path, required=True, help="the record, one line a run")
    parser.add_argument(
        "--program", choices=sorted(PROGRAMS), action="append", help="only these (default: all)"
    )
    parser.add_argument("--mode", action="append", help="only this mode (again for more; default all)")
    parser.add_argument("--skip-mode", action="append", default=[], help="all but this mode (again for more)")
    args = parser.parse_args()
    runs = 0
    with args.out.open("w", encoding="ascii") as out:
        for mode, name, runtime, bugs, settings in modes():
            if (args.program and name not in args.program) or (args.mode and mode not in args.mode):
                continue
            if mode in args.skip_mode:
                continue
            entry = program_entry(name)
            words = original_words(name, entry.text_from_original)
            for index in range(args.count):
                script = entry.script(args.seed, index)
                program = entry.make(runtime, bugs, seed=script.seed, words=words, **settings)
                run = run_in_memory(program.run(), script.lines)
                trace = ",".join(map(str, run.trace)).encode()
                out.write(f"{mode}\t{index}\t{run.stop.value}\t{digest(run.output)}\t{digest(trace)}\n")
                runs += 1
    print(f"{runs} runs recorded in {args.out}")


if __name__ == "__main__":
    main()
