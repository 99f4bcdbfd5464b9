"""Writes of the leagues app: create a league, add an event to it or take one out."""

from django.db import IntegrityError, transaction

from config.errors import Conflict, NotAllowed, NotFound, ServiceError
from leagues import scoring
from leagues.models import League, LeagueEvent
from tournaments.models import GameSlug, Tournament

MAX_PLACES = 64


def _is_organizer(league: League, user) -> bool:
    return bool(
        user and user.is_authenticated and (user.is_staff or user.pk == league.organizer_id)
    )


def _check(
    *, name, game, score_by, placement_points, points_per_win, counted_events, planned_events
) -> dict[str, list[str]]:
    errors: dict[str, list[str]] = {}
    if not name.strip():
        errors["name"] = ["Give the league a name."]
    if game not in GameSlug.values:
        errors["game"] = ["Choose one of the games."]
    if score_by not in League.ScoreBy.values:
        errors["score_by"] = ["Score per placement or per match win."]
    points = placement_points or []
    if not isinstance(points, list) or not all(isinstance(p, int) and p >= 0 for p in points):
        errors["placement_points"] = ["Give whole points of 0 or more, 1st place first."]
    elif len(points) > MAX_PLACES:
        errors["placement_points"] = [f"At most {MAX_PLACES} places score."]
    elif score_by == League.ScoreBy.PLACEMENT and not any(points):
        errors["placement_points"] = ["Give the points of at least 1st place."]
    if not 0 <= points_per_win <= 100:
        errors["points_per_win"] = ["Give 0 to 100 points per match win."]
    if counted_events is not None and not 1 <= counted_events <= 1000:
        errors["counted_events"] = ["Count 1 or more events (empty: all of them)."]
    if planned_events is not None and not 1 <= planned_events <= 1000:
        errors["planned_events"] = ["Plan 1 to 1,000 events (or leave it empty)."]
    if counted_events and planned_events and counted_events > planned_events:
        errors["counted_events"] = ["Count at most the events planned (best N of M: N <= M)."]
    return errors


@transaction.atomic
def league_create(
    *,
    organizer,
    name: str,
    game: str = "combat",
    score_by: str = "placement",
    placement_points: list[int] | None = None,
    points_per_win: int = 3,
    counted_events: int | None = None,
    planned_events: int | None = None,
) -> League:
    """Create a league (a season) that `organizer` runs; every setting checked at once."""
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
    }
    errors = _check(**settings)
    if errors:
        raise ServiceError("The league settings are not valid.", code="invalid", errors=errors)
    return League.objects.create(organizer=organizer, **{**settings, "name": name.strip()})


@transaction.atomic
def league_event_add(*, league: League, by_user, tournament_id: int) -> LeagueEvent:
    """Add one of the organizer's events (of the league's game) to the league."""
    league = League.objects.select_for_update().get(pk=league.pk)
    if not _is_organizer(league, by_user):
        raise NotAllowed("Only the league's organizer can add events.", code="not_organizer")
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
    try:
        with transaction.atomic():
            added = LeagueEvent.objects.create(league=league, tournament=tournament)
    except IntegrityError:
        raise Conflict(
            f"{tournament.name} is already in a league.", code="already_in_a_league"
        ) from None
    return added


@transaction.atomic
def league_event_remove(*, league: League, by_user, tournament_id: int) -> None:
    """Take an event out of the league (its results stop counting)."""
    league = League.objects.select_for_update().get(pk=league.pk)
    if not _is_organizer(league, by_user):
        raise NotAllowed("Only the league's organizer can remove events.", code="not_organizer")
    deleted, _ = LeagueEvent.objects.filter(league=league, tournament_id=tournament_id).delete()
    if not deleted:
        raise NotFound("That event is not in this league.", code="not_in_league")
