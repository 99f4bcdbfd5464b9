"""Human words for the states a page shows, never the stored codes (`awaiting_confirmation`)."""

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
