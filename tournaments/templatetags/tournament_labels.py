"""Human words for the states a page shows, never the stored codes (`awaiting_confirmation`)."""

from zoneinfo import ZoneInfo

from django import template

from tournaments.templatetags import game_labels

register = template.Library()

MATCH_STATUS = {
    "pending": "Waiting for entries",
    "ready": "Ready to start",
    "in_progress": "In progress",
    "awaiting_confirmation": "Waiting for confirmation",
    "disputed": "Disputed",
    "needs_decision": "Needs the organizer's decision",
    "finished": "Finished",
}
TOURNAMENT_STATUS = {
    "registration": "Taking entries",
    "running": "In progress",
    "finished": "Finished",
    "cancelled": "Cancelled",
}


@register.filter
def match_status(code: str) -> str:
    return MATCH_STATUS.get(code, str(code).replace("_", " ").capitalize())


@register.filter
def tournament_status(code: str) -> str:
    return TOURNAMENT_STATUS.get(code, str(code).replace("_", " ").capitalize())


# A deck format in words, from the games' declaration: "off-the-top" is "Off the top".
register.filter("format_name", game_labels.format_name)


@register.simple_tag
def plural(count: int, one: str, many: str) -> str:
    """ "1 entry", "13 entries" (the count and the noun that agrees with it)."""
    return f"{count} {one if count == 1 else many}"


DECIDED_BY = {
    "played": "played out",
    "bye": "a bye",
    "forfeit": "by forfeit",
    "time": "at time",
    "organizer": "by the organizer's decision",
    "draw": "a draw",
}
GAME_SOURCE = {
    "report": "reported and confirmed",
    "organizer": "entered by the organizer",
    "engine": "played on the engine",
    "time": "decided at time",
}


@register.filter
def decided_by(code: str) -> str:
    """How a match was won, in words: "by forfeit", "at time", ..."""
    return DECIDED_BY.get(code, str(code).replace("_", " "))


@register.filter
def game_source(code: str) -> str:
    """Where a game's result came from, in words."""
    return GAME_SOURCE.get(code, str(code).replace("_", " "))


# A bracket is rendered once per version for every watcher; what differs per viewer (their own
# matches highlighted) is left as a mark that `bracket_html` (tournaments.fastpath.bracket_cards)
# fills per viewer.
MINE_MARK = object()


@register.simple_tag(takes_context=True)
def if_mine(context, entry_id, text: str) -> str:
    """`text` when the viewer plays for `entry_id`; in a shared render, a mark for the view."""
    mine = context.get("mine")
    if mine is MINE_MARK:
        return f"\ue000{entry_id}\ue001{text}\ue002"
    return text if mine and entry_id in mine else ""


@register.filter
def event_time(tournament, field: str = "starts_at") -> str:
    """One of the event's instants (`starts_at`, `registration_opens_at`, ...) as its own
    clock reads it, with the zone: "Sat 5 Dec 2026, 10:00 (Europe/Paris)"; "" when unset."""
    return on_clock(getattr(tournament, field, None), tournament.time_zone)


@register.filter
def on_clock(at, time_zone: str) -> str:
    """An instant as the clock of `time_zone` reads it, with the zone: "Sat 5 Dec 2026, 10:00
    (Europe/Paris)"; "" when unset. For reads that carry an event's zone beside its times."""
    if at is None:
        return ""
    local = at.astimezone(ZoneInfo(time_zone))
    return f"{local:%a %-d %b %Y, %H:%M} ({time_zone})"
