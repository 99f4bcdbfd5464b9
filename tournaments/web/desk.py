"""The organizer's desk alone (htmx polls it)."""

from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.http import require_GET

from tournaments.models import Tournament
from tournaments.reads.bracket import bracket_cached
from tournaments.reads.desk import desk_get
from tournaments.services.common import is_organizer
from tournaments.web.common import get_tournament


def desk_for(tournament: Tournament, bracket: dict) -> dict | None:
    if tournament.status not in (Tournament.Status.REGISTRATION, Tournament.Status.RUNNING):
        return None
    return desk_get(tournament=tournament, bracket=bracket, at=timezone.now())


@require_GET
def tournament_desk(request: HttpRequest, pk: int) -> HttpResponse:
    """The organizer's desk alone (htmx polls it): what needs attention, and each table's clock
    in the rounds being played. Only for the organizer (and staff)."""
    tournament = get_tournament(pk)
    if not is_organizer(tournament=tournament, user=request.user):
        raise PermissionDenied("Only the organizer sees the desk.")
    bracket = bracket_cached(tournament=tournament)
    context = {
        "tournament": tournament,
        "desk": desk_for(tournament, bracket),
        "is_organizer": True,
    }
    return render(request, "tournaments/_desk.html", context)
