"""Match clocks: starting matches, deadlines, calling and extending time, the time rule."""

from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import QuerySet

from config.enqueue import enqueue_on_commit
from config.errors import Conflict, NotAllowed, ServiceError
from tournaments import hooks
from tournaments.brackets import (
    GameResult,
    InvalidResult,
    check_games_before_time,
    level_at_time,
    team_life,
    time_game_winner,
    winner_by_game_wins,
)
from tournaments.models import Entry, Match, MatchGame, Tournament
from tournaments.services import bracket
from tournaments.services.common import (
    active_entry_ids,
    audit,
    bump_version,
    current_games,
    entry_ids,
    is_organizer,
    lock_match,
    now,
    require_organizer,
    snapshot,
    user_entry,
)
from tournaments.services.notices import matches_ready_notify

MAX_EXTENSION = 600


def _schedule(task_name: str, object_id: int, deadline: datetime) -> None:
    """Enqueue a deadline task once the transaction commits (the sweep catches lost ones)."""

    from tournaments import tasks  # same app; tasks import the services, so not at the top

    enqueue_on_commit(getattr(tasks, task_name), object_id, eta=deadline)


def matches_start(*, tournament: Tournament, matches: QuerySet) -> int:
    """Start the given ready matches at once: one shared deadline, one task for all of them."""
    stamp = now()
    limit = tournament.time_limit_minutes
    deadline = stamp + timedelta(minutes=limit) if limit else None
    ready = list(matches.filter(status=Match.Status.READY).values_list("pk", flat=True))
    count = Match.objects.filter(pk__in=ready, status=Match.Status.READY).update(
        status=Match.Status.IN_PROGRESS, started_at=stamp, deadline=deadline
    )
    if count and deadline is not None:
        _schedule("tournament_deadlines", tournament.pk, deadline)
    matches_ready_notify(tournament=tournament, match_ids=ready, started=True)
    return count


@transaction.atomic
def match_start(*, match: Match, by_user=None) -> Match:
    """Start a ready match's clock (organizer, a player, or the engine with no user); idempotent."""
    tournament, match = lock_match(match.pk, bump=True)
    if by_user is not None and not _organizer_or_player(tournament, match, by_user):
        raise NotAllowed(
            "Only the match's players or the organizer can start it.", code="not_allowed"
        )
    if match.status == Match.Status.IN_PROGRESS:
        return match
    if match.status != Match.Status.READY:
        raise Conflict(
            f"The match is {match.status}; only a ready match can start.", code="match_not_ready"
        )
    start_locked(tournament, match)
    return match


def start_locked(tournament: Tournament, match: Match) -> None:
    """Start a ready match already locked by the caller: clock, deadline and its task."""
    match.status, match.started_at = Match.Status.IN_PROGRESS, now()
    if tournament.time_limit_minutes:
        match.deadline = match.started_at + timedelta(minutes=tournament.time_limit_minutes)
        _schedule("match_deadline", match.pk, match.deadline)
    match.save(update_fields=["status", "started_at", "deadline"])


def _organizer_or_player(tournament: Tournament, match: Match, user) -> bool:
    if is_organizer(tournament=tournament, user=user):
        return True
    return user_entry(tournament=tournament, user=user, match=match) is not None


@transaction.atomic
def match_time_call(
    *,
    match: Match,
    by_user,
    life: dict | None = None,
    first_damage: int | None = None,
    games: list[dict] | None = None,
) -> Match:
    """The organizer calls time now; with life totals or finished games (or a live engine
    game) it is decided at once."""
    tournament, match = lock_match(match.pk, bump=True)
    require_organizer(tournament=tournament, user=by_user, action="call time")
    _require_running_clock(match)
    _require_entered_life(tournament, match, life)
    _call_time(match, by_user)
    if not life and games is None:
        facts = _live_facts(match.pk)
        if facts is None:
            return match  # played at a table: the players enter the totals (match_time_enter)
        life, first_damage = facts.get("life") or {}, facts.get("first_damage")
    _resolve(tournament, match, life=life, first_damage=first_damage, games=games, actor=by_user)
    return match


@transaction.atomic
def match_time_enter(
    *,
    match: Match,
    by_user,
    life: dict,
    first_damage: int | None,
    games: list[dict] | None = None,
) -> Match:
    """After time is called, a player or the organizer enters the life totals and first damage
    of the game in progress, and for a table match the winners of the games already finished.

    Empty life totals mean no game was in progress: game wins alone decide.
    """
    tournament, match = lock_match(match.pk, bump=True)
    if not _organizer_or_player(tournament, match, by_user):
        raise NotAllowed(
            "Only the match's players or the organizer can enter these.", code="not_allowed"
        )
    if match.status != Match.Status.IN_PROGRESS or match.time_called_at is None:
        raise ServiceError("Time has not been called on this match.", code="time_not_called")
    _require_entered_life(tournament, match, life)
    _resolve(tournament, match, life=life, first_damage=first_damage, games=games, actor=by_user)
    return match


@transaction.atomic
def match_time_extend(*, match: Match, by_user, minutes: int) -> Match:
    """The organizer gives a running match more time (also after time was called)."""
    tournament, match = lock_match(match.pk, bump=True)
    require_organizer(tournament=tournament, user=by_user, action="extend a match's time")
    if not 1 <= minutes <= MAX_EXTENSION:
        raise ServiceError(
            f"Extend by 1 to {MAX_EXTENSION} minutes.",
            code="invalid_minutes",
            errors={"minutes": [f"Give 1 to {MAX_EXTENSION}."]},
        )
    _require_running_clock(match)
    before = snapshot(match)
    stamp = now()
    base = stamp if match.time_called_at or match.deadline is None else max(match.deadline, stamp)
    match.deadline, match.time_called_at = base + timedelta(minutes=minutes), None
    match.save(update_fields=["deadline", "time_called_at"])
    audit(match=match, actor=by_user, action=f"extend:{minutes}", before=before)
    _schedule("match_deadline", match.pk, match.deadline)
    return match


@transaction.atomic
def round_clocks(
    *,
    tournament: Tournament,
    number: int,
    by_user,
    call_time: bool = False,
    minutes: int | None = None,
) -> int:
    """The organizer, for every running match of a round at once: call time, or extend each
    clock by `minutes`. Returns how many matches it changed (each is audited as one call)."""
    require_organizer(tournament=tournament, user=by_user, action="manage a round's clocks")
    running = list(
        Match.objects.filter(
            tournament=tournament, round__number=number, status=Match.Status.IN_PROGRESS
        )
        .order_by("index")
        .values_list("pk", flat=True)
    )
    changed = 0
    for match_id in running:
        match = Match.objects.get(pk=match_id)
        if call_time:
            if match.time_called_at is None:
                match_time_call(match=match, by_user=by_user)
                changed += 1
        else:
            match_time_extend(match=match, by_user=by_user, minutes=minutes or 0)
            changed += 1
    return changed


def _require_running_clock(match: Match) -> None:
    if match.status != Match.Status.IN_PROGRESS:
        raise Conflict(f"The match is {match.status}, not in progress.", code="match_not_running")


def _call_time(match: Match, actor) -> None:
    before = snapshot(match)
    stamp = now()
    match.time_called_at = stamp
    match.deadline = min(match.deadline, stamp) if match.deadline else stamp
    match.save(update_fields=["time_called_at", "deadline"])
    audit(match=match, actor=actor, action="time-called", before=before)


@transaction.atomic
def match_deadline_enforce(*, match_id: int) -> bool:
    """At the deadline, call time on a running match; idempotent, safe to run concurrently.

    With a game running on the engine the live life totals decide at once; for a table
    match the players (or organizer) then enter them. Returns whether time was called now.
    """
    # The sweep visits matches that are often not due: it marks the event changed only when
    # it calls time, so watchers' pages and cached brackets stay valid otherwise.
    tournament, match = lock_match(match_id, bump=False)
    due = match.deadline is not None and match.deadline <= now()
    if match.status != Match.Status.IN_PROGRESS or not due or match.time_called_at is not None:
        return False
    bump_version(tournament.pk)
    _call_time(match, None)
    facts = _live_facts(match.pk)
    if facts is not None:
        _resolve(
            tournament,
            match,
            life=facts.get("life") or {},
            first_damage=facts.get("first_damage"),
            actor=None,
        )
    return True


def _live_facts(match_id: int) -> dict | None:
    """Life and first damage from the match's game in progress on the engine, if any."""
    return hooks.live_time_facts(match_id=match_id)


def overdue_match_ids(*, tournament_id: int | None = None, limit: int = 500) -> list[int]:
    """Ids of running matches past their deadline whose time has not been called yet."""
    rows = Match.objects.filter(
        status=Match.Status.IN_PROGRESS,
        deadline__lte=now(),
        time_called_at__isnull=True,
        tournament__status=Tournament.Status.RUNNING,
    )
    if tournament_id is not None:
        rows = rows.filter(tournament_id=tournament_id)
    return list(rows.order_by("deadline", "id").values_list("id", flat=True)[:limit])


LIFE_LIMIT = 100_000


def normalize_life(
    life: dict | None, entries: list[int], *, tournament: Tournament | None = None
) -> dict[int, int]:
    """Life totals keyed by entry id (JSON gives string keys); 400 on anything else.

    A total is a number, or for a team a list of its players' totals: an alliance's are added
    up (`team_life`), an as-one team gives its one shared total. The engine passes numbers.
    """
    result: dict[int, int] = {}
    for key, value in (life or {}).items():
        entry_id = _life_entry(key, entries)
        members = value if isinstance(value, list) else [value]
        totals = [_life_number(entry_id, total) for total in members]
        if tournament is not None and len(totals) > max(tournament.team_size, 1):
            raise ServiceError(
                f"Entry {entry_id} has {tournament.team_size} player(s); "
                f"{len(totals)} life totals were given.",
                code="invalid_life",
                errors={"life": ["One total per player of the team at most."]},
            )
        mode = tournament.team_mode if tournament is not None and tournament.team_size > 1 else ""
        try:
            result[entry_id] = team_life(totals, mode=mode)
        except InvalidResult as exc:
            raise ServiceError(str(exc), code="invalid_life", errors={"life": [str(exc)]}) from None
    return result


def _require_entered_life(tournament: Tournament, match: Match, life: dict | None) -> None:
    """Totals people enter at time (ruling 18): none at all (no game was in progress), or one
    for every entry still in the match, each 0 to LIFE_LIMIT. A player at 0 or below has
    already lost the game, so a negative total is never a standing at time; only an alliance's
    member may be entered below 0 (that player is out and counts for nothing)."""
    if not life:
        return
    entries = entry_ids(match)
    given = {_life_entry(key, entries) for key in life}
    missing = [entry for entry in active_entry_ids(match) if entry not in given]
    if missing:
        names = {
            e.pk: e.display_name
            for e in Entry.objects.filter(pk__in=missing).select_related("user")
        }
        listed = ", ".join(names.get(entry, f"Entry {entry}") for entry in missing)
        raise ServiceError(
            f"Enter a life total for every player still in the match: {listed} has none.",
            code="invalid_life",
            errors={"life": [f"Missing: {listed}."]},
        )
    alliance = tournament.team_size > 1 and tournament.team_mode == "alliance"
    for key, value in life.items():
        entry_id = int(key)
        members = value if isinstance(value, list) else [value]
        for total in members:
            if _life_number(entry_id, total) < 0 and not alliance:
                raise ServiceError(
                    f"Entry {entry_id}'s life of {total} is below 0; a player at 0 or below "
                    "has already lost that game. Enter 0 or more.",
                    code="invalid_life",
                    errors={"life": [f"Give a total from 0 to {LIFE_LIMIT}."]},
                )


def _life_entry(key, entries: list[int]) -> int:
    try:
        entry_id = int(key)
    except (TypeError, ValueError):
        raise ServiceError(
            f"Life totals are keyed by entry id, not {key!r}.", code="invalid_life"
        ) from None
    if entry_id not in entries:
        raise ServiceError(
            f"Entry {entry_id} does not play in this match.",
            code="not_in_match",
            errors={"life": ["Unknown entry."]},
        )
    return entry_id


def _life_number(entry_id: int, value) -> int:
    if isinstance(value, bool) or not isinstance(value, int | str):
        value = None
    try:
        total = int(value)
    except (TypeError, ValueError):
        raise ServiceError(
            f"Entry {entry_id}'s life must be a whole number (or a list of them for a team), "
            f"not {value!r}.",
            code="invalid_life",
        ) from None
    if abs(total) > LIFE_LIMIT:
        raise ServiceError(
            f"Entry {entry_id}'s life of {total} is not a plausible total.",
            code="invalid_life",
            errors={"life": [f"Give a total between -{LIFE_LIMIT} and {LIFE_LIMIT}."]},
        )
    return total


def _resolve(tournament, match, *, life, first_damage, actor, games=None) -> None:
    """Apply the time rule: game in progress by life then first damage; match by game wins;
    a true tie is a draw in a Swiss round (S14) and the organizer's decision elsewhere.

    `games` (table matches) are the games finished before time; they replace the recorded ones.
    """
    entries, active = entry_ids(match), active_entry_ids(match)
    life = normalize_life(life, entries, tournament=tournament)
    if first_damage is not None and first_damage not in entries:
        raise ServiceError(
            f"Entry {first_damage} does not play in this match.",
            code="not_in_match",
            errors={"first_damage": ["Unknown entry."]},
        )
    before = snapshot(match)
    if games is not None:
        _record_games_before_time(tournament, match, games, entries, active)
    games = [GameResult(g.winner_id, {}, None) for g in current_games(match)]
    if life:
        game_winner = time_game_winner(life, first_damage, active=active)
        MatchGame.objects.create(
            match=match,
            number=len(games) + 1,
            winner_id=game_winner,
            life={str(k): v for k, v in life.items()},
            first_damage_id=first_damage,
            source=MatchGame.Source.TIME,
        )
        games.append(GameResult(game_winner, life, first_damage))
    winner = winner_by_game_wins(games, active=active)
    if (
        winner is None
        and tournament.is_swiss_round(match.round.number)
        and level_at_time(games, active=active)
    ):
        # a true tie after the rulebook's time rule: a Swiss match ends drawn (S14)
        bracket.match_finish(
            tournament=tournament,
            match=match,
            winner_id=None,
            decided_by=Match.DecidedBy.DRAW,
            actor=actor,
            action="time-draw",
        )
        return
    if winner is None:
        match.status = Match.Status.NEEDS_DECISION
        match.save(update_fields=["status"])
        audit(match=match, actor=actor, action="time-undecided", before=before)
        return
    bracket.match_finish(
        tournament=tournament,
        match=match,
        winner_id=winner,
        decided_by=Match.DecidedBy.TIME,
        actor=actor,
        action="time",
    )


def _record_games_before_time(tournament, match, games: list[dict], entries, active) -> None:
    """Record the winners of the games a table match finished before time (the old ones are
    kept, superseded); 400 if they are impossible or already decide the match."""
    if match.games.filter(superseded=False, source=MatchGame.Source.ENGINE).exists():
        raise ServiceError(
            "This match's games were played on the engine and are already recorded.",
            code="engine_games",
        )
    winners = [_game_winner(number, game) for number, game in enumerate(games, start=1)]
    try:
        check_games_before_time(winners, entries=entries, active=active, best_of=tournament.best_of)
    except InvalidResult as exc:
        raise ServiceError(str(exc), code=exc.code, errors={"games": [str(exc)]}) from None
    match.games.filter(superseded=False).update(superseded=True)
    MatchGame.objects.bulk_create(
        [
            MatchGame(match=match, number=n, winner_id=w, source=MatchGame.Source.TIME)
            for n, w in enumerate(winners, start=1)
        ]
    )


def _game_winner(number: int, game) -> int:
    try:
        return int(game["winner"])
    except (KeyError, TypeError, ValueError):
        raise ServiceError(
            f"Game {number} needs the id of its winner.", code="invalid_games"
        ) from None
