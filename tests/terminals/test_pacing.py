"""The one throttle between a program and a terminal: a line's pace, the carriage's wait, full speed."""

from __future__ import annotations

import pytest

from life2_retro.terminals.pacing import SimulatedClock
from life2_retro.terminals.window.crt import Crt
from life2_retro.terminals.window.teletype import Teletype


def test_the_teletype_prints_exactly_ten_characters_a_second():
    clock = SimulatedClock()
    with Teletype(clock=clock, sound=False) as tty:
        started = clock.now()
        tty.write(b"A" * 300)
        seconds = clock.now() - started
    assert round(300 / seconds, 1) == 10.0


def test_a_carriage_return_takes_its_time():
    """Each byte takes 100 ms on the line; the character after a CR waits until the carriage is
    home, 200 ms after the CR. CR LF needs no more time than that: the LF travels meanwhile."""
    clock = SimulatedClock()
    with Teletype(clock=clock, sound=False) as tty:
        for data, seconds in ((b"\rX", 0.3), (b"\r\nX", 0.3), (b"XY", 0.2)):
            started = clock.now()
            tty.write(data)
            tty.flush()  # returns on the frame after the last byte is due
            assert seconds <= clock.now() - started <= seconds + 1.5 / 60, data


def test_the_throttle_releases_each_byte_at_its_time():
    from life2_retro.terminals.pacing import LinePace, Throttle

    clock = SimulatedClock()
    throttle = Throttle(LinePace(110), clock)
    throttle.feed(b"AB\rC\r\nD")
    released = []
    for step in range(1, 101):
        clock.advance(0.01)
        released += [(round(step / 100, 2), chr(byte)) for byte in throttle.due()]
    # 100 ms a byte; C waits for the carriage (200 ms after its CR); D does not (LF filled the time)
    assert released == [(0.1, "A"), (0.2, "B"), (0.3, "\r"), (0.5, "C"), (0.6, "\r"), (0.7, "\n"), (0.8, "D")]


def test_the_turbo_key_prints_at_full_speed():
    import pygame

    clock = SimulatedClock()
    with Teletype(clock=clock, sound=False) as tty:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="\t"))
        started = clock.now()
        tty.write(b"A" * 300)
        assert clock.now() - started < 0.1
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_TAB, mod=0))
        started = clock.now()
        tty.write(b"B" * 20)
        assert clock.now() - started == pytest.approx(2.0, abs=0.05)


@pytest.mark.parametrize("baud", [300, 1200, 9600])
def test_the_crt_paces_the_line(baud):
    clock = SimulatedClock()
    with Crt(clock=clock, baud=baud) as screen:
        count = baud // 2  # 5.5 seconds of line at any speed, so a frame's granularity does not count
        started = clock.now()
        screen.write(b"A" * count)
        assert count / (clock.now() - started) == pytest.approx(baud / 11, rel=0.01)


@pytest.mark.parametrize("baud", [1200, 9600])
def test_a_fast_line_keeps_its_pace_when_the_program_prints_in_small_pieces(baud):
    """A board is printed three characters at a time. Each piece must not cost a whole frame, or
    9600 baud would crawl at 60 pieces (180 characters) a second."""
    clock = SimulatedClock()
    with Crt(clock=clock, baud=baud) as screen:
        started = clock.now()
        pieces = baud // 6  # about 5 seconds of line
        for _ in range(pieces):
            screen.write(b" * ")
        screen.flush()
        rate = 3 * pieces / (clock.now() - started)
    assert rate == pytest.approx(baud / 11, rel=0.02)


# -- the historical speed ------------------------------------------------------------------------------


class _Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_the_historical_speed_waits_only_in_whole_steps():
    from life2_retro.terminals.pacing import HistoricalPace

    clock = _Clock()
    pace = HistoricalPace(clock, step=1.0, slack=0.5)
    waits = [pace.charge(0.25) for _ in range(4)]  # four lines make a step
    assert waits == [0.0, 0.0, 0.0, 1.0]
    clock.now += waits[-1]  # the terminal idled as told
    assert pace.charge(0.25) == 0.0


def test_the_historical_speed_keeps_its_rate_over_many_lines():
    """200 lines a second for 2,000 lines: 10 s, however the waits fall into steps."""
    from life2_retro.terminals.pacing import HistoricalPace

    clock = _Clock()
    pace = HistoricalPace(clock, step=1 / 60)
    for _ in range(2000):
        clock.now += pace.charge(1 / 200)
    assert clock.now == pytest.approx(10.0, abs=1 / 60)


def test_the_historical_speed_turns_cycles_into_seconds_at_its_clock():
    """The quick game's 7,667,881 cycles at an OSI Challenger 1P's 0.983 MHz: 7.8 s."""
    from life2_retro.terminals.pacing import OSI_CHALLENGER_1P_HZ, HistoricalPace

    clock = _Clock()
    pace = HistoricalPace(clock, step=1 / 60)
    assert pace.clock_hz == OSI_CHALLENGER_1P_HZ == 983_000
    for _ in range(1000):
        clock.now += pace.charge_cycles(7_667_881 // 1000)
    assert clock.now == pytest.approx(7_667_881 / 983_000, abs=1 / 60)
    doubled = HistoricalPace(_Clock(), clock_hz=2 * OSI_CHALLENGER_1P_HZ)
    assert doubled.charge_cycles(983_000) == pytest.approx(0.5)


def test_a_wait_for_a_key_is_not_credited_to_the_lines_after_it():
    from life2_retro.terminals.pacing import HistoricalPace

    clock = _Clock()
    pace = HistoricalPace(clock, step=0.0625, slack=0.125)
    pace.charge(0.25)
    clock.now += 30.0  # a player thinks for half a minute
    started = clock.now
    for _ in range(32):
        clock.now += pace.charge(0.015625)  # half a second of lines
    # the machine's time may run only 0.125 s behind the clock: those lines cost 0.375 s, not nothing
    assert clock.now - started == pytest.approx(0.375, abs=0.0625)
