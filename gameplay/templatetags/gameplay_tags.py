"""Template tags the gameplay app lends to other apps' pages."""

from django import template

from gameplay import selectors
from gameplay.presentation import registry
from gameplay.presentation.conventional_combat import WORDS as CC_WORDS

register = template.Library()


@register.inclusion_tag("gameplay/_match_engine.html", takes_context=True)
def match_engine_panel(context, match_id: int) -> dict:
    """On a tournament match's page: its game on the engine (open it, or start it)."""
    panel = selectors.match_engine_panel(match_id=match_id, user=context["request"].user)
    return {"panel": panel, "csrf_token": context.get("csrf_token")}


@register.filter
def seat_name(names: dict, seat) -> str:
    """The name of the player at a seat (`names`: seat number -> name), in every game alike:
    the user's name, or "<bot> bot"; "Player N" (counted from 1) when the seat is unknown."""
    try:
        number = int(seat)
    except (TypeError, ValueError):
        return str(seat)
    return (names or {}).get(number) or f"Player {number + 1}"


@register.filter
def board_face(code, game: str) -> dict:
    """A card's face by its id in a game's view, as the game's presentation draws it (Army:
    named in words, "king of diamonds", for its title and screen readers)."""
    card_face = registry.get(game).card_face
    if card_face is None:  # a template asking a game that draws its cards from the view
        raise ValueError(f"The {game!r} presentation has no card faces by id.")
    return card_face(str(code))


@register.filter
def cc_word(code) -> str:
    """A Conventional Combat mode or step in words ("full-match": "Full Match")."""
    return CC_WORDS.get(str(code), str(code).replace("-", " ").capitalize())
