"""Helpers shared by the tournament services: permissions, row locks, the audit trail."""

from django.db.models import Exists, F, OuterRef, Subquery
from django.utils import timezone

from config.errors import Conflict, NotAllowed, NotFound, ServiceError
from tournaments.brackets import BracketError
from tournaments.models import Entry, Match, MatchAudit, MatchGame, MatchReport, Tournament


def is_organizer(*, tournament: Tournament, user) -> bool:
    """True for the tournament's organizer and for staff."""
    if user is None or not user.is_authenticated:
        return False
    return user.is_staff or user.pk == tournament.organizer_id


def require_organizer(*, tournament: Tournament, user, action: str) -> None:
    """Raise NotAllowed unless `user` organizes the tournament (or is staff)."""
    if not is_organizer(tournament=tournament, user=user):
        raise NotAllowed(f"Only the organizer can {action}.", code="not_organizer")


def bump_version(tournament_id: int | Subquery) -> int:
    """Mark the tournament changed in the caller's transaction (one UPDATE, which also takes
    the row's lock): pages, conditional requests and cached renders keyed on the version go
    stale when the change commits. Returns how many rows it bumped (0: no such tournament)."""
    return Tournament.objects.filter(pk=tournament_id).update(version=F("version") + 1)


def lock_tournament(tournament_id: int, *, bump: bool) -> Tournament:
    """Lock the tournament row for the rest of the transaction; with `bump`, also mark it
    changed (the caller is about to change its bracket, entries, clocks or results).

    Every service that changes results or the bracket takes this lock first: the next
    match and the next random round depend on several matches at once, and one lock taken
    in one order can never deadlock.
    """
    if bump:
        # the UPDATE takes the row lock; the read after it sees the row as it now is
        if not bump_version(tournament_id):
            raise NotFound("No such tournament.", code="tournament_not_found")
        return Tournament.objects.get(pk=tournament_id)
    try:
        return Tournament.objects.select_for_update().get(pk=tournament_id)
    except Tournament.DoesNotExist:
        raise NotFound("No such tournament.", code="tournament_not_found") from None


def lock_match(match_id: int, *, bump: bool) -> tuple[Tournament, Match]:
    """Lock a match's tournament (marking it changed with `bump`), then the match, and return
    both fresh from the database: two queries.

    The match is read with its tournament and round, and whether it has games that count
    (`has_games`), so a report need not ask again."""
    tournament_of_match = Subquery(Match.objects.filter(pk=match_id).values("tournament_id")[:1])
    if bump:
        locked = bump_version(tournament_of_match)
    else:
        locked = len(
            Tournament.objects.select_for_update().filter(pk=tournament_of_match).values("pk")
        )
    if not locked:
        raise NotFound("No such match.", code="match_not_found")
    match = (
        Match.objects.select_for_update(of=("self",))
        .select_related("tournament", "round")
        .annotate(
            has_games=Exists(MatchGame.objects.filter(match=OuterRef("pk"), superseded=False))
        )
        .get(pk=match_id)
    )
    tournament = match.tournament
    if tournament.status == Tournament.Status.CANCELLED:
        raise Conflict("The tournament is cancelled.", code="tournament_cancelled")
    return tournament, match


def entry_ids(match: Match) -> list[int]:
    """The ids of the match's entries, in slot order."""
    return list(match.slots.order_by("slot").values_list("entry_id", flat=True))


def active_entry_ids(match: Match) -> list[int]:
    """The ids of the match's entries that have not forfeited it, in slot order."""
    rows = match.slots.filter(forfeited=False).order_by("slot")
    return list(rows.values_list("entry_id", flat=True))


def user_entry(*, tournament: Tournament, user, match: Match) -> Entry | None:
    """The entry of the match that `user` plays for, if any."""
    if user is None or not user.is_authenticated:
        return None
    return Entry.objects.filter(
        slots__match=match, memberships__user=user, tournament=tournament
    ).first()


def snapshot(match: Match) -> dict:
    """The result facts of a match, as stored in the audit trail."""
    games = match.games.filter(superseded=False).order_by("number")
    return {
        "status": match.status,
        "winner": match.winner_id,
        "decided_by": match.decided_by,
        "games": [
            {
                "number": g.number,
                "winner": g.winner_id,
                "life": g.life,
                "first_damage": g.first_damage_id,
            }
            for g in games
        ],
    }


def audit(*, match: Match, actor, action: str, before: dict) -> None:
    """Append one row to the audit trail (nothing is ever deleted from it)."""
    MatchAudit.objects.create(
        match=match,
        actor=actor if actor is not None and actor.is_authenticated else None,
        action=action,
        before=before,
        after=snapshot(match),
    )


def supersede_pending_reports(match: Match) -> None:
    """Mark any report still waiting for confirmation as superseded."""
    match.reports.filter(status=MatchReport.Status.PENDING).update(
        status=MatchReport.Status.SUPERSEDED
    )


def current_games(match: Match) -> list[MatchGame]:
    """The match's games that count (not superseded), in order."""
    return list(match.games.filter(superseded=False).order_by("number"))


def now():
    """The current time (one place, so tests can reason about it)."""
    return timezone.now()


def bracket_error(exc: BracketError) -> ServiceError:
    """A pure-code error as a 400 with the same message and code."""
    return ServiceError(str(exc), code=exc.code)
