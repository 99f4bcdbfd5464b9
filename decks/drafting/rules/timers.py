"""Pick timers: off, a fixed number of seconds, or the competitive schedule by cards left."""

from enum import StrEnum

# Seconds for a 15-card pack, indexed by picks already made (15 cards left .. 2 cards left).
COMPETITIVE_SCHEDULE = (40, 40, 35, 30, 25, 25, 20, 20, 15, 10, 10, 5, 5, 5)


class TimerMode(StrEnum):
    """How long a seat has for each pick."""

    OFF = "off"
    FIXED = "fixed"
    COMPETITIVE = "competitive"


def competitive_seconds(cards_left: int) -> int:
    """Seconds allowed with ``cards_left`` cards in the pack; a bigger pack gets 40 s."""
    if cards_left <= 1:
        return 0
    return COMPETITIVE_SCHEDULE[max(0, len(COMPETITIVE_SCHEDULE) + 1 - cards_left)]


def pick_seconds(mode: TimerMode | str, cards_left: int, fixed_seconds: int = 0) -> int | None:
    """Seconds for this pick; None means no deadline; 0 means the pick is made at once.

    The last card of a pack is never a choice, so it is always taken at once (RULINGS.md).
    """
    if cards_left <= 1:
        return 0
    mode = TimerMode(mode)
    if mode is TimerMode.OFF:
        return None
    if mode is TimerMode.FIXED:
        return fixed_seconds
    return competitive_seconds(cards_left)


def parse_pick_timer(value: object) -> tuple[TimerMode, int]:
    """Read the API's ``pick_timer`` (``"off"``, ``"competitive"`` or seconds) into a mode."""
    if isinstance(value, bool):
        raise ValueError("pick_timer must be 'off', 'competitive' or a number of seconds.")
    if value in (None, "off"):
        return TimerMode.OFF, 0
    if value == "competitive":
        return TimerMode.COMPETITIVE, 0
    try:
        seconds = int(str(value))
    except ValueError:
        raise ValueError(
            "pick_timer must be 'off', 'competitive' or a number of seconds."
        ) from None
    if not 5 <= seconds <= 600:
        raise ValueError("A fixed pick timer must be between 5 and 600 seconds.")
    return TimerMode.FIXED, seconds
