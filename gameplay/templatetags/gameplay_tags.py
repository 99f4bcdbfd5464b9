"""Template tags the gameplay app lends to other apps' pages."""

from django import template

from gameplay import selectors

register = template.Library()


@register.inclusion_tag("gameplay/_match_engine.html", takes_context=True)
def match_engine_panel(context, match_id: int) -> dict:
    """On a tournament match's page: its game on the engine (open it, or start it)."""
    panel = selectors.match_engine_panel(match_id=match_id, user=context["request"].user)
    return {"panel": panel, "csrf_token": context.get("csrf_token")}
