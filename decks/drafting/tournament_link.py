"""Everything the drafting app needs from the tournaments app, in one place."""

from config.errors import Conflict, NotAllowed, NotFound
from tournaments.fastpath.versions import bump_version
from tournaments.models import Entry, Tournament


def tournament_get(tournament_id: int, *, lock: bool = False) -> Tournament:
    """The tournament, or a 404. With `lock` (a write: pods or pools for its entries) the row
    is locked and the tournament marked changed, as its page shows what the write makes."""
    queryset = Tournament.objects.all()
    if lock:
        bump_version(tournament_id)
        queryset = queryset.select_for_update()
    tournament = queryset.filter(pk=tournament_id).first()
    if tournament is None:
        raise NotFound(f"There is no tournament {tournament_id}.", code="tournament_not_found")
    return tournament


def is_organizer(tournament: Tournament, user) -> bool:
    """The tournament's organizer (or staff)."""
    return bool(user.is_authenticated and (tournament.organizer_id == user.pk or user.is_staff))


def require_tournament_organizer(tournament: Tournament, user) -> None:
    """Only the organizer may deal pools or pods."""
    if not is_organizer(tournament, user):
        raise NotAllowed("Only the tournament's organizer can do this.", code="not_organizer")


def game_slug(tournament: Tournament) -> str:
    """The tournament's game slug."""
    return getattr(tournament.game, "slug", tournament.game)


def require_format(tournament: Tournament, deck_format: str) -> None:
    """A 409 unless the tournament uses this deck format and is still taking entries."""
    if tournament.deck_format != deck_format:
        raise Conflict(
            f"This tournament's format is {tournament.deck_format}, not {deck_format}.",
            code="wrong_format",
        )
    if tournament.status != "registration":
        raise Conflict(
            "Pools and pods are made before the tournament starts.", code="tournament_started"
        )


def active_entries(tournament: Tournament) -> list[Entry]:
    """The entries in the event (not dropped, not waiting in line), in seed order then id."""
    rows = Entry.objects.filter(tournament=tournament, dropped=False, waitlisted=False)
    entries = list(rows.prefetch_related("members"))
    return sorted(entries, key=lambda e: (e.seed is None, e.seed or 0, e.pk))


def entry_player(entry: Entry):
    """The user who drafts or opens the pool for an entry: its user, else its first member."""
    if entry.user_id:
        return entry.user
    members = sorted(entry.members.all(), key=lambda u: u.pk)
    return members[0] if members else None


def require_seed_allowed(tournament: Tournament, user, seed: str | None) -> None:
    """Ruling 20: an organizer who plays in their own event may not choose the deal's seed
    (they could re-derive every pack or pool); the server draws it. Staff may."""
    if not seed or user.is_staff:
        return
    plays = Entry.objects.filter(tournament=tournament).filter(user=user).exists() or (
        Entry.objects.filter(tournament=tournament, members=user).exists()
    )
    if plays:
        raise NotAllowed(
            "You play in this event, so the server chooses the seed; leave the seed empty.",
            code="seed_not_allowed",
        )
