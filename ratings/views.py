"""The ratings pages: a player's ratings per game, each with its history."""

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from config.errors import NotFound
from ratings import selectors
from ratings.sparkline import sparkline_points

SHOWN_CHANGES = 10  # the table's latest changes per game
SPARK_CHANGES = 100  # the sparkline's


@require_GET
def player_page(request: HttpRequest, username: str) -> HttpResponse:
    """A player's rating in each game they have played rated matches in, with its latest
    changes (a table) and its course (a sparkline)."""
    try:
        player, ratings = selectors.player_ratings(username=username)
    except NotFound:
        raise Http404("No such player.") from None
    games = []
    for rating in ratings:
        changes = selectors.rating_history(user=player, game=rating.game, limit=SPARK_CHANGES)
        course = [c.rating_after for c in reversed(changes)]
        if changes:
            course.insert(0, changes[-1].rating_before)
        games.append(
            {
                "rating": rating,
                "changes": changes[:SHOWN_CHANGES],
                "sparkline": sparkline_points(course),
                "low": min(course, default=0),
                "high": max(course, default=0),
            }
        )
    return render(request, "ratings/player.html", {"player": player, "games": games})
