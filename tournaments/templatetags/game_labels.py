"""Games and formats in words, from the games' one declaration (`games`), never their slugs."""

from django import template

import games

register = template.Library()


@register.filter
def game_name(slug: str) -> str:
    """ "rune-duel" is "Rune Duel"."""
    return games.name_of(str(slug))


@register.filter
def format_name(slug: str, game: str = "") -> str:
    """A deck format's name in its game's words ("quick-duel" is "Quick Duel")."""
    candidates = [games.get(game)] if game in games.slugs() else games.all_games()
    for declared in candidates:
        found = declared.format(str(slug))
        if found is not None:
            return found.name
    return str(slug).replace("-", " ").replace("_", " ").capitalize()


@register.filter
def playing_cards(slug) -> bool:
    """True for a game played with standard playing cards (Combat, Army): its cards show as
    playing cards, not as card thumbnails."""
    return str(slug) in games.playing_card_games()
