#!/usr/bin/env python3
"""Write generated scripts to files, one response per line, for `life2 run` or any other BASIC.

    python tools/make_scripts.py --seed 1 --count 20 --out scripts/

The scripts are the ones `life2 compare --generate` and the tests use: script
i of seed s is always the same.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from life2_retro.programs.life2.scripts import script


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--count", type=int, default=10)
    parser.add_argument("--out", type=Path, default=Path("scripts"))
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for index in range(args.count):
        path = args.out / f"seed{args.seed}-{index:04d}.txt"
        path.write_bytes(b"".join(response + b"\n" for response in script(args.seed, index)))
    print(f"{args.count} scripts in {args.out}/")


if __name__ == "__main__":
    main()
