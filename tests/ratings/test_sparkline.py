"""The rating sparkline, pure: every point inside the box, left to right, the highest value at
the top and the lowest at the bottom."""

from hypothesis import given
from hypothesis import strategies as st

from ratings.sparkline import sparkline_points

ratings = st.lists(st.floats(-50, 80, allow_nan=False), min_size=1, max_size=120)


def parse(points: str) -> list[tuple[float, float]]:
    return [tuple(float(v) for v in point.split(",")) for point in points.split()]


@given(values=ratings)
def test_the_points_fit_the_box_in_order(values):
    points = parse(sparkline_points(values, width=240, height=48))
    assert len(points) == max(2, len(values))
    assert all(0 <= x <= 240 and 0 <= y <= 48 for x, y in points)
    assert [x for x, _ in points] == sorted(x for x, _ in points)
    if len(values) > 1 and max(values) > min(values):
        ys = [y for _, y in points]
        assert ys[values.index(max(values))] == min(ys)
        assert ys[values.index(min(values))] == max(ys)


def test_no_values_draw_nothing():
    assert sparkline_points([]) == ""
