"""py65's NMOS 6502 behind the Cpu face (cpu.py): the reference our C core is checked against, and
the engine where no C compiler is found. It runs at about the 1977 machine's own speed."""

from __future__ import annotations

from importlib.util import find_spec
from typing import Any

from .cpu import STOP_BUDGET, STOP_CURLIN, STOP_ILLEGAL, STOP_KEY, STOP_LINE, STOP_OUTPUT, STOP_STEP

_OUTPUT_LIMIT = 255


def py65_missing() -> bool:
    return find_spec("py65") is None


class _WatchedMemory(list[int]):
    """py65's memory: a list, whose writes are noted (the last address) and, in the ROM, ignored."""

    def __init__(self) -> None:
        super().__init__([0] * 0x10000)
        self.rom = (0, 0)
        self.last_write = -1

    def __setitem__(self, address: Any, value: Any) -> None:
        if isinstance(address, int):
            low, high = self.rom
            if low <= address < high:
                return
            self.last_write = address
        super().__setitem__(address, value)


class Py65Cpu:
    def __init__(self) -> None:
        from py65.devices.mpu6502 import MPU

        self._memory = _WatchedMemory()
        self._mpu: Any = MPU(memory=self._memory, pc=0)
        self._mpu.sp = 0xFF
        self._illegal = {code for code, name in enumerate(self._mpu.disassemble) if name[0] == "???"}
        self.ctrl_c_pending = False
        self._output = bytearray()
        self._traps = (0, 0, 0)
        self._ctrl_c_target = 0
        self._curlin = 0
        self._curlin_value = 0
        self._line_entered = 0
        self._trap_cycles = 0
        self._line_reported = False
        self._text_pointer = 0
        self.next_line = 0

    a = property(lambda self: self._mpu.a, lambda self, v: setattr(self._mpu, "a", v))
    x = property(lambda self: self._mpu.x, lambda self, v: setattr(self._mpu, "x", v))
    y = property(lambda self: self._mpu.y, lambda self, v: setattr(self._mpu, "y", v))
    sp = property(lambda self: self._mpu.sp, lambda self, v: setattr(self._mpu, "sp", v))
    p = property(lambda self: self._mpu.p, lambda self, v: setattr(self._mpu, "p", v))
    pc = property(lambda self: self._mpu.pc, lambda self, v: setattr(self._mpu, "pc", v))
    cycles = property(
        lambda self: self._mpu.processorCycles, lambda self, v: setattr(self._mpu, "processorCycles", v)
    )

    def configure(
        self,
        *,
        rom: tuple[int, int],
        key_in: int,
        char_out: int,
        ctrl_c_poll: int,
        ctrl_c_target: int,
        watched_word: int,
        line_entered: int,
        text_pointer: int,
        trap_cycles: int,
    ) -> None:
        self._text_pointer = text_pointer
        self._memory.rom = rom
        self._traps = (key_in, char_out, ctrl_c_poll)
        self._ctrl_c_target = ctrl_c_target
        self._curlin = watched_word
        self._curlin_value = self.word(watched_word) if watched_word else 0
        self._line_entered = line_entered
        self._trap_cycles = trap_cycles

    def load(self, address: int, data: bytes) -> None:
        list.__setitem__(self._memory, slice(address, address + len(data)), list(data))

    def peek(self, address: int) -> int:
        value: int = self._memory[address]
        return value

    def poke(self, address: int, value: int) -> None:
        list.__setitem__(self._memory, address, value)

    def word(self, address: int) -> int:
        return self.peek(address) | self.peek((address + 1) & 0xFFFF) << 8

    def run(self, budget: int, single: bool = False) -> int:
        mpu, memory = self._mpu, self._memory
        key_in, char_out, poll = self._traps
        end = mpu.processorCycles + budget
        curlin, entered = self._curlin, self._line_entered
        while True:
            pc = mpu.pc
            memory.last_write = -1
            if pc == key_in and pc:
                return STOP_KEY
            if pc == poll and pc and entered:
                if not self._line_reported and self._entering_line(entered):
                    self._line_reported = True
                    return STOP_LINE
                self._line_reported = False
            if pc in (char_out, poll) and pc:
                if pc == char_out:
                    if len(self._output) >= _OUTPUT_LIMIT:
                        return STOP_OUTPUT
                    self._output.append(mpu.a)
                elif self.ctrl_c_pending:
                    self.ctrl_c_pending = False
                    mpu.a, mpu.pc = 3, self._ctrl_c_target
                    continue
                self.monitor_return()
                if single:
                    return STOP_STEP
                continue
            if mpu.processorCycles >= end:
                return STOP_BUDGET
            if memory[pc] in self._illegal:
                return STOP_ILLEGAL
            mpu.step()
            if curlin and memory.last_write in (curlin, curlin + 1):
                value = self.word(curlin)
                if value != self._curlin_value:
                    self._curlin_value = value
                    return STOP_CURLIN
            if single:
                return STOP_STEP

    def _entering_line(self, newstt_return: int) -> bool:
        """At the Ctrl-C poll: called by NEWSTT, at the end of a line, with another after it (the
        line's number then in next_line), as core6502.c reads it."""
        if self.word(0x100 | ((self._mpu.sp + 1) & 0xFF)) != newstt_return:
            return False
        text = self.word(self._text_pointer)
        if self.peek(text) != 0 or self.peek((text + 2) & 0xFFFF) == 0:
            return False
        self.next_line = self.word((text + 3) & 0xFFFF)
        return True

    def step(self) -> int:
        return self.run(1 << 40, single=True)

    def take_output(self) -> bytes:
        data = bytes(self._output)
        self._output.clear()
        return data

    def save(self) -> object:
        mpu = self._mpu
        registers = (mpu.a, mpu.x, mpu.y, mpu.sp, mpu.p, mpu.pc, mpu.processorCycles)
        return list(self._memory), registers, self._curlin_value, self.ctrl_c_pending, self._line_reported

    def restore(self, saved: object) -> None:
        assert isinstance(saved, tuple)
        memory: list[int]
        registers: tuple[int, ...]
        memory, registers, self._curlin_value, self.ctrl_c_pending, self._line_reported = saved
        list.__setitem__(self._memory, slice(0, 0x10000), memory)
        mpu = self._mpu
        mpu.a, mpu.x, mpu.y, mpu.sp, mpu.p, mpu.pc, mpu.processorCycles = registers
        self._output.clear()

    def monitor_return(self) -> None:
        mpu = self._mpu
        low = self.peek(0x100 | ((mpu.sp + 1) & 0xFF))
        high = self.peek(0x100 | ((mpu.sp + 2) & 0xFF))
        mpu.sp = (mpu.sp + 2) & 0xFF
        mpu.pc = ((high << 8 | low) + 1) & 0xFFFF
        mpu.processorCycles += self._trap_cycles

    @property
    def last_write(self) -> int:
        return self._memory.last_write
