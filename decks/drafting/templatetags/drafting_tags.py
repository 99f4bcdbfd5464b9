"""Template tags the drafting app lends to other apps' pages."""

from django import template

from decks.drafting import event_selectors

register = template.Library()


@register.inclusion_tag("drafting/_tournament_limited.html", takes_context=True)
def tournament_limited(context, tournament) -> dict:
    """The draft/sealed panel of a tournament page (pods, pools, the organizer's controls)."""
    request = context["request"]
    panel = event_selectors.tournament_limited(tournament=tournament, user=request.user)
    return {"panel": panel, "csrf_token": context.get("csrf_token"), "user": request.user}
