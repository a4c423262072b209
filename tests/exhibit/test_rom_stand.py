"""The LIFE2 stand with `engine = "6502"`: the original program on the original interpreter, the
panel following the lines NEWSTT enters and showing the machine's cycle count, the historical
speed held to the machine's own cycles."""

from __future__ import annotations

from life2_retro.exhibit.stands.life2 import PANEL_VARIABLES


def test_the_stand_plays_the_listing_on_the_1977_interpreter(rigs, rom6502) -> None:
    rig = rigs(
        settings={
            "exhibit": {"games": ["life2"]},
            "life2": {"engine": "6502", "historical_speed": True},
        },
        seed=1,
        baud=None,
    )
    exhibit = rig.exhibit
    boxes: list[tuple[int | str, list[tuple[str, str]]]] = []
    followed = exhibit.on_line

    def line(number, program) -> None:
        boxes.append((number, exhibit.variables()))
        if followed is not None:
            followed(number, program)

    exhibit.on_line = line
    started = rig.clock.now()
    exhibit.run(games=1)
    record = rig.records()[0]
    assert (record.game, record.mode, record.ended) == ("life2", "attract", "finished")
    assert record.winner is not None
    assert [number for number, _ in boxes[:4]] == [2, 4, 6, 7]
    cycles = [int(dict(box)["CYCLES"].replace(",", "")) for _, box in boxes]
    assert cycles == sorted(cycles) and cycles[-1] > 1_000_000
    assert [name for name, _ in boxes[-1][1]] == [*PANEL_VARIABLES, "CYCLES"]
    # held line by line at the 1977 clock (983 kHz) for the machine's own cycles in program lines
    assert rig.clock.now() - started >= exhibit.cycles_held / 983_000 > 1.0
    assert rig.printed.endswith(b"?US ERROR IN  575\r\nOK\r\n") or rig.printed.endswith(
        b"A DRAW\r\n\r\n?US ERROR IN  574\r\nOK\r\n"
    )


def test_the_stand_says_what_the_engine_needs(tmp_path, monkeypatch) -> None:
    from life2_retro.exhibit.stands.life2 import Life2Stand

    problems = Life2Stand.problems({"historical_speed": False, "dialect": "gwbasic", "engine": "6502"})
    assert problems == ['life2.engine = "6502" needs life2.dialect = "ms1978": it is the 1977 BASIC']
    monkeypatch.setenv("LIFE2_ROM", str(tmp_path / "missing.bin"))
    defaults = {option.name: option.default for option in Life2Stand.OPTIONS}
    stand = Life2Stand({**defaults, "engine": "6502"})
    found = stand.check()
    assert found and found[0].startswith("life2.engine: Microsoft's 6502 BASIC ROM (OSI, 1977) was not found")
