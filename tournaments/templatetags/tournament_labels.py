"""Human words for the states a page shows, never the stored codes (`awaiting_confirmation`)."""

from django import template

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


@register.filter
def format_name(slug: str) -> str:
    """A deck format in words: "off-the-top" is "Off the top", "constructed" "Constructed"."""
    return str(slug).replace("-", " ").replace("_", " ").capitalize()


# A bracket is rendered once per version for every watcher; what differs per viewer (their own
# matches highlighted) is left as a mark that `tournaments.views.bracket_html` fills per viewer.
MINE_MARK = object()


@register.simple_tag(takes_context=True)
def if_mine(context, entry_id, text: str) -> str:
    """`text` when the viewer plays for `entry_id`; in a shared render, a mark for the view."""
    mine = context.get("mine")
    if mine is MINE_MARK:
        return f"\ue000{entry_id}\ue001{text}\ue002"
    return text if mine and entry_id in mine else ""
