"""Template context every page gets: how many games wait for the signed-in player's move."""

from django.utils.functional import SimpleLazyObject

from gameplay.selectors import games_awaiting_move_count


def games_to_move(request) -> dict:
    """`games_to_move`, counted only if the page shows it (the nav does, for a signed-in user)."""
    user = getattr(request, "user", None)
    return {"games_to_move": SimpleLazyObject(lambda: games_awaiting_move_count(user=user))}
