"""The event's pages: the list, the create form, the event page (settings, entries, bracket,
controls) and its live stream."""

from typing import cast

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.functional import SimpleLazyObject
from django.views.decorators.http import require_GET

from config import live_streams
from config.errors import ServiceError
from tournaments import services
from tournaments.fastpath import conditional
from tournaments.fastpath.bracket_cards import bracket_html
from tournaments.models import Tournament
from tournaments.reads import events as event_reads
from tournaments.reads import round_robin, swiss
from tournaments.reads.bracket import bracket_cached
from tournaments.reads.calendar import registration_window_problem
from tournaments.reads.describe import description_html
from tournaments.reads.desk import check_in_get
from tournaments.reads.matches import next_matches_for_user
from tournaments.reads.standings import Standings, standings_cached
from tournaments.services.common import is_organizer
from tournaments.web.common import get_tournament, page_tag, region_param
from tournaments.web.desk import desk_for
from tournaments.web.forms import TournamentForm


@login_required
def tournament_new(request: HttpRequest) -> HttpResponse:
    """The create form; the creator is the organizer."""
    form = TournamentForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            tournament = services.tournament_create(
                organizer=request.user, **form.settings(), announcement=form.announcement()
            )
        except ServiceError as exc:
            exc.add_to_form(form)
        else:
            messages.success(request, f"{tournament.name} is open for registration.")
            return redirect("tournaments:detail", pk=tournament.pk)
    return render(request, "tournaments/new.html", {"form": form})


def tournament_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """The event: settings, entries (in registration), the bracket, and controls.

    Once the event has started, a browser that shows the page as it is now gets a 304 from
    the version alone (the draft and sealed panels and the entry list it also shows change
    only in registration)."""
    state = conditional.version_or_404(pk, request)
    is_conditional = state.status != Tournament.Status.REGISTRATION
    tag = page_tag("page", pk, state.version, request)
    if (
        is_conditional
        and conditional.matches(request, tag)
        and not conditional.has_messages(request)
    ):
        return conditional.not_modified(tag)
    tournament = get_tournament(pk)
    response = render(request, "tournaments/detail.html", _detail_context(request, tournament))
    if is_conditional:
        conditional.stamp(
            response, page_tag("page", pk, tournament.version, request), per_user=True
        )
    return response


def _detail_context(request: HttpRequest, tournament: Tournament) -> dict:
    organizer = is_organizer(tournament=tournament, user=request.user)
    mine = event_reads.entry_ids_of_user(tournament=tournament, user=request.user)
    # Only the organizer's controls and desk (and the champion line) read the bracket's data;
    # the bracket itself is shown from its render cached per version.
    bracket = cast(dict, SimpleLazyObject(lambda: bracket_cached(tournament=tournament)))
    return {
        "tournament": tournament,
        "is_organizer": organizer,
        **_registration_panel(request, tournament, organizer),
        "description_html": description_html(tournament.description),
        "bracket": bracket,
        "bracket_html": bracket_html(tournament, mine, region_param(request, tournament, mine)),
        "mine": mine,
        "desk": desk_for(tournament, bracket) if organizer else None,
        # A round's start is offered only where it would start something.
        "my_matches": next_matches_for_user(
            user=request.user, tournament=tournament, limit=3, entry_ids=mine
        ),
        "swiss": _swiss_panel(tournament, mine),
        **_groups_panel(tournament),
    }


def _registration_panel(request: HttpRequest, tournament: Tournament, organizer: bool) -> dict:
    """While entries register: the entries, the waitlist and the user's place on it, whether
    the event is full or closed, and check-in (empty lists and None once it has started)."""
    registering = tournament.status == Tournament.Status.REGISTRATION
    my_entry = (
        tournament.entries.filter(memberships__user=request.user).first()
        if request.user.is_authenticated and registering
        else None
    )
    entries = event_reads.entry_list(tournament=tournament) if registering else []
    entries_closed = registering and event_reads.entries_closed_reason(tournament=tournament)
    waitlist = sorted(
        (e for e in entries if e.waitlisted and not e.dropped), key=lambda e: (e.created_at, e.pk)
    )
    return {
        "manage": organizer and registering and not entries_closed,
        "entries": [e for e in entries if not e.waitlisted],
        "waitlist": waitlist,
        "full": tournament.entry_cap is not None
        and sum(1 for e in entries if e.plays) >= tournament.entry_cap,
        "my_waitlist_position": next(
            (n for n, e in enumerate(waitlist, 1) if my_entry and e.pk == my_entry.pk), None
        ),
        "registration_shut": _registration_shut(tournament) if registering else "",
        "entries_closed": entries_closed,
        "check_in": check_in_get(tournament=tournament) if registering else None,
        "joined": my_entry is not None,
        "my_entry": my_entry,
    }


def _groups_panel(tournament: Tournament) -> dict:
    """A started round robin's groups with their standings, and its rounds."""
    if not tournament.is_round_robin or tournament.status == Tournament.Status.REGISTRATION:
        return {}
    return {
        "groups": round_robin.groups_standings(tournament=tournament),
        "groups_rounds": swiss.swiss_round_numbers(tournament=tournament),
    }


def _registration_shut(tournament: Tournament) -> str:
    problem = registration_window_problem(tournament, timezone.now())
    return problem.message if problem else ""


def _swiss_panel(tournament: Tournament, mine: set[int]) -> dict | None:
    """A started Swiss event's round so far, the viewer's table in it, and its settings."""
    if not tournament.is_swiss or tournament.status == Tournament.Status.REGISTRATION:
        return None
    numbers = swiss.swiss_round_numbers(tournament=tournament)
    if not numbers:
        return None
    current = numbers[-1]
    tables = swiss.round_tables(tournament=tournament, number=current)
    in_cut = tournament.rounds.filter(number__gt=tournament.swiss_rounds or 0).exists()
    rows: Standings = []
    if tournament.status == Tournament.Status.FINISHED and not in_cut:
        rows = standings_cached(tournament=tournament)
    return {
        "numbers": numbers,
        "current": current,
        "my_tables": swiss.my_tables(tables, mine),
        "tables": tables,  # the round as pairings (the bracket below shows only the cut)
        "in_cut": in_cut,
        # no cut: the standings decide the event
        "winner": rows[0].entry.display_name if rows else "",
    }


@require_GET
@live_streams.view
async def tournament_live(request: HttpRequest, pk: int) -> HttpResponseBase:
    """The tournament's live stream (server-sent events): its version after each change, for
    its bracket, match pages and the organizer's desk. The tournament's pages are public and a
    notice carries nothing but the version."""

    def version() -> int:
        return conditional.version_or_404(pk).version

    return await live_streams.stream(request, f"tournament-{pk}", version)
