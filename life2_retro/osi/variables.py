"""The BASIC's variables, read out of the emulated machine's memory, as the panel shows them.

Microsoft's 6502 BASIC keeps its simple variables from VARTAB, six bytes each (two of name, four of
value), and its arrays from ARYTAB up to STREND: two bytes of name, two of length (to the next
array), one of dimensions, each dimension's size high byte first, then the elements, the first
subscript running fastest (m6502.asm PTRGET and ISARY; msbasic zeropage.s places the pointers). A
number is four bytes: the exponent (0 for zero, 129 for 1), then the mantissa with its sign in the
top bit (m6502.asm MOVFM).
"""

from __future__ import annotations

from .cpu import Cpu

VARTAB, ARYTAB, STREND = 0x7B, 0x7D, 0x7F
_SIMPLE_SIZE = 6
_NUMBER_SIZE = 4


def number_at(cpu: Cpu, address: int) -> float:
    exponent = cpu.peek(address)
    if exponent == 0:
        return 0.0
    top = cpu.peek(address + 1)
    mantissa = (top | 0x80) << 16 | cpu.peek(address + 2) << 8 | cpu.peek(address + 3)
    value = mantissa / (1 << 24) * 2.0 ** (exponent - 128)
    return -value if top & 0x80 else value


def _name(cpu: Cpu, address: int) -> str | None:
    """A numeric variable's name (`M2`), or None for a string or a function's."""
    first, second = cpu.peek(address), cpu.peek(address + 1)
    if first & 0x80 or second & 0x80:
        return None
    return chr(first) + (chr(second) if second else "")


def variables(cpu: Cpu) -> dict[str, float]:
    """Every numeric simple variable, and every element of every numeric array (`X(1)`, `N(2,3)`)."""
    found: dict[str, float] = {}
    address, arrays, end = cpu.word(VARTAB), cpu.word(ARYTAB), cpu.word(STREND)
    while address + _SIMPLE_SIZE <= arrays:
        name = _name(cpu, address)
        if name is not None:
            found[name] = number_at(cpu, address + 2)
        address += _SIMPLE_SIZE
    while address < end:
        name, length, dimensions = _name(cpu, address), cpu.word(address + 2), cpu.peek(address + 4)
        if length == 0:
            break
        element = address + 5 + 2 * dimensions
        sizes = [cpu.peek(at) << 8 | cpu.peek(at + 1) for at in range(address + 5, element, 2)]
        if name is not None:
            for index in range((length - 5 - 2 * dimensions) // _NUMBER_SIZE):
                subscripts = []
                for size in sizes:
                    index, subscript = divmod(index, size)
                    subscripts.append(str(subscript))
                found[f"{name}({','.join(subscripts)})"] = number_at(cpu, element)
                element += _NUMBER_SIZE
        address += length
    return found
