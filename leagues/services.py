"""Writes of the leagues app: create a league, edit it, start its next season, add an event to
it or take one out."""

from datetime import date, timedelta

from django.db import IntegrityError, transaction
from django.utils import timezone

import games
from config.errors import Conflict, NotAllowed, NotFound, ServiceError
from leagues import scoring
from leagues.models import League, LeagueEvent, event_day
from tournaments.models import GameSlug, Tournament

MAX_PLACES = 64


def _is_organizer(league: League, user) -> bool:
    return bool(
        user and user.is_authenticated and (user.is_staff or user.pk == league.organizer_id)
    )


SETTINGS = (
    "name",
    "description",
    "score_by",
    "placement_points",
    "points_per_win",
    "counted_events",
    "planned_events",
    "starts_on",
    "ends_on",
)


def _check(settings: dict) -> dict[str, list[str]]:
    """Every problem of a league's settings, by field (empty: they make sense)."""
    errors: dict[str, list[str]] = {}
    score_by = settings["score_by"]
    if not settings["name"].strip():
        errors["name"] = ["Give the league a name."]
    if len(settings["description"]) > 2000:
        errors["description"] = ["Keep the description to 2,000 characters."]
    if settings["game"] not in GameSlug.values:
        errors["game"] = ["Choose one of the games."]
    if score_by not in League.ScoreBy.values:
        errors["score_by"] = ["Score per placement or per match win."]
    points = _points_problem(score_by, settings["placement_points"] or [])
    if points:
        errors["placement_points"] = [points]
    if not 0 <= settings["points_per_win"] <= 100:
        errors["points_per_win"] = ["Give 0 to 100 points per match win."]
    errors.update(_event_count_problems(settings["counted_events"], settings["planned_events"]))
    starts, ends = settings["starts_on"], settings["ends_on"]
    if starts is None:
        errors["starts_on"] = ["Give the day the season starts."]
    elif ends is not None and ends < starts:
        errors["ends_on"] = ["The season ends on or after the day it starts."]
    return errors


def _points_problem(score_by: str, points) -> str:
    """What is wrong with the points per placement ("" when nothing)."""
    if not isinstance(points, list) or not all(
        isinstance(p, int) and not isinstance(p, bool) and p >= 0 for p in points
    ):
        return "Give whole points of 0 or more, 1st place first."
    if len(points) > MAX_PLACES:
        return f"At most {MAX_PLACES} places score."
    if score_by == League.ScoreBy.PLACEMENT and not any(points):
        return "Give the points of at least 1st place."
    return ""


def _event_count_problems(counted: int | None, planned: int | None) -> dict[str, list[str]]:
    """Best N of M: N and M from 1 to 1,000 (or empty), N at most M."""
    errors: dict[str, list[str]] = {}
    if counted is not None and not 1 <= counted <= 1000:
        errors["counted_events"] = ["Count 1 or more events (empty: all of them)."]
    if planned is not None and not 1 <= planned <= 1000:
        errors["planned_events"] = ["Plan 1 to 1,000 events (or leave it empty)."]
    if counted and planned and counted > planned:
        errors["counted_events"] = ["Count at most the events planned (best N of M: N <= M)."]
    return errors


def _invalid(errors: dict) -> ServiceError:
    first = next(iter(errors.values()))[0]
    return ServiceError(
        f"The league settings are not valid: {first}", code="invalid", errors=errors
    )


@transaction.atomic
def league_create(
    *,
    organizer,
    name: str,
    game: str = games.default().slug,
    score_by: str = "placement",
    placement_points: list[int] | None = None,
    points_per_win: int = 3,
    counted_events: int | None = None,
    planned_events: int | None = None,
    description: str = "",
    starts_on: date | None = None,
    ends_on: date | None = None,
) -> League:
    """Create a league (a season) that `organizer` runs; every setting checked at once. The
    season starts today unless told otherwise, with no end until one is set."""
    if placement_points is None:
        placement_points = list(scoring.Scoring().points)
    settings = {
        "name": name,
        "game": game,
        "score_by": score_by,
        "placement_points": placement_points,
        "points_per_win": points_per_win,
        "counted_events": counted_events,
        "planned_events": planned_events,
        "description": description.strip(),
        "starts_on": starts_on or timezone.localdate(),
        "ends_on": ends_on,
    }
    errors = _check(settings)
    if errors:
        raise _invalid(errors)
    return League.objects.create(organizer=organizer, **{**settings, "name": name.strip()})


def _lock_as_organizer(league: League, by_user, doing: str) -> League:
    league = League.objects.select_for_update().get(pk=league.pk)
    if not _is_organizer(league, by_user):
        raise NotAllowed(f"Only the league's organizer can {doing}.", code="not_organizer")
    return league


def _seasons_in_order(league: League, starts: date, ends: date | None) -> dict[str, list[str]]:
    """L9: a season starts after the one before it ends and ends before the next one starts."""
    errors: dict[str, list[str]] = {}
    before = league.previous_season
    if before is not None and before.ends_on is not None and starts <= before.ends_on:
        errors["starts_on"] = [
            f"The season starts after the previous one ({before.name}) ends on "
            f"{before.ends_on:%d %b %Y}."
        ]
    after = League.objects.filter(previous_season=league).first()
    if after is not None and (ends is None or ends >= after.starts_on):
        errors["ends_on"] = [
            f"The season ends before the next one ({after.name}) starts on "
            f"{after.starts_on:%d %b %Y}."
        ]
    return errors


def _events_outside(league: League, starts: date, ends: date | None) -> list[str]:
    """The started events of the league whose day would fall outside these season dates."""
    probe = League(starts_on=starts, ends_on=ends)
    events = Tournament.objects.filter(league_event__league=league, started_at__isnull=False)
    days = [(t, event_day(t)) for t in events.order_by("started_at")]
    return [f"{t.name} ({day:%d %b %Y})" for t, day in days if day and not probe.in_season(day)]


@transaction.atomic
def league_update(*, league: League, by_user, **changes) -> League:
    """The organizer (or staff) changes the league's settings: name, description, scoring,
    best N of M, season dates. All checked at once, all or nothing; the game stays (its events
    are of it). The leaderboard is computed, so it follows the new scoring at once."""
    league = _lock_as_organizer(league, by_user, "edit it")
    unknown = set(changes) - set(SETTINGS)
    if unknown:
        raise ServiceError(f"These settings cannot be changed: {sorted(unknown)}.", code="invalid")
    settings = {field: getattr(league, field) for field in (*SETTINGS, "game")}
    settings.update(changes)
    if isinstance(settings["description"], str):
        settings["description"] = settings["description"].strip()
    errors = _check(settings)
    if not errors:
        errors = _seasons_in_order(league, settings["starts_on"], settings["ends_on"])
    if not errors:
        outside = _events_outside(league, settings["starts_on"], settings["ends_on"])
        if outside:
            errors["season"] = [
                "These events would fall outside the season; take them out first: "
                + ", ".join(outside)
                + "."
            ]
    if errors:
        raise _invalid(errors)
    settings.pop("game")
    settings["name"] = settings["name"].strip()
    for field, value in settings.items():
        setattr(league, field, value)
    league.save(update_fields=list(settings))
    return league


@transaction.atomic
def league_next_season(
    *, league: League, by_user, name: str, starts_on: date, ends_on: date | None = None
) -> League:
    """Start the league's next season (L9): a new league of the same game, scoring and
    description, run by the same organizer, with no events yet. An open-ended current season
    closes the day before the next one starts."""
    league = _lock_as_organizer(league, by_user, "start its next season")
    following = League.objects.filter(previous_season=league).first()
    if following is not None:
        raise Conflict(
            f"{league.name} already has a next season: {following.name}.",
            code="next_season_exists",
        )
    closes_on = league.ends_on
    if closes_on is None:
        closes_on = starts_on - timedelta(days=1)
        errors = {}
        if closes_on < league.starts_on:
            errors["starts_on"] = [
                f"The next season starts after this one starts ({league.starts_on:%d %b %Y})."
            ]
        elif outside := _events_outside(league, league.starts_on, closes_on):
            errors["starts_on"] = [
                "This season would close before some of its events: " + ", ".join(outside) + "."
            ]
        if errors:
            raise _invalid(errors)
    elif starts_on <= closes_on:
        raise _invalid(
            {"starts_on": [f"The next season starts after this one ends ({closes_on:%d %b %Y})."]}
        )
    settings = {field: getattr(league, field) for field in (*SETTINGS, "game")}
    settings.update(name=name, starts_on=starts_on, ends_on=ends_on)
    errors = _check(settings)
    if errors:
        raise _invalid(errors)
    if league.ends_on is None:
        league.ends_on = closes_on
        league.save(update_fields=["ends_on"])
    return League.objects.create(
        organizer=league.organizer,
        previous_season=league,
        **{**settings, "name": name.strip()},
    )


@transaction.atomic
def league_event_add(*, league: League, by_user, tournament_id: int) -> LeagueEvent:
    """Add one of the organizer's events (of the league's game) to the league."""
    league = _lock_as_organizer(league, by_user, "add events")
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is None:
        raise NotFound(f"No event {tournament_id}.", code="tournament_not_found")
    if not by_user.is_staff and tournament.organizer_id != by_user.pk:
        raise NotAllowed("Add only events you organize.", code="not_your_event")
    if tournament.game != league.game:
        raise ServiceError(
            f"{tournament.name} is played in another game than the league's.",
            code="other_game",
        )
    if tournament.status == Tournament.Status.CANCELLED:
        raise Conflict(f"{tournament.name} was cancelled.", code="tournament_cancelled")
    _require_in_season(league, tournament)
    try:
        with transaction.atomic():
            added = LeagueEvent.objects.create(league=league, tournament=tournament)
    except IntegrityError:
        raise Conflict(
            f"{tournament.name} is already in a league.", code="already_in_a_league"
        ) from None
    return added


def _require_in_season(league: League, tournament: Tournament) -> None:
    """L8: a started event joins if it started within the season; one not started yet while
    the season has not ended (it scores only if it starts within it)."""
    day = event_day(tournament)
    season = f"{league.starts_on:%d %b %Y} to " + (
        f"{league.ends_on:%d %b %Y}" if league.ends_on else "no end set"
    )
    if day is not None and not league.in_season(day):
        raise ServiceError(
            f"{tournament.name} started on {day:%d %b %Y}, outside the season ({season}).",
            code="outside_season",
        )
    if day is None and league.ends_on is not None and timezone.localdate() > league.ends_on:
        raise ServiceError(
            f"The season ended on {league.ends_on:%d %b %Y}: {tournament.name} cannot join it.",
            code="season_over",
        )


@transaction.atomic
def league_event_remove(*, league: League, by_user, tournament_id: int) -> None:
    """Take an event out of the league (its results stop counting)."""
    league = _lock_as_organizer(league, by_user, "remove events")
    deleted, _ = LeagueEvent.objects.filter(league=league, tournament_id=tournament_id).delete()
    if not deleted:
        raise NotFound("That event is not in this league.", code="not_in_league")
