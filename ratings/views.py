"""The ratings pages: a player's ratings per game."""

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from config.errors import NotFound
from ratings import selectors


@require_GET
def player_page(request: HttpRequest, username: str) -> HttpResponse:
    """A player's rating in each game they have played rated matches in."""
    try:
        player, ratings = selectors.player_ratings(username=username)
    except NotFound:
        raise Http404("No such player.") from None
    return render(request, "ratings/player.html", {"player": player, "ratings": ratings})
