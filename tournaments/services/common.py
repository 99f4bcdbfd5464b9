"""Helpers shared by the tournament services: permissions, row locks, the audit trail."""

from django.db.models import (
    BigIntegerField,
    Case,
    Count,
    Exists,
    ExpressionWrapper,
    F,
    IntegerField,
    JSONField,
    OuterRef,
    Q,
    Subquery,
    When,
)
from django.db.models.functions import Coalesce
from django.utils import timezone

from config.errors import Conflict, NotAllowed, NotFound, ServiceError
from tournaments.brackets import BracketError
from tournaments.fastpath import result_read
from tournaments.fastpath.versions import bump_version, bump_version_of_match
from tournaments.models.entries import Entry, EntryMember
from tournaments.models.events import Tournament
from tournaments.models.matches import Match, MatchAudit, MatchEntry, MatchGame, MatchReport


def is_organizer(*, tournament: Tournament, user) -> bool:
    """True for the tournament's organizer and for staff."""
    if user is None or not user.is_authenticated:
        return False
    return user.is_staff or user.pk == tournament.organizer_id


def require_organizer(*, tournament: Tournament, user, action: str) -> None:
    """Raise NotAllowed unless `user` organizes the tournament (or is staff)."""
    if not is_organizer(tournament=tournament, user=user):
        raise NotAllowed(f"Only the organizer can {action}.", code="not_organizer")


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


def lock_match(match_id: int, *, bump: bool, facts_for=None) -> tuple[Tournament, Match]:
    """Lock a match's tournament (marking it changed with `bump`), then the match, and return
    both fresh from the database: two queries.

    The match is read with its tournament and round, and whether it has games that count
    (`has_games`). With `facts_for=<user>` the same query also reads what recording a result
    needs (see `result_facts`), so a report or confirmation asks nothing more before writing.
    """
    if bump:
        locked = bump_version_of_match(match_id)
    else:
        tournament_of_match = Subquery(
            Match.objects.filter(pk=match_id).values("tournament_id")[:1]
        )
        locked = len(
            Tournament.objects.select_for_update().filter(pk=tournament_of_match).values("pk")
        )
    if not locked:
        raise NotFound("No such match.", code="match_not_found")
    if facts_for is not None and result_read.usable():
        match = result_read.match_with_facts(match_id, facts_for)
        if match is None:
            raise NotFound("No such match.", code="match_not_found")
        return _not_cancelled(match)
    rows = (
        # has_games is declared on Match for the services that take one; django-stubs
        # objects to an annotate() that names a declared attribute
        Match.objects.select_for_update(of=("self",))  # type: ignore[no-redef]
        .select_related("tournament", "round")
        .annotate(
            has_games=Exists(MatchGame.objects.filter(match=OuterRef("pk"), superseded=False))
        )
    )
    if facts_for is not None:
        rows = rows.annotate(**result_facts(facts_for))
    return _not_cancelled(rows.get(pk=match_id))


def _not_cancelled(match: Match) -> tuple[Tournament, Match]:
    tournament = match.tournament
    if tournament.status == Tournament.Status.CANCELLED:
        raise Conflict("The tournament is cancelled.", code="tournament_cancelled")
    return tournament, match


MAX_SLOTS = 4  # entries in a match (a database constraint: slot < 4)


def result_facts(user) -> dict:
    """Annotations of a match row with what recording its result needs, as subqueries of the
    one read that locks it: its entries in slot order (`slot_0`..`slot_3`, the entry id,
    negative when it forfeited), the entry `user` plays for in it (`viewer_entry`), whether a
    report waits (`has_pending_report`), whether `user` plays in the event
    (`viewer_in_event`), and in the fixed bracket the match its winner goes
    on to (`next_id`, `next_status`, `next_filled`, `next_forfeited`), and whether an entry
    of this match or that one has a player with an account (`next_has_players`: someone to
    tell that the next match is ready), and the report waiting for confirmation if any
    (`pending_report_id`, `_entry`, `_games`, `_draw`, `_confirmed`: see `pending_report`)."""
    slots = MatchEntry.objects.filter(match=OuterRef("pk"))
    viewer = (
        slots.filter(entry__memberships__user=user).order_by("entry__seed", "entry_id")
        if user is not None and user.is_authenticated
        else slots.none()
    )
    return {
        **_slot_facts(slots),
        **_pending_report_facts(),
        "viewer_entry": Subquery(viewer.values("entry_id")[:1]),
        # whether `user` plays anywhere in the event (ratings/RULINGS.md R8)
        "viewer_in_event": Exists(
            EntryMember.objects.filter(tournament=OuterRef("tournament"), user=user)
            if user is not None and user.is_authenticated
            else EntryMember.objects.none()
        ),
        **_next_match_facts(),
    }


def _slot_facts(slots) -> dict:
    """`slot_0`..`slot_3`: each slot's entry id, negative when it forfeited."""
    signed = Case(
        When(forfeited=True, then=ExpressionWrapper(-F("entry_id"), BigIntegerField())),
        default=F("entry_id"),
        output_field=BigIntegerField(),
    )
    return {
        f"slot_{n}": Subquery(slots.filter(slot=n).annotate(signed=signed).values("signed")[:1])
        for n in range(MAX_SLOTS)
    }


def _pending_report_facts() -> dict:
    """The report waiting for confirmation, if any, column by column (see `pending_report`)."""
    pending = MatchReport.objects.filter(match=OuterRef("pk"), status=MatchReport.Status.PENDING)
    return {
        "pending_report_id": Subquery(pending.values("pk")[:1]),
        "pending_report_entry": Subquery(pending.values("entry_id")[:1]),
        "pending_report_games": Subquery(pending.values("games")[:1], output_field=JSONField()),
        "pending_report_draw": Subquery(pending.values("draw")[:1]),
        "pending_report_confirmed": Subquery(
            pending.values("confirmed_entries")[:1], output_field=JSONField()
        ),
        "has_pending_report": Exists(pending),
    }


def _next_match_facts() -> dict:
    """The match the winner goes on to in the fixed bracket, and whether anyone is told."""
    # The next match as `tournaments.brackets.feeds_into` places it: round + 1, index // k.
    next_place = {
        "tournament": OuterRef("tournament"),
        "round__number": OuterRef("round__number") + 1,
        "index": ExpressionWrapper(
            OuterRef("index") / OuterRef("tournament__entries_per_match"),
            output_field=IntegerField(),
        ),
    }
    target = Match.objects.filter(**next_place)
    target_slots = MatchEntry.objects.filter(**{f"match__{k}": v for k, v in next_place.items()})
    return {
        "next_id": Subquery(target.values("pk")[:1]),
        "next_status": Subquery(target.values("status")[:1]),
        "next_filled": _count(target_slots),
        "next_forfeited": _count(target_slots.filter(forfeited=True)),
        "next_has_players": Exists(
            MatchEntry.objects.filter(
                Q(match=OuterRef("pk")) | Q(**{f"match__{k}": v for k, v in next_place.items()}),
                entry__memberships__isnull=False,
            )
        ),
    }


def _count(rows) -> Coalesce:
    """COUNT(*) of `rows` (one match's slots) as a subquery: 0 when there are none."""
    counted = rows.order_by().values("match").annotate(n=Count("pk")).values("n")[:1]
    return Coalesce(Subquery(counted, output_field=IntegerField()), 0)


def slots_of(match: Match) -> tuple[list[int], list[int]]:
    """The match's entry ids and those not forfeited, in slot order: from the facts read
    with the lock when there (no query), else one query."""
    if hasattr(match, "slot_0"):
        signed = [getattr(match, f"slot_{n}") for n in range(MAX_SLOTS)]
        signed = [s for s in signed if s is not None]
        return [abs(s) for s in signed], [s for s in signed if s > 0]
    rows = list(match.slots.order_by("slot").values_list("entry_id", "forfeited"))
    return [e for e, _f in rows], [e for e, forfeited in rows if not forfeited]


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


def snapshot(match: Match, games: list[dict] | None = None) -> dict:
    """The result facts of a match, as stored in the audit trail. `games` (as `game_facts`
    gives them) when the caller knows them: no query; a match known to have no games that
    count (`has_games` read with its lock) needs none either."""
    if games is None:
        games = [] if getattr(match, "has_games", None) is False else current_game_facts(match)
    return {
        "status": match.status,
        "winner": match.winner_id,
        "decided_by": match.decided_by,
        "games": games,
    }


def current_game_facts(match: Match) -> list[dict]:
    """The match's games that count, as the audit trail stores them (one query)."""
    return [
        game_facts(g.number, g.winner_id, g.life, g.first_damage_id)
        for g in match.games.filter(superseded=False).order_by("number")
    ]


def game_facts(number: int, winner: int | None, life: dict, first_damage: int | None) -> dict:
    """One game as the audit trail stores it."""
    return {"number": number, "winner": winner, "life": life, "first_damage": first_damage}


def audit(
    *, match: Match, actor, action: str, before: dict, games: list[dict] | None = None
) -> None:
    """Append one row to the audit trail (nothing is ever deleted from it); `games` as for
    `snapshot`, when the caller knows the games that now count."""
    MatchAudit.objects.create(
        match=match,
        actor=actor if actor is not None and actor.is_authenticated else None,
        action=action,
        before=before,
        after=snapshot(match, games),
    )


def pending_report(match: Match) -> MatchReport | None:
    """The match's report waiting for confirmation: from the facts read with the lock when
    there (no query), else one query."""
    if not hasattr(match, "pending_report_id"):
        return match.reports.filter(status=MatchReport.Status.PENDING).first()
    if match.pending_report_id is None:
        return None
    report = MatchReport(
        pk=match.pending_report_id,
        match=match,
        entry_id=match.pending_report_entry,
        games=match.pending_report_games,
        draw=bool(match.pending_report_draw),
        confirmed_entries=match.pending_report_confirmed,
        status=MatchReport.Status.PENDING,
    )
    report._state.adding = False  # a row read from the database: save() updates it
    return report


def supersede_pending_reports(match: Match) -> None:
    """Mark any report still waiting for confirmation as superseded (no query when the lock's
    read found none)."""
    if getattr(match, "has_pending_report", True) is False:
        return
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
