#!/usr/bin/env python3
"""Record what life2 does on many generated scripts, to check that a change of structure changed nothing.

    python tools/record_runs.py --count 2000 --out before.tsv
    ... move code ...
    python tools/record_runs.py --count 2000 --out after.tsv && cmp before.tsv after.tsv

Each line is one script in one mode: the mode, the script's number, why the
game stopped, and SHA-256 digests of its output bytes and of its trace (the
line numbers executed). The modes are both dialects with every bug on, and
both with `--fixed`.
"""

from __future__ import annotations

import argparse
import hashlib
from pathlib import Path

from life2_retro.basic.dialects import Dialect
from life2_retro.programs.life2 import Life2Program
from life2_retro.programs.life2_bugs import BUG_NAMES
from life2_retro.programs.life2_scripts import script
from life2_retro.session import run_in_memory

MODES = {
    "ms1978": (Dialect.MS1978, BUG_NAMES),
    "gwbasic": (Dialect.GWBASIC, BUG_NAMES),
    "ms1978-fixed": (Dialect.MS1978, ()),
    "gwbasic-fixed": (Dialect.GWBASIC, ()),
}


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:32]


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of the generated scripts (default 1)")
    parser.add_argument("--count", type=int, default=2000, help="scripts per mode (default 2000)")
    parser.add_argument("--out", type=Path, required=True, help="the record, one line a run")
    args = parser.parse_args()
    with args.out.open("w", encoding="ascii") as out:
        for mode, (dialect, bugs) in MODES.items():
            for index in range(args.count):
                run = run_in_memory(Life2Program(dialect, bugs).run(), script(args.seed, index))
                trace = ",".join(map(str, run.trace)).encode()
                out.write(f"{mode}\t{index}\t{run.stop.value}\t{digest(run.output)}\t{digest(trace)}\n")
    print(f"{len(MODES) * args.count} runs recorded in {args.out}")


if __name__ == "__main__":
    main()
