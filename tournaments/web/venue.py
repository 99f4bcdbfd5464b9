"""The pages for the room on event day: the printouts (pairings by table and by name, result
slips, standings), printed from the browser with the print style sheet, and the projector view
that follows the event by push. Each carries a QR code of the event's page."""

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET

from config.venue import public_url, qr_svg
from tournaments.models import Tournament
from tournaments.reads.bracket_parts import poll_seconds
from tournaments.reads.standings import standings_cached
from tournaments.reads.venue import venue_round
from tournaments.web.common import get_tournament

PAIRINGS_ORDERS = {"table": "by table", "name": "by player name"}


def event_qr(request: HttpRequest, tournament: Tournament) -> dict:
    """The event page's address as players reach it, and its QR code."""
    url = public_url(request, reverse("tournaments:detail", args=[tournament.pk]))
    return {"event_url": url, "event_qr": qr_svg(url)}


def _round_param(request: HttpRequest) -> int | None:
    value = request.GET.get("round", "")
    return int(value) if value.isascii() and value.isdigit() and len(value) < 5 else None


def _printed_round(request: HttpRequest, tournament: Tournament) -> dict | None:
    asked = _round_param(request)
    current = venue_round(tournament=tournament, number=asked)
    if asked is not None and current is None:
        raise Http404("The event has no such round (yet).")
    return current


@require_GET
def print_pairings(request: HttpRequest, pk: int) -> HttpResponse:
    """A round's pairings to print (`?by=name`: by player name, else by table; `?round=n`:
    another round than the one being played)."""
    tournament = get_tournament(pk)
    order = request.GET.get("by", "table")
    if order not in PAIRINGS_ORDERS:
        order = "table"
    context = {
        "tournament": tournament,
        "round": _printed_round(request, tournament),
        "order": order,
        "order_label": PAIRINGS_ORDERS[order],
        **event_qr(request, tournament),
    }
    return render(request, "tournaments/print_pairings.html", context)


@require_GET
def print_slips(request: HttpRequest, pk: int) -> HttpResponse:
    """One result slip a table of the round (`?round=n` for another), to fill in and sign,
    with a QR code of its match page for reporting online."""
    tournament = get_tournament(pk)
    current = _printed_round(request, tournament)
    tables = [
        {**t, "qr": qr_svg(public_url(request, reverse("tournaments:match", args=[t["match_id"]])))}
        for t in (current["tables"] if current else [])
        if not t["is_bye"]
    ]
    context = {
        "tournament": tournament,
        "round": current,
        "tables": tables,
        "games": range(1, tournament.best_of + 1),
        **event_qr(request, tournament),
    }
    return render(request, "tournaments/print_slips.html", context)


@require_GET
def print_standings(request: HttpRequest, pk: int) -> HttpResponse:
    """The standings as they are now, to print."""
    tournament = get_tournament(pk)
    context = {
        "tournament": tournament,
        "rows": standings_cached(tournament=tournament),
        **event_qr(request, tournament),
    }
    return render(request, "tournaments/print_standings.html", context)


@require_GET
def display(request: HttpRequest, pk: int) -> HttpResponse:
    """The projector view: the round's clock, its pairings by name and, between rounds, the
    standings. Its body follows the event by push (the live stream) and needs no click; an
    htmx request gets the body alone."""
    tournament = get_tournament(pk)
    current = venue_round(tournament=tournament)
    finished = tournament.status == Tournament.Status.FINISHED
    between = current is not None and (
        current["finished"] or (not current["started"] and current["number"] > 1)
    )
    context = {
        "tournament": tournament,
        "round": current,
        "show_standings": finished or between,
        "rows": standings_cached(tournament=tournament),
        "poll_seconds": max(poll_seconds(tournament=tournament), 15),
    }
    if request.headers.get("HX-Request"):
        return render(request, "tournaments/_display_body.html", context)
    context.update(event_qr(request, tournament))
    return render(request, "tournaments/display.html", context)
