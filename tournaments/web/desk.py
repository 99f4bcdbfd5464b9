"""The organizer's desk as a page of its own, and alone as the fragment htmx polls."""

from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.http import require_GET

from tournaments.models import Tournament
from tournaments.reads.bracket import bracket_cached
from tournaments.reads.desk import desk_get
from tournaments.reads.venue import round_start_label, round_under_way
from tournaments.services.common import is_organizer
from tournaments.web.common import get_tournament


def desk_for(tournament: Tournament, bracket: dict) -> dict | None:
    if tournament.status not in (Tournament.Status.REGISTRATION, Tournament.Status.RUNNING):
        return None
    desk = desk_get(tournament=tournament, bracket=bracket, at=timezone.now())
    for row in desk["queue"]:
        if row["kind"] == "round_ready":
            round_row = row["round"]
            row["label"] = round_start_label(
                tournament=tournament,
                number=round_row["number"],
                name=round_row["name"],
                waiting=row["ready"] if round_under_way(round_row) else 0,
            )
    return desk


@require_GET
def tournament_desk(request: HttpRequest, pk: int) -> HttpResponse:
    """The organizer's desk: what needs attention, each table's clock in the rounds being
    played, and the printouts and projector view. Opened directly it is a page; htmx's polls
    and pushes (HX-Request) get the desk alone. Only for the organizer (and staff)."""
    tournament = get_tournament(pk)
    if not is_organizer(tournament=tournament, user=request.user):
        raise PermissionDenied("Only the organizer sees the desk.")
    bracket = bracket_cached(tournament=tournament)
    context = {
        "tournament": tournament,
        "desk": desk_for(tournament, bracket),
        "is_organizer": True,
    }
    if request.headers.get("HX-Request"):
        return render(request, "tournaments/_desk.html", context)
    return render(request, "tournaments/desk.html", context)
