"""A rating history as a sparkline, pure: the points of an inline SVG polyline (no JS)."""

from __future__ import annotations

from collections.abc import Sequence


def sparkline_points(
    values: Sequence[float], width: int = 240, height: int = 48, pad: int = 3
) -> str:
    """The values, oldest first, as "x,y x,y ..." inside a width x height box (pad inside the
    edges): x evenly spread, the highest value at the top. One value is a flat line; none is
    empty."""
    if not values:
        return ""
    if len(values) == 1:
        values = [values[0], values[0]]
    low, high = min(values), max(values)
    span = high - low or 1.0
    step = (width - 2 * pad) / (len(values) - 1)
    inner = height - 2 * pad
    points = []
    for index, value in enumerate(values):
        x = pad + index * step
        y = pad + inner * (high - value) / span if high != low else height / 2
        points.append(f"{x:.1f},{y:.1f}")
    return " ".join(points)
