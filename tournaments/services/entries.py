"""Services for an event's entries: register (one, or many pasted), rename or reseed, remove,
drop, check in, drop who has not checked in, seed in an order."""

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction

from config.errors import Conflict, NotAllowed, NotFound, ServiceError
from tournaments.fastpath.seeds import store_seeds
from tournaments.models import Entry, EntryMember, Match, Tournament
from tournaments.reads.events import entries_closed_reason
from tournaments.services.common import is_organizer, lock_tournament, now, require_organizer
from tournaments.services.events import match_forfeit_entry
from tournaments.services.waitlist import is_full, registration_window_check, waitlist_promote


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
    """Register a player, a guest or a team; a player with no details registers themselves.
    Players register while registration is open (the organizer at any time before the start);
    past the entry cap the entry waits in line, unseeded."""
    tournament = lock_tournament(tournament.pk, bump=True)
    if tournament.status != Tournament.Status.REGISTRATION:
        raise Conflict("Registration is closed.", code="registration_closed")
    _refuse_after_the_limited_deal(tournament)
    organizer = is_organizer(tournament=tournament, user=by_user)
    if not organizer:
        registration_window_check(tournament)
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
    waitlisted = is_full(tournament)
    if waitlisted and seed is not None:
        raise Conflict(
            f"The event is full ({tournament.entry_cap} entries): this entry would wait in line, "
            "and a waiting entry has no seed. Leave the seed empty, or raise the cap.",
            code="event_full",
            errors={"seed": ["Leave it empty: the entry goes on the waitlist."]},
        )
    return _entry_create(tournament, user_id, name, users, seed, waitlisted=waitlisted)


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
    waitlist_promote(tournament=tournament)


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
        if entry.waitlisted:
            raise Conflict(
                f"{entry.display_name} is on the waitlist: an entry gets a seed once it is in.",
                code="waitlisted",
            )
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
    reason = entries_closed_reason(tournament=tournament)
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


def _entry_create(tournament, user_id, name, users, seed, *, waitlisted: bool) -> Entry:
    try:
        with transaction.atomic():
            entry = Entry.objects.create(
                tournament=tournament, user_id=user_id, name=name, seed=seed, waitlisted=waitlisted
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
    if tournament.status == Tournament.Status.REGISTRATION:
        waitlist_promote(tournament=tournament)
        return entry
    unfinished = (
        Match.objects.select_for_update()
        .filter(slots__entry=entry)
        .exclude(status=Match.Status.FINISHED)
        .select_related("round")
        .order_by("round__number", "index")
    )
    # a round robin's matches are all drawn at the start: the entry forfeits every one left
    # (RULINGS.md R4); elsewhere it is in one unfinished match at most
    for current in unfinished if tournament.is_round_robin else unfinished[:1]:
        match_forfeit_entry(tournament=tournament, match=current, entry_id=entry.pk, actor=by_user)
    return entry


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
    if entry.waitlisted:
        raise Conflict(
            f"{entry.display_name} is on the waitlist: check-in opens for them when a place "
            "frees up.",
            code="waitlisted",
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
    entries = tournament.entries.select_for_update().filter(dropped=False, waitlisted=False)
    if not entries.filter(checked_in_at__isnull=False).exists():
        raise Conflict(
            "Nobody has checked in yet: check the players in first (or start without check-in).",
            code="nobody_checked_in",
        )
    dropped = entries.filter(checked_in_at__isnull=True).update(
        dropped=True, dropped_at=now(), seed=None
    )
    waitlist_promote(tournament=tournament)
    return dropped


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
    entries = {
        e.pk: e
        for e in tournament.entries.select_for_update().filter(dropped=False, waitlisted=False)
    }
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
    store_seeds(ordered)
    return ordered
