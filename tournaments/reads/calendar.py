"""Reads of events by date: the list's tabs and filters, an organizer's archive, and their
times in each event's own time zone."""

from dataclasses import dataclass
from datetime import datetime
from zoneinfo import ZoneInfo

from django.contrib.auth import get_user_model
from django.db.models import F, QuerySet

from config.errors import NotFound
from tournaments.models import Tournament
from tournaments.reads.events import EntriesClosed, tournament_list

# The list's tabs: which statuses each shows, and in which order.
TABS = {
    "upcoming": ("Upcoming", ["registration"]),
    "running": ("Running", ["running"]),
    "finished": ("Finished", ["finished", "cancelled"]),
}
MAX_SEARCH = 100


@dataclass(frozen=True)
class EventFilter:
    """What the list is asked for: a tab, a game, an organizer's username, words of a name."""

    tab: str = "upcoming"
    game: str = ""
    organizer: str = ""
    search: str = ""

    @classmethod
    def of(cls, params) -> "EventFilter":
        """From a query string; anything unknown falls back to the default."""
        tab = params.get("tab", "upcoming")

        def text(key: str, size: int) -> str:
            # PostgreSQL text holds no NUL byte: drop it rather than fail the query
            return params.get(key, "").replace("\x00", "").strip()[:size]

        return cls(
            tab=tab if tab in TABS else "upcoming",
            game=text("game", 30),
            organizer=text("organizer", 150),
            search=text("q", MAX_SEARCH),
        )


def events_listed(wanted: EventFilter) -> QuerySet[Tournament]:
    """The public events of a tab, filtered: upcoming ones soonest first (undated last),
    running ones by start, finished ones latest first."""
    _label, statuses = TABS[wanted.tab]
    rows = tournament_list().filter(visibility=Tournament.Visibility.PUBLIC, status__in=statuses)
    if wanted.game:
        rows = rows.filter(game=wanted.game)
    if wanted.organizer:
        rows = rows.filter(organizer__username__iexact=wanted.organizer)
    if wanted.search:
        rows = rows.filter(name__icontains=wanted.search)
    if wanted.tab == "finished":
        return rows.order_by(F("finished_at").desc(nulls_last=True), "-created_at", "-id")
    return rows.order_by(F("starts_at").asc(nulls_last=True), "-created_at", "-id")


def events_of_organizer(*, organizer, viewer) -> QuerySet[Tournament]:
    """An organizer's events, soonest or latest first; the unlisted ones only to the
    organizer themselves (and staff)."""
    rows = tournament_list().filter(organizer=organizer)
    if not (viewer.is_authenticated and (viewer.pk == organizer.pk or viewer.is_staff)):
        rows = rows.filter(visibility=Tournament.Visibility.PUBLIC)
    return rows.order_by(F("starts_at").desc(nulls_last=True), "-created_at", "-id")


def events_for_feed(*, organizer) -> QuerySet[Tournament]:
    """An organizer's public dated events that were not cancelled (their calendar feed)."""
    return (
        Tournament.objects.filter(
            organizer=organizer,
            visibility=Tournament.Visibility.PUBLIC,
            starts_at__isnull=False,
        )
        .exclude(status=Tournament.Status.CANCELLED)
        .select_related("organizer")
        .order_by("starts_at", "id")[:500]
    )


def local_time(tournament: Tournament, at: datetime | None) -> datetime | None:
    """An instant as the clock reads in the event's time zone."""
    if at is None:
        return None
    return at.astimezone(ZoneInfo(tournament.time_zone))


def venue_line(tournament: Tournament) -> str:
    """The venue as one line: its name, then its address."""
    return ", ".join(part for part in (tournament.venue_name, tournament.venue_address) if part)


def registration_window_problem(tournament: Tournament, at: datetime) -> EntriesClosed | None:
    """Why a player cannot register at `at` (before registration opens, or after it closes),
    saying when, on the event's clock; None while it is open."""
    opens, closes = tournament.registration_opens_at, tournament.registration_closes_at
    if opens is not None and at < opens:
        return EntriesClosed(
            f"Registration opens {_when(tournament, opens)}; come back then.",
            "registration_not_open",
        )
    if closes is not None and at >= closes:
        return EntriesClosed(
            f"Registration closed {_when(tournament, closes)}; ask the organizer to add you.",
            "registration_closed",
        )
    return None


def _when(tournament: Tournament, at: datetime) -> str:
    local = at.astimezone(ZoneInfo(tournament.time_zone))
    return f"on {local:%a %-d %b %Y at %H:%M} ({tournament.time_zone})"


def organizer_named(username: str):
    """The user called `username` (any case); NotFound for nobody (or a NUL byte in it)."""
    user = None
    if "\x00" not in username:
        user = get_user_model().objects.filter(username__iexact=username).first()
    if user is None:
        raise NotFound(f"Nobody is called {username!r}.", code="organizer_not_found")
    return user
