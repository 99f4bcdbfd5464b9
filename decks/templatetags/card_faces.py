"""Card faces for any page: `{% load card_faces %}` then
`{% include "decks/_card_face.html" with face=card|card_face:game.slug size="thumb" %}`."""

from django import template

from decks import faces

register = template.Library()


@register.filter
def card_face(card, game: str = "") -> dict:
    """Display facts for a catalogue card (a Card row or the API's card dict)."""
    return faces.card_face(card, game or None)


@register.filter
def engine_face(card: dict, game: str) -> dict:
    """Display facts for a card as an engine game's view shows it."""
    return faces.engine_face(card, game)


@register.filter
def playing_face(code: str) -> dict:
    """Display facts for a playing card given by its code ("10H", "AS")."""
    return faces.playing_face(str(code))
