"""Services for the event itself: create, register entries, drop, start, cancel, start a round."""

import secrets
from random import Random
from typing import Any

from django.contrib.auth import get_user_model
from django.db import IntegrityError, connection, transaction

import games
from config.errors import Conflict, NotAllowed, NotFound, ServiceError
from tournaments import hooks, selectors
from tournaments.models import Entry, EntryMember, Match, MatchEntry, Tournament
from tournaments.services import bracket, swiss
from tournaments.services.clock import matches_start
from tournaments.services.common import (
    audit,
    is_organizer,
    lock_tournament,
    now,
    require_organizer,
    snapshot,
    supersede_pending_reports,
)

MAX_TIME_LIMIT = 24 * 60
MAX_SWISS_ROUNDS = 20
TOP_CUTS = (0, 2, 4, 8, 16)


def deck_formats_for(game: str) -> list[str]:
    """The deck formats an event of `game` may use (the game's declaration); [] if unknown."""
    try:
        return list(games.get(game).format_slugs())
    except games.UnknownGame:
        return []


def _check_settings(
    *,
    game: str,
    deck_format: str,
    entries_per_match: int,
    team_size: int,
    team_mode: str,
    best_of: int,
    time_limit_minutes: int,
    jokers: bool,
    pairing: str,
    seeding: str,
    structure: str,
    swiss_rounds: int | None,
    top_cut: int,
) -> dict[str, list[str]]:
    errors: dict[str, list[str]] = {}
    if game not in games.slugs():
        names = ", ".join(f"{g.name} ({g.slug})" for g in games.all_games())
        errors["game"] = [f"Choose one of {names}."]
    else:
        # What the game allows (formats, players per match, teams, Jokers): its declaration.
        errors.update(
            games.get(game).settings_problems(
                deck_format=deck_format,
                entries_per_match=entries_per_match,
                team_size=team_size,
                jokers=jokers,
            )
        )
    if team_mode not in Tournament.TeamMode.values:
        errors["team_mode"] = ["Choose alliance or as-one."]
    if best_of not in (1, 3, 5):
        errors["best_of"] = ["Matches are best of 1, 3 or 5."]
    if not 0 <= time_limit_minutes <= MAX_TIME_LIMIT:
        errors["time_limit_minutes"] = [f"Give 0 (no limit) to {MAX_TIME_LIMIT} minutes."]
    if pairing not in Tournament.Pairing.values:
        errors["pairing"] = ["Choose bracket or random."]
    if seeding not in Tournament.Seeding.values:
        errors["seeding"] = ["Choose random, manual or by rating."]
    errors.update(_structure_problems(structure, swiss_rounds, top_cut, pairing))
    return errors


def _structure_problems(structure: str, swiss_rounds, top_cut: int, pairing: str) -> dict:
    """Swiss rounds and a top cut belong to a Swiss event; the cut is the fixed bracket."""
    if structure not in Tournament.Structure.values:
        return {"structure": ["Choose single elimination or Swiss rounds."]}
    errors: dict[str, list[str]] = {}
    if structure == Tournament.Structure.ELIMINATION:
        if swiss_rounds is not None:
            errors["swiss_rounds"] = ["Only a Swiss event has Swiss rounds."]
        if top_cut:
            errors["top_cut"] = ["Only a Swiss event has a top cut."]
        return errors
    if swiss_rounds is not None and not 1 <= swiss_rounds <= MAX_SWISS_ROUNDS:
        errors["swiss_rounds"] = [
            f"Give 1 to {MAX_SWISS_ROUNDS} rounds, or leave it empty for the usual number."
        ]
    if top_cut not in TOP_CUTS:
        errors["top_cut"] = ["A top cut is of 2, 4, 8 or 16 entries (or 0 for none)."]
    if pairing != Tournament.Pairing.BRACKET:
        errors["pairing"] = ["A Swiss event pairs by record; its top cut is a seeded bracket."]
    return errors


@transaction.atomic
def tournament_create(
    *,
    organizer,
    name: str,
    game: str = games.default().slug,
    deck_format: str | None = None,
    entries_per_match: int = 2,
    team_size: int = 1,
    team_mode: str = "alliance",
    best_of: int | None = None,
    time_limit_minutes: int = 50,
    jokers: bool = False,
    pairing: str = "bracket",
    seeding: str = "random",
    structure: str = "elimination",
    swiss_rounds: int | None = None,
    top_cut: int = 0,
) -> Tournament:
    """Create an event in registration; every setting is checked and all problems reported.
    A Swiss event with no `swiss_rounds` plays ceil(log2 entries) rounds (fixed at the start)."""
    if best_of is None:
        best_of = 3 if entries_per_match == 2 else 1
    if not deck_format and game in games.slugs():
        deck_format = games.get(game).default_format.slug
    settings: dict[str, Any] = {
        "game": game,
        "deck_format": deck_format,
        "entries_per_match": entries_per_match,
        "team_size": team_size,
        "team_mode": team_mode,
        "best_of": best_of,
        "time_limit_minutes": time_limit_minutes,
        "jokers": jokers,
        "pairing": pairing,
        "seeding": seeding,
        "structure": structure,
        "swiss_rounds": swiss_rounds,
        "top_cut": top_cut or 0,
    }
    errors = _check_settings(**settings)
    if not name.strip():
        errors["name"] = ["Give the tournament a name."]
    if errors:
        raise ServiceError("The tournament settings are not valid.", code="invalid", errors=errors)
    return Tournament.objects.create(
        name=name.strip(), organizer=organizer, rng_seed=secrets.randbits(62), **settings
    )


@transaction.atomic
def entry_add(
    *,
    tournament: Tournament,
    by_user,
    user_id: int | None = None,
    name: str = "",
    member_ids: list[int] | None = None,
    seed: int | None = None,
) -> Entry:
    """Register a player, a guest or a team; a player with no details registers themselves."""
    tournament = lock_tournament(tournament.pk, bump=True)
    if tournament.status != Tournament.Status.REGISTRATION:
        raise Conflict("Registration is closed.", code="registration_closed")
    _refuse_after_the_limited_deal(tournament)
    organizer = is_organizer(tournament=tournament, user=by_user)
    name = name.strip()
    if user_id is None and not name and not member_ids:
        user_id = by_user.pk
    users = _entry_users(tournament, user_id, name, member_ids or [])
    if not organizer and (by_user.pk not in users or seed is not None):
        raise NotAllowed(
            "Players can only register themselves (or a team they play in); "
            "the organizer registers others and sets seeds.",
            code="not_organizer",
        )
    _require_free_name(tournament, name, users)
    if seed is not None and (seed < 1 or tournament.entries.filter(seed=seed).exists()):
        raise ServiceError(
            f"Seed {seed} is taken or not positive.",
            code="seed_taken",
            errors={"seed": ["Choose a free seed of 1 or more."]},
        )
    return _entry_create(tournament, user_id, name, users, seed)


def _require_free_name(
    tournament: Tournament, name: str, users: list[int], *, exclude: int | None = None
) -> None:
    """Ruling 19: an entry's name (a guest's or team's name, or a player's username) is not
    another entry's name in the event, whatever its case."""
    wanted = {name.casefold()} if name else set()
    if not name and len(users) == 1:
        wanted = {get_user_model().objects.get(pk=users[0]).username.casefold()}
    if not wanted:
        return
    others = tournament.entries.select_related("user")
    if exclude is not None:
        others = others.exclude(pk=exclude)
    taken = {entry.display_name.casefold() for entry in others}
    if wanted & taken:
        shown = name or next(iter(wanted))
        raise Conflict(
            f"An entry called {shown!r} is already in this event; give this one another "
            "name (add an initial, say).",
            code="name_taken",
            errors={"name": ["Taken in this event."]},
        )


def _require_player_or_organizer(tournament: Tournament, entry: Entry, by_user, what: str) -> None:
    """Only the entry's own players or the organizer (or staff) may `what` (a 403 otherwise)."""
    user_id = getattr(by_user, "pk", None)
    member = user_id is not None and entry.memberships.filter(user_id=user_id).exists()
    if not member and not is_organizer(tournament=tournament, user=by_user):
        raise NotAllowed(
            f"Only the entry's players or the organizer can {what}.", code="not_allowed"
        )


@transaction.atomic
def entry_remove(*, entry: Entry, by_user) -> None:
    """Remove an entry before the start (the organizer, or its own player leaving)."""
    tournament = lock_tournament(entry.tournament_id, bump=True)
    _require_player_or_organizer(tournament, entry, by_user, "remove it")
    if tournament.status != Tournament.Status.REGISTRATION:
        raise Conflict(
            "The tournament has started: drop the entry instead (it forfeits its match).",
            code="registration_closed",
        )
    _refuse_after_the_limited_deal(tournament)
    entry.delete()


@transaction.atomic
def entry_update(
    *, entry: Entry, by_user, name: str | None = None, seed: int | None = None
) -> Entry:
    """The organizer renames a guest or team entry, or moves it to another seed before the
    start; the entry holding that seed takes the moved one's old seed (a swap)."""
    tournament = lock_tournament(entry.tournament_id, bump=True)
    require_organizer(tournament=tournament, user=by_user, action="edit entries")
    entry = Entry.objects.select_for_update().get(pk=entry.pk)
    if name is not None:
        name = name.strip()
        if entry.user_id is not None and name:
            raise ServiceError(
                "This entry is a player's account; its name is their username.",
                code="user_or_name",
            )
        if entry.user_id is None and not name:
            raise ServiceError("A guest or team entry needs a name.", code="invalid")
        _require_free_name(tournament, name, [], exclude=entry.pk)
        entry.name = name
        entry.save(update_fields=["name"])
    if seed is not None and seed != entry.seed:
        if tournament.status != Tournament.Status.REGISTRATION:
            raise Conflict("Seeds are fixed once the tournament has started.", code="started")
        if seed < 1:
            raise ServiceError("A seed is 1 or more.", code="invalid", errors={"seed": ["≥ 1"]})
        holder = tournament.entries.select_for_update().filter(seed=seed).first()
        old = entry.seed
        # the unique seed constraint is checked at once: free the seed before the swap
        Entry.objects.filter(pk=entry.pk).update(seed=None)
        if holder is not None:
            Entry.objects.filter(pk=holder.pk).update(seed=old)
        Entry.objects.filter(pk=entry.pk).update(seed=seed)
        entry.refresh_from_db()
    return entry


@transaction.atomic
def entries_paste(*, tournament: Tournament, by_user, text: str) -> list[Entry]:
    """The organizer adds many entries at once: one name a line, optionally ", seed"; a name
    written "@username" is that player's account, any other a guest. All lines or none; an
    error names its line."""
    tournament = lock_tournament(tournament.pk, bump=True)
    require_organizer(tournament=tournament, user=by_user, action="add entries")
    lines = [(n, line.strip()) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
    if not lines:
        raise ServiceError("Paste one name a line.", code="invalid", errors={"text": ["Empty."]})
    if len(lines) > 1024:
        raise ServiceError("At most 1,024 entries at once.", code="too_large")
    added = []
    for number, line in lines:
        name, _comma, seed_text = line.partition(",")
        seed_text = seed_text.strip()
        if seed_text and not seed_text.isdigit():
            raise ServiceError(
                f"Line {number}: {seed_text!r} is not a seed; write 'Name' or 'Name, 3'.",
                code="invalid",
            )
        name = name.strip()
        try:
            # "@ann" registers the player's account, anything else is a guest's name
            user_id = _paste_user(name[1:]) if name.startswith("@") else None
            added.append(
                entry_add(
                    tournament=tournament,
                    by_user=by_user,
                    user_id=user_id,
                    name="" if user_id else name[:120],
                    seed=int(seed_text) if seed_text else None,
                )
            )
        except ServiceError as error:
            raise type(error)(f"Line {number}: {error.message}", code=error.code) from None
    return added


def _paste_user(username: str) -> int:
    user = get_user_model().objects.filter(username__iexact=username.strip()).first()
    if user is None:
        raise NotFound(
            f"No player has the username {username.strip()!r} (without the @ it is a guest).",
            code="user_not_found",
        )
    return user.pk


def _refuse_after_the_limited_deal(tournament: Tournament) -> None:
    reason = selectors.entries_closed_reason(tournament=tournament)
    if reason:
        raise Conflict(reason.message, code=reason.code)


def _entry_users(tournament: Tournament, user_id, name: str, member_ids: list[int]) -> list[int]:
    """Check the shape of an entry for the team size; return the ids of its users."""
    if tournament.team_size == 1:
        if member_ids:
            raise ServiceError("This event is for single players, not teams.", code="not_teams")
        if user_id is not None and name:
            raise ServiceError("Give a user or a guest name, not both.", code="user_or_name")
        users = [user_id] if user_id is not None else []
    else:
        if not name or len(set(member_ids)) != tournament.team_size or user_id is not None:
            raise ServiceError(
                f"A team needs a name and {tournament.team_size} different members.",
                code="team_shape",
                errors={"members": [f"Give {tournament.team_size} different user ids."]},
            )
        users = list(dict.fromkeys(member_ids))
    found = set(get_user_model().objects.filter(pk__in=users).values_list("pk", flat=True))
    if len(found) != len(users):
        raise NotFound(f"No user with id {sorted(set(users) - found)}.", code="user_not_found")
    taken = EntryMember.objects.filter(tournament=tournament, user_id__in=users)
    if taken.exists():
        raise Conflict("A player can be in only one entry of a tournament.", code="already_entered")
    return users


def _entry_create(tournament, user_id, name, users, seed) -> Entry:
    try:
        with transaction.atomic():
            entry = Entry.objects.create(
                tournament=tournament, user_id=user_id, name=name, seed=seed
            )
            EntryMember.objects.bulk_create(
                [EntryMember(entry=entry, user_id=u, tournament=tournament) for u in users]
            )
    except IntegrityError:  # a concurrent registration of the same player or seed
        raise Conflict("That player or seed was just registered.", code="already_entered") from None
    return entry


@transaction.atomic
def entry_drop(*, entry: Entry, by_user) -> Entry:
    """Drop an entry (its player or the organizer); while running it forfeits its current match."""
    tournament = lock_tournament(entry.tournament_id, bump=True)
    entry = Entry.objects.select_for_update().get(pk=entry.pk)
    _require_player_or_organizer(tournament, entry, by_user, "drop it")
    if entry.dropped:
        return entry
    if tournament.status in (Tournament.Status.FINISHED, Tournament.Status.CANCELLED):
        raise Conflict("The tournament is over.", code="tournament_over")
    entry.dropped, entry.dropped_at = True, now()
    entry.save(update_fields=["dropped", "dropped_at"])
    current = (
        Match.objects.select_for_update()
        .filter(slots__entry=entry)
        .exclude(status=Match.Status.FINISHED)
        .select_related("round")
        .first()
    )
    if current is not None:
        match_forfeit_entry(tournament=tournament, match=current, entry_id=entry.pk, actor=by_user)
    return entry


def match_forfeit_entry(*, tournament: Tournament, match: Match, entry_id: int, actor) -> None:
    """Mark an entry as forfeiting a match; the last entry left in a started match wins it."""
    before = snapshot(match)
    MatchEntry.objects.filter(match=match, entry_id=entry_id).update(forfeited=True)
    if match.status == Match.Status.AWAITING_CONFIRMATION:
        # The report was made with the forfeiting entry still in, and that entry can no longer
        # confirm it: whoever is left reports again.
        supersede_pending_reports(match)
        match.status = Match.Status.IN_PROGRESS if match.started_at else Match.Status.READY
        match.save(update_fields=["status"])
    audit(match=match, actor=actor, action=f"forfeit:{entry_id}", before=before)
    if match.status == Match.Status.PENDING:
        return
    active = list(match.slots.filter(forfeited=False).values_list("entry_id", flat=True))
    if len(active) == 1:
        bracket.match_finish(
            tournament=tournament,
            match=match,
            winner_id=active[0],
            decided_by=Match.DecidedBy.FORFEIT,
            actor=actor,
            action="forfeit-win",
        )


@transaction.atomic
def tournament_start(*, tournament: Tournament, by_user) -> Tournament:
    """Seed the entries, lock decks, build the bracket (round 1 at least) and start round 1."""
    tournament = lock_tournament(tournament.pk, bump=True)
    require_organizer(tournament=tournament, user=by_user, action="start the tournament")
    if tournament.status != Tournament.Status.REGISTRATION:
        raise Conflict(
            f"The tournament is {tournament.status}, not in registration.",
            code="not_in_registration",
        )
    entries = list(tournament.entries.filter(dropped=False).order_by("seed", "id"))
    if len(entries) < 2:
        raise ServiceError("A tournament needs at least 2 entries.", code="too_few_entries")
    fmt = games.get(tournament.game).format(tournament.deck_format)
    # An event created before the declaration may hold another game's format: off the top
    # there still means no decks (the engine's starter decks outside Combat).
    if fmt.uses_deck if fmt is not None else tournament.deck_format != "off-the-top":
        hooks.decks_lock(tournament=tournament)
    ordered = _seed(tournament, entries)
    ids = [e.pk for e in ordered]
    if tournament.is_swiss:
        swiss.swiss_start(tournament=tournament, entry_ids_by_seed=ids)
    elif tournament.pairing == Tournament.Pairing.BRACKET:
        bracket.bracket_build(tournament=tournament, entry_ids_by_seed=ids)
    else:
        bracket.random_round_open(tournament=tournament, number=1, entry_ids=ids)
    tournament.status, tournament.started_at = Tournament.Status.RUNNING, now()
    tournament.save(update_fields=["status", "started_at"])
    tournament.rounds.filter(number=1).update(started_at=tournament.started_at)
    matches_start(
        tournament=tournament,
        matches=Match.objects.filter(
            tournament=tournament, round__number=1, status=Match.Status.READY
        ),
    )
    return tournament


def _seed(tournament: Tournament, entries: list[Entry]) -> list[Entry]:
    """Order the entries by seed and number them 1..N: the seeds the organizer gave first, in
    their order, then the others in registration order (`manual`), shuffled (`random`) or
    best-rated first (`rating`)."""
    entries.sort(key=lambda e: (e.seed is None, e.seed or 0, e.pk))
    given = sum(1 for e in entries if e.seed is not None)
    rest = entries[given:]
    if tournament.seeding == Tournament.Seeding.RANDOM:
        Random(tournament.rng_seed).shuffle(rest)
    elif tournament.seeding == Tournament.Seeding.RATING:
        # the players' ratings in this game (the ratings app, through the hook), best first
        order = hooks.rating_order(game=tournament.game, entry_ids=[e.pk for e in rest])
        by_id = {e.pk: e for e in rest}
        rest = [by_id[pk] for pk in order]
    entries[given:] = rest
    changed = []
    for number, entry in enumerate(entries, start=1):
        if entry.seed != number:
            entry.seed = number
            changed.append(entry)
    tournament.entries.filter(dropped=True).update(seed=None)
    if changed:
        # Clear first: renumbering in place could collide on the unique (tournament, seed).
        Entry.objects.filter(pk__in=[e.pk for e in changed]).update(seed=None)
        _store_seeds(changed)
    return entries


def _store_seeds(entries: list[Entry]) -> None:
    """Write many seeds at once (Django's bulk_update builds a huge CASE, slow past 1,000)."""
    if connection.vendor != "postgresql":
        Entry.objects.bulk_update(entries, ["seed"], batch_size=500)
        return
    table = Entry._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {table} AS e SET seed = v.seed "
            "FROM unnest(%s::bigint[], %s::integer[]) AS v(id, seed) WHERE e.id = v.id",
            [[e.pk for e in entries], [e.seed for e in entries]],
        )


@transaction.atomic
def tournament_cancel(*, tournament: Tournament, by_user) -> Tournament:
    """Cancel an event that has not finished."""
    tournament = lock_tournament(tournament.pk, bump=True)
    require_organizer(tournament=tournament, user=by_user, action="cancel the tournament")
    if tournament.status == Tournament.Status.FINISHED:
        raise Conflict("A finished tournament cannot be cancelled.", code="tournament_over")
    tournament.status = Tournament.Status.CANCELLED
    tournament.save(update_fields=["status"])
    return tournament


@transaction.atomic
def round_start(*, tournament: Tournament, number: int, by_user) -> int:
    """Start every ready match of a round (their clocks start); returns how many started."""
    tournament = lock_tournament(tournament.pk, bump=True)
    require_organizer(tournament=tournament, user=by_user, action="start a round")
    if tournament.status != Tournament.Status.RUNNING:
        raise Conflict("The tournament is not running.", code="not_running")
    round_row = tournament.rounds.filter(number=number).first()
    if round_row is None:
        raise NotFound(f"Round {number} has not been paired yet.", code="round_not_found")
    if round_row.started_at is None:
        round_row.started_at = now()
        round_row.save(update_fields=["started_at"])
    ready = Match.objects.filter(round=round_row, status=Match.Status.READY)
    return matches_start(tournament=tournament, matches=ready)


@transaction.atomic
def entry_check_in(*, entry: Entry, by_user, checked_in: bool = True) -> Entry:
    """Check an entry in before the start (its player, or the organizer for anyone), or undo
    it; checking in twice changes nothing."""
    tournament = lock_tournament(entry.tournament_id, bump=True)
    entry = Entry.objects.select_for_update().get(pk=entry.pk)
    _require_player_or_organizer(tournament, entry, by_user, "check it in")
    if tournament.status != Tournament.Status.REGISTRATION:
        raise Conflict("Check-in closes when the tournament starts.", code="registration_closed")
    if entry.dropped:
        raise Conflict(
            f"{entry.display_name} was dropped; the organizer can add them again.",
            code="dropped",
        )
    if checked_in != (entry.checked_in_at is not None):
        entry.checked_in_at = now() if checked_in else None
        entry.save(update_fields=["checked_in_at"])
    return entry


@transaction.atomic
def entries_drop_unchecked(*, tournament: Tournament, by_user) -> int:
    """Before the start, drop every entry that has not checked in (their seeds are freed);
    returns how many. Refused while nobody has checked in: that would empty the event."""
    tournament = lock_tournament(tournament.pk, bump=True)
    require_organizer(tournament=tournament, user=by_user, action="drop entries")
    if tournament.status != Tournament.Status.REGISTRATION:
        raise Conflict(
            "The tournament has started: drop entries one by one (each forfeits its match).",
            code="registration_closed",
        )
    entries = tournament.entries.select_for_update().filter(dropped=False)
    if not entries.filter(checked_in_at__isnull=False).exists():
        raise Conflict(
            "Nobody has checked in yet: check the players in first (or start without check-in).",
            code="nobody_checked_in",
        )
    return entries.filter(checked_in_at__isnull=True).update(
        dropped=True, dropped_at=now(), seed=None
    )


@transaction.atomic
def entries_seed_order(*, tournament: Tournament, by_user, entry_ids: list[int]) -> list[Entry]:
    """The organizer orders entries before the start: the listed entries get seeds 1..n in
    that order, every other entry loses its seed (it is seeded after them at the start)."""
    tournament = lock_tournament(tournament.pk, bump=True)
    require_organizer(tournament=tournament, user=by_user, action="seed entries")
    if tournament.status != Tournament.Status.REGISTRATION:
        raise Conflict("Seeds are fixed once the tournament has started.", code="started")
    if len(set(entry_ids)) != len(entry_ids):
        raise ServiceError("An entry is listed twice in the order.", code="invalid")
    entries = {e.pk: e for e in tournament.entries.select_for_update().filter(dropped=False)}
    unknown = [pk for pk in entry_ids if pk not in entries]
    if unknown:
        raise NotFound(
            f"No entry {unknown[0]} in this event (reload the page: the list changed).",
            code="entry_not_found",
        )
    # clear first: renumbering in place could collide on the unique (tournament, seed)
    tournament.entries.update(seed=None)
    ordered = [entries[pk] for pk in entry_ids]
    for number, entry in enumerate(ordered, start=1):
        entry.seed = number
    _store_seeds(ordered)
    return ordered
