"""Template tags the decks app lends to other apps' pages."""

from django import template

from decks import selectors

register = template.Library()


@register.inclusion_tag("decks/_event_card_sets.html", takes_context=True)
def event_card_sets(context, tournament) -> dict:
    """The event's card sets; for its organizer before the start, a form to choose them."""
    request = context["request"]
    return {
        "panel": selectors.event_card_sets_panel(tournament=tournament, user=request.user),
        "tournament": tournament,
        "csrf_token": context.get("csrf_token"),
    }
