"""An event's results page: final standings, each player's matches, the top decklists."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from tournaments.models import Tournament
from tournaments.reads.results import results_get
from tournaments.web.common import get_tournament


@require_GET
def tournament_results(request: HttpRequest, pk: int) -> HttpResponse:
    """The results (so far, until the event finishes); the league it counts in, if any."""
    tournament = get_tournament(pk)
    started = tournament.status in (Tournament.Status.RUNNING, Tournament.Status.FINISHED)
    rows = results_get(tournament=tournament) if started else []
    return render(
        request,
        "tournaments/results.html",
        {
            "tournament": tournament,
            "rows": rows,
            "decklists": [r for r in rows if r.decklist],
            # the league app's relation (leagues sits above tournaments): read, never imported
            "league": getattr(getattr(tournament, "league_event", None), "league", None),
        },
    )
