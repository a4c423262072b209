"""Our stroke format for type: a character as the path a round pen takes, and its flattening.

The Teletype's type and the exhibit's captions are drawn from outlines, not
pixels, so that they are as sharp on a 4K screen as on a small one. We write
them in a little format of our own, one string a character (typeface.py):

* The units are hundredths of an inch on the Model 33's paper: x from the left
  of the letter's body, y down from the top of a capital. Capitals stand on
  the baseline at y = 10; tails (a comma's, lower case's) hang below it.
* A character is strokes separated by `|`. A stroke is points `x,y` separated
  by spaces, joined by straight lines.
* A point written `~x,y` is a control point: one between two points bends the
  line between them into a quadratic Bezier curve, two into a cubic one.
* A stroke `o cx,cy rx,ry` is an ellipse; `o cx,cy rx,ry from to` its arc from
  angle `from` to `to`, in degrees clockwise from three o'clock (y grows
  downward, as on paper). `to` may pass 360.
* A stroke of one point is a dot: the type's point, a little wider than a line.

The pen is round, so every stroke ends round and every corner is round: a
character is exactly the set of points within half a pen's width of its path.
That is all a renderer needs (type_render.py): the path, flattened here into
straight pieces.
"""

from __future__ import annotations

import math
from functools import cache

Point = tuple[float, float]
Path = tuple[Point, ...]
"""A flattened stroke: a polyline (one point: a dot)."""

CURVE_PIECES = 10
"""Straight pieces a Bezier curve is flattened into: at the largest size (a capital 90 pixels high)
the chord of a piece strays from the curve by well under a pixel."""
ARC_PIECES_PER_TURN = 56


class StrokeError(ValueError):
    """A character's strokes are not written in the format."""


@cache
def flatten(strokes: str) -> tuple[Path, ...]:
    """The paths of a character written in the format, each as straight pieces."""
    paths = []
    for stroke in strokes.split("|"):
        words = stroke.split()
        if not words:
            continue
        paths.append(_arc(words) if words[0] == "o" else _polyline(words))
    return tuple(paths)


def _point(word: str) -> Point:
    try:
        x, y = word.split(",")
        return float(x), float(y)
    except ValueError:
        raise StrokeError(f"{word!r} is not a point x,y") from None


def _arc(words: list[str]) -> Path:
    if len(words) not in (3, 5):
        raise StrokeError(f"an ellipse is 'o cx,cy rx,ry [from to]', not {' '.join(words)!r}")
    (cx, cy), (rx, ry) = _point(words[1]), _point(words[2])
    try:
        start, end = (0.0, 360.0) if len(words) == 3 else (float(words[3]), float(words[4]))
    except ValueError:
        raise StrokeError(f"an arc's angles are numbers of degrees, not {' '.join(words[3:])!r}") from None
    if end <= start:
        raise StrokeError(f"an arc runs clockwise: {words[4]} must be past {words[3]}")
    pieces = max(2, math.ceil(ARC_PIECES_PER_TURN * (end - start) / 360))
    angles = (math.radians(start + (end - start) * i / pieces) for i in range(pieces + 1))
    return tuple((cx + rx * math.cos(a), cy + ry * math.sin(a)) for a in angles)


def _polyline(words: list[str]) -> Path:
    """Points and control points in turn: each run of control points bends the line to the next point."""
    if words[0].startswith("~") or words[-1].startswith("~"):
        raise StrokeError(f"a stroke starts and ends on a point, not a control point: {' '.join(words)!r}")
    path: list[Point] = [_point(words[0])]
    controls: list[Point] = []
    for word in words[1:]:
        if word.startswith("~"):
            controls.append(_point(word[1:]))
            if len(controls) > 2:
                raise StrokeError(f"at most two control points in a row: {' '.join(words)!r}")
            continue
        end = _point(word)
        if controls:
            path.extend(_bezier(path[-1], controls, end))
        else:
            path.append(end)
        controls = []
    return tuple(path)


def _bezier(start: Point, controls: list[Point], end: Point) -> list[Point]:
    """The curve's points after `start`, up to and with `end`."""
    points = [start, *controls, end]
    curve = []
    for i in range(1, CURVE_PIECES + 1):
        t = i / CURVE_PIECES
        row = points
        while len(row) > 1:  # de Casteljau: the curve's point at t, whatever its degree
            row = [
                (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
                for a, b in zip(row, row[1:], strict=False)
            ]
        curve.append(row[0])
    return curve


def bounds(paths: tuple[Path, ...]) -> tuple[float, float, float, float]:
    """(left, top, right, bottom) of the paths' points (the pen's width not counted)."""
    xs = [x for path in paths for x, _ in path]
    ys = [y for path in paths for _, y in path]
    return min(xs), min(ys), max(xs), max(ys)
