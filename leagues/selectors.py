"""Reads of the leagues app: a league's leaderboard (from its finished events' standings) and a
player's history of events, results and decks registered."""

from __future__ import annotations

from collections import defaultdict

from django.contrib.auth import get_user_model
from django.db.models import F

from config.errors import NotFound
from leagues import scoring
from leagues.models import League, LeagueEvent, event_day
from tournaments.models import Entry, EntryMember, Tournament
from tournaments.reads.standings import standings_cached


def league_list() -> list[League]:
    return list(League.objects.select_related("organizer", "next_season")[:200])


def league_get(*, league_id: int) -> League:
    league = (
        League.objects.select_related("organizer", "previous_season", "next_season")
        .filter(pk=league_id)
        .first()
    )
    if league is None:
        raise NotFound("No such league.", code="league_not_found")
    return league


def scoring_of(league: League) -> scoring.Scoring:
    return scoring.Scoring(
        by=league.score_by,
        points=tuple(league.placement_points),
        per_win=league.points_per_win,
        best=league.counted_events,
    )


def league_events(*, league: League) -> list[Tournament]:
    """The league's events, oldest first (by start, then by when they were added)."""
    return [
        le.tournament
        for le in LeagueEvent.objects.filter(league=league)
        .select_related("tournament")
        .order_by(F("tournament__started_at").asc(nulls_last=True), "added_at", "id")
    ]


def next_season(*, league: League) -> League | None:
    """The season that follows this one (L9), if started."""
    return League.objects.filter(previous_season=league).first()


def scores(league: League, tournament: Tournament) -> bool:
    """Whether an event of the league scores: finished (L1), and started within the season (L8)."""
    day = event_day(tournament)
    return (
        tournament.status == Tournament.Status.FINISHED
        and day is not None
        and league.in_season(day)
    )


def league_results(*, league: League, events: list[Tournament]) -> list[scoring.Result]:
    """Each registered player's result in each scoring event (L1, L8): from the event's
    standings (cached per event version); a team's members each get the team's result (L6)."""
    finished = [t for t in events if scores(league, t)]
    members = _members([t.pk for t in finished])
    results = []
    for tournament in finished:
        for row in standings_cached(tournament=tournament):
            for user_id in members.get(row.entry.pk, ()):
                results.append(
                    scoring.Result(
                        event=tournament.pk,
                        player=user_id,
                        placement=row.placement,
                        match_wins=row.match_wins,
                    )
                )
    return results


def _members(tournament_ids: list[int]) -> dict[int, list[int]]:
    rows = EntryMember.objects.filter(tournament_id__in=tournament_ids).values_list(
        "entry_id", "user_id"
    )
    members: dict[int, list[int]] = defaultdict(list)
    for entry_id, user_id in rows:
        members[entry_id].append(user_id)
    return members


def leaderboard_get(*, league: League) -> dict:
    """The league's events and its leaderboard, every line with its points per event."""
    events = league_events(league=league)
    lines = scoring.leaderboard(
        league_results(league=league, events=events),
        scoring_of(league),
        [t.pk for t in events],
    )
    names = dict(
        get_user_model()
        .objects.filter(pk__in=[line.player for line in lines])
        .values_list("pk", "username")
    )
    return {
        "starts_on": league.starts_on,
        "ends_on": league.ends_on,
        "events": [
            {
                "id": t.pk,
                "name": t.name,
                "status": t.status,
                "status_label": t.get_status_display(),
                "starts_at": t.starts_at,
                "started_at": t.started_at,
                "time_zone": t.time_zone,
                "outside_season": _outside(league, t),
            }
            for t in events
        ],
        "lines": [
            {
                "rank": line.rank,
                "player": {"id": line.player, "username": names.get(line.player, "")},
                "points": line.points,
                "events_played": line.events,
                "events_counted": len(line.counted),
                "by_event": [
                    {
                        "event": t.pk,
                        "points": line.by_event.get(t.pk),
                        "counted": t.pk in line.counted,
                    }
                    for t in events
                ],
            }
            for line in lines
        ],
    }


def _outside(league: League, tournament: Tournament) -> bool:
    """An event that started outside the season (L8: it does not score)."""
    day = event_day(tournament)
    return day is not None and not league.in_season(day)


def player_history(*, username: str) -> tuple:
    """The player and every event they entered, newest first: its game, status, their entry's
    placement and match record, and the deck they registered (if any)."""
    user = None
    if "\x00" not in username:
        user = get_user_model().objects.filter(username__iexact=username).first()
    if user is None:
        raise NotFound(f"No player is called {username!r}.", code="player_not_found")
    entries = (
        Entry.objects.filter(memberships__user=user)
        .select_related("tournament", "deck_registration__deck", "tournament__league_event__league")
        .order_by(F("tournament__started_at").desc(nulls_first=True), "-tournament__created_at")
    )
    history = []
    for entry in entries[:200]:
        tournament = entry.tournament
        row = _standing_of(tournament, entry.pk)
        registration = getattr(entry, "deck_registration", None)
        league_event = getattr(tournament, "league_event", None)
        history.append(
            {
                "tournament": tournament,
                "entry": entry,
                "placement": row.placement_label if row else "",
                "match_wins": row.match_wins if row else 0,
                "match_losses": row.match_losses if row else 0,
                "deck": registration.deck.name if registration else "",
                "league": league_event.league if league_event else None,
            }
        )
    return user, history


def _standing_of(tournament: Tournament, entry_id: int):
    if tournament.status == Tournament.Status.REGISTRATION:
        return None
    rows = standings_cached(tournament=tournament)
    return next((row for row in rows if row.entry.pk == entry_id), None)
