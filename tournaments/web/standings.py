"""The standings page (with its CSV link) and a Swiss round's tables."""

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from tournaments.fastpath import conditional
from tournaments.reads import round_robin, swiss
from tournaments.reads.events import entry_ids_of_user
from tournaments.reads.standings import Standings, standings_cached
from tournaments.web.common import get_tournament, page_tag


def tournament_standings(request: HttpRequest, pk: int) -> HttpResponse:
    """The standings table with a CSV download (304 while the version is the same); a Swiss
    event's also as they were after each of its rounds (`?round=n`)."""
    after = _round_param(request)
    kind = f"standings-{after}" if after else "standings"  # as the early answer names it
    state = conditional.version_or_404(pk, request)
    tag = page_tag(kind, pk, state.version, request)
    if conditional.matches(request, tag) and not conditional.has_messages(request):
        return conditional.not_modified(tag)
    tournament = get_tournament(pk)
    context: dict[str, Any] = {"tournament": tournament, "after_round": after, "swiss_rounds": []}
    rows: Standings
    if tournament.is_swiss or tournament.is_round_robin:
        context["swiss_rounds"] = swiss.swiss_round_numbers(tournament=tournament)
    if tournament.is_round_robin:
        context["groups"] = round_robin.groups_standings(tournament=tournament)
    if after and after in context["swiss_rounds"]:
        rows = swiss.standings_rows(tournament=tournament, after_round=after)
    else:
        context["after_round"] = None
        rows = standings_cached(tournament=tournament)
    response = render(request, "tournaments/standings.html", {**context, "rows": rows})
    tag = page_tag(kind, pk, tournament.version, request)
    return conditional.stamp(response, tag, per_user=True)


def _round_param(request: HttpRequest) -> int | None:
    value = request.GET.get("round", "")
    return int(value) if value.isdigit() and len(value) <= 4 and int(value) > 0 else None


def swiss_round(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """A Swiss round's pairings by table, with the viewer's own table first."""
    state = conditional.version_or_404(pk)
    tag = page_tag(f"swiss-round-{number}", pk, state.version, request)
    if conditional.matches(request, tag) and not conditional.has_messages(request):
        return conditional.not_modified(tag)
    tournament = get_tournament(pk)
    numbers = swiss.swiss_round_numbers(tournament=tournament)
    if number not in numbers:
        raise Http404("This Swiss round has not been paired.")
    tables = swiss.round_tables(tournament=tournament, number=number)
    mine = entry_ids_of_user(tournament=tournament, user=request.user)
    context = {
        "tournament": tournament,
        "number": number,
        "numbers": numbers,
        "tables": tables,
        "my_tables": swiss.my_tables(tables, mine),
        "round_word": "Group round" if tournament.is_round_robin else "Swiss round",
    }
    response = render(request, "tournaments/swiss_round.html", context)
    tag = page_tag(f"swiss-round-{number}", pk, tournament.version, request)
    return conditional.stamp(response, tag, per_user=True)
