"""The event list (Upcoming / Running / Finished, filters, search) and an organizer's page
(their archive of events)."""

from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from config.errors import NotFound
from games import choices as game_choices
from tournaments.reads.calendar import (
    TABS,
    EventFilter,
    events_listed,
    events_of_organizer,
    organizer_named,
)

PER_PAGE = 25


@require_GET
def tournament_list(request: HttpRequest) -> HttpResponse:
    """The public events of a tab (upcoming soonest first), by game, organizer and name."""
    wanted = EventFilter.of(request.GET)
    page = Paginator(events_listed(wanted), PER_PAGE).get_page(request.GET.get("page"))
    keep = request.GET.copy()
    keep.pop("page", None)
    tabs = []
    for key, (label, _statuses) in TABS.items():
        params = keep.copy()
        params["tab"] = key
        tabs.append({"key": key, "label": label, "query": params.urlencode()})
    return render(
        request,
        "tournaments/list.html",
        {
            "page": page,
            "tournaments": page.object_list,
            "wanted": wanted,
            "tabs": tabs,
            "games": game_choices(),
            "query": keep.urlencode(),
        },
    )


@require_GET
def organizer_page(request: HttpRequest, username: str) -> HttpResponse:
    """An organizer's events, newest date first: their archive, with their calendar feed."""
    organizer = _organizer(username)
    rows = events_of_organizer(organizer=organizer, viewer=request.user)
    page = Paginator(rows, PER_PAGE).get_page(request.GET.get("page"))
    return render(
        request,
        "tournaments/organizer.html",
        {"organizer": organizer, "page": page, "tournaments": page.object_list},
    )


def _organizer(username: str):
    try:
        return organizer_named(username)
    except NotFound:
        raise Http404("Nobody has that username.") from None
