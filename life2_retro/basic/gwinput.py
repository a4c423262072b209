"""GW-BASIC's INPUT as PC-BASIC 2.0.8 does it (provisional: replaced by the measured rules)."""

from __future__ import annotations

from dataclasses import dataclass

from .numbers import round_to_single
from .printer import Printer


@dataclass(frozen=True, slots=True)
class GwScan:
    values: list[float] | None
    overflow: bool = False


class GwLineEditor:
    def __init__(self, printer: Printer) -> None:
        self.printer = printer

    def edit(self, typed: bytes):  # noqa: ANN201
        from .inputs import EditedLine

        kept = bytes(b for b in typed if 0x20 <= b < 0x7F)
        return EditedLine(kept, self.printer.render(kept))


def scan_gw_response(buffer: bytes, count: int) -> GwScan:
    fields = buffer.split(b",")
    if len(fields) != count:
        return GwScan(None)
    try:
        return GwScan([round_to_single(float(f.replace(b" ", b"") or b"0")) for f in fields])
    except ValueError:
        return GwScan(None)
