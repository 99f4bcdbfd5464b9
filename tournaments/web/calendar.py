"""iCalendar (.ics) feeds: one event's, and an organizer's public dated events (built with
the `icalendar` package, so that escaping, folding and time zones follow RFC 5545)."""

import math
from datetime import timedelta

from django.http import Http404, HttpRequest, HttpResponse
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_GET
from icalendar import Calendar, Event

from config.errors import NotFound
from tournaments.models import Tournament
from tournaments.reads.calendar import events_for_feed, local_time, organizer_named, venue_line
from tournaments.web.common import get_tournament

BREAK_MINUTES = 10  # between two rounds, in the estimated end
UNTIMED_HOURS = 4  # an event without a time limit is expected to last this long


def expected_duration(tournament: Tournament) -> timedelta:
    """How long the event is expected to last (a calendar entry needs an end): its rounds
    (ceil(log2) of the cap or entries, plus the top cut) of one time limit and a break each."""
    if not tournament.time_limit_minutes:
        return timedelta(hours=UNTIMED_HOURS)
    entries = max(tournament.entry_cap or getattr(tournament, "entry_count", 0) or 8, 2)
    rounds = tournament.swiss_rounds or math.ceil(math.log2(entries))
    if tournament.top_cut:
        rounds += int(math.log2(tournament.top_cut))
    return timedelta(minutes=rounds * (tournament.time_limit_minutes + BREAK_MINUTES))


def _event(request: HttpRequest, tournament: Tournament) -> Event:
    start = local_time(tournament, tournament.starts_at)
    assert start is not None  # only dated events are in a feed
    url = request.build_absolute_uri(reverse("tournaments:detail", args=[tournament.pk]))
    event = Event()
    event.add("uid", f"tournament-{tournament.pk}@{request.get_host().split(':')[0]}")
    event.add("summary", tournament.name)
    event.add("dtstart", start)
    event.add("dtend", start + expected_duration(tournament))
    event.add("dtstamp", timezone.now())
    event.add("url", url)
    if venue_line(tournament):
        event.add("location", venue_line(tournament))
    text = tournament.description or f"A {tournament.get_game_display()} event"
    event.add("description", f"{text}\n\nOrganizer: {tournament.organizer.username}\n{url}")
    event.add(
        "status", "CANCELLED" if tournament.status == Tournament.Status.CANCELLED else "CONFIRMED"
    )
    return event


def _calendar(name: str, events: list[Event]) -> HttpResponse:
    calendar = Calendar()
    calendar.add("prodid", "-//Combat//Events//EN")
    calendar.add("version", "2.0")
    calendar.add("x-wr-calname", name)
    for event in events:
        calendar.add_component(event)
    calendar.add_missing_timezones()
    response = HttpResponse(calendar.to_ical(), content_type="text/calendar; charset=utf-8")
    response["Content-Disposition"] = 'inline; filename="events.ics"'
    return response


@require_GET
def event_ics(request: HttpRequest, pk: int) -> HttpResponse:
    """One event as a calendar file (404 until it has a date)."""
    tournament = get_tournament(pk)
    if tournament.starts_at is None:
        raise Http404("This event has no date yet.")
    return _calendar(tournament.name, [_event(request, tournament)])


@require_GET
def organizer_ics(request: HttpRequest, username: str) -> HttpResponse:
    """An organizer's public dated events as one calendar to subscribe to."""
    organizer = _organizer(username)
    events = [_event(request, t) for t in events_for_feed(organizer=organizer)]
    return _calendar(f"{organizer.username}'s events", events)


def _organizer(username: str):
    try:
        return organizer_named(username)
    except NotFound:
        raise Http404("Nobody has that username.") from None
