#!/usr/bin/env python3
"""Record what the exhibit does in attract mode, to check that a change of structure changed nothing.

    python tools/record_exhibit.py --game life2 --games 200 --out before-life2.jsonl
    ... move code ...
    python tools/record_exhibit.py --game life2 --games 200 --out after-life2.jsonl
    cmp before-life2.jsonl after-life2.jsonl

The exhibit runs headless on the simulated clock (exhibit/simulated.py), as
the soak runs it, with one game in its config. Each line of the record is one
game: its record as the log keeps it (less the wall-clock start and end, which
the simulated clock does not drive), and SHA-256 digests of every byte the
exhibit sent to the terminal during the game and of what the panel's box
showed at each frame. A last line digests the whole run.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import tempfile
from pathlib import Path
from typing import Any

from life2_retro.exhibit.config import parse_config
from life2_retro.exhibit.records import read_records
from life2_retro.exhibit.simulated import SimulatedExhibit
from life2_retro.terminals.window.terminal import headless


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:32]


def record(game: str, games: int, terminal: str, seed: int) -> list[dict[str, Any]]:
    headless()
    with tempfile.TemporaryDirectory(prefix="life2-record-") as folder:
        tables: dict[str, dict[str, Any]] = {
            "exhibit": {"terminal": terminal, "fullscreen": False, "games": [game]},
            "attract": {"pause_seconds": 1},
        }
        config = parse_config(tables, Path(folder))
        simulated = SimulatedExhibit(config, frame_step=2.0, size=(1280, 800), seed=seed, baud=9600)
        exhibit = simulated.exhibit
        printed: list[bytearray] = [bytearray()]
        shown: list[list[str]] = [[]]
        write = simulated.terminal.write

        def kept(data: bytes, on_key: Any = None) -> None:
            while len(printed) <= exhibit.games:
                printed.append(bytearray())
                shown.append([])
            printed[exhibit.games] += data
            write(data, on_key=on_key)

        def frame(_simulated: SimulatedExhibit) -> None:
            while len(shown) <= exhibit.games:
                printed.append(bytearray())
                shown.append([])
            shown[exhibit.games].append(repr(exhibit.variables()))

        simulated.terminal.write = kept
        simulated.visitor = frame
        try:
            exhibit.run(games=games)
        finally:
            simulated.close()
        records, problems = read_records(config.records_path)
        assert not problems, problems
        lines = []
        for index, game_record in enumerate(records):
            fields = {k: v for k, v in vars(game_record).items() if k not in ("start", "end")}
            fields["printed"] = digest(bytes(printed[index]) if index < len(printed) else b"")
            fields["panel"] = digest("\n".join(shown[index] if index < len(shown) else []).encode())
            lines.append(fields)
        return lines


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--game", default="life2", help="the game attract mode shows (default life2)")
    parser.add_argument("--games", type=int, default=200, help="attract games to play (default 200)")
    parser.add_argument("--terminal", default="crt", choices=("teletype", "crt"))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, required=True, help="the record, one line a game")
    args = parser.parse_args()
    lines = record(args.game, args.games, args.terminal, args.seed)
    whole = hashlib.sha256()
    with args.out.open("w", encoding="ascii") as out:
        for line in lines:
            text = json.dumps(line, sort_keys=True)
            whole.update(text.encode())
            out.write(text + "\n")
        out.write(json.dumps({"games": len(lines), "all": whole.hexdigest()}) + "\n")
    print(f"{args.out}: {len(lines)} games of {args.game} on the {args.terminal}, {whole.hexdigest()[:16]}")


if __name__ == "__main__":
    main()
