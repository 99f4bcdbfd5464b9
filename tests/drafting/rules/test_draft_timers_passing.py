import pytest

from decks.drafting.rules import (
    COMPETITIVE_SCHEDULE,
    TimerMode,
    competitive_seconds,
    next_seat,
    parse_pick_timer,
    pass_direction,
    pick_seconds,
    previous_seat,
)


def test_rounds_pass_left_right_left():
    assert [pass_direction(r) for r in (1, 2, 3)] == [1, -1, 1]
    assert next_seat(7, 1, 8) == 0
    assert next_seat(0, 2, 8) == 7
    assert next_seat(3, 3, 8) == 4
    with pytest.raises(ValueError, match="from 1"):
        pass_direction(0)


@pytest.mark.parametrize(("seat", "round_number"), [(0, 1), (5, 2), (7, 3), (2, 4)])
def test_previous_seat_undoes_next_seat(seat, round_number):
    assert previous_seat(next_seat(seat, round_number, 8), round_number, 8) == seat


def test_competitive_schedule_by_cards_left_with_last_card_immediate():
    seconds = [competitive_seconds(left) for left in range(15, 0, -1)]
    assert seconds == [40, 40, 35, 30, 25, 25, 20, 20, 15, 10, 10, 5, 5, 5, 0]
    assert tuple(seconds[:-1]) == COMPETITIVE_SCHEDULE
    assert competitive_seconds(20) == 40


def test_pick_seconds_for_each_mode():
    assert pick_seconds("off", 15) is None
    assert pick_seconds(TimerMode.FIXED, 9, 30) == 30
    assert pick_seconds("competitive", 13) == 35
    assert pick_seconds("off", 1) == 0
    assert pick_seconds("fixed", 1, 30) == 0


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("off", (TimerMode.OFF, 0)),
        (None, (TimerMode.OFF, 0)),
        ("competitive", (TimerMode.COMPETITIVE, 0)),
        (45, (TimerMode.FIXED, 45)),
        ("30", (TimerMode.FIXED, 30)),
    ],
)
def test_parse_pick_timer_accepts_the_api_forms(value, expected):
    assert parse_pick_timer(value) == expected


@pytest.mark.parametrize("value", ["soon", 2, 10_000, True, "4.5"])
def test_parse_pick_timer_rejects_anything_else(value):
    with pytest.raises(ValueError, match="pick"):
        parse_pick_timer(value)
