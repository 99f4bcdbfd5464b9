"""Reads of the ratings app: a finished match's outcome as the ratings read it, a player's
ratings and their history, and entries ordered by rating (for "seed by rating")."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from datetime import datetime

from django.contrib.auth import get_user_model

from config.errors import NotFound
from ratings import fastpath, rules
from ratings.models import RatedMatch, Rating, RatingChange
from tournaments.models import Entry, EntryMember, Match, MatchAudit, MatchEntry

# R2: a match decided by these rates its players; a bye or a forfeit rates nobody.
RATED_DECISIONS = ("played", "time", "organizer", "draw")


def outcome_of(match: Match) -> rules.Outcome | None:
    """The sides and places of a finished match that rates (R1-R4, R8), else None (three
    queries). A side is its entry's registered members: one player, or a team's (R1)."""
    return outcomes_of([match])[match.pk]


def outcomes_of(matches: list[Match]) -> dict[int, rules.Outcome | None]:
    """`outcome_of` of each match (by id; its tournament loaded with it), in three queries
    whatever their number: their slots, their entries' members, their result audits."""
    candidates = [m for m in matches if _may_rate(m)]
    ids = [m.pk for m in candidates]
    slots: dict[int, list[tuple[int, int | None, bool]]] = defaultdict(list)
    for match_id, entry, user, forfeited in (
        MatchEntry.objects.filter(fastpath.among("match_id", ids))
        .order_by("match_id", "slot")
        .values_list("match_id", "entry_id", "entry__user_id", "forfeited")
    ):
        slots[match_id].append((entry, user, forfeited))
    members: dict[int, list[int]] = defaultdict(list)
    entries = {entry for rows in slots.values() for entry, _, _ in rows}
    for entry, user in EntryMember.objects.filter(
        fastpath.among("entry_id", list(entries))
    ).values_list("entry_id", "user_id"):
        members[entry].append(user)
    deciders = _deciders(ids)
    found: dict[int, rules.Outcome | None] = {m.pk: None for m in matches}
    for match in candidates:
        found[match.pk] = _outcome(match, slots[match.pk], members, deciders.get(match.pk))
    return found


def _may_rate(match: Match) -> bool:
    """R2, R8: a finished match that is no bye, decided by play or the organizer, in an event
    still rated (an event decided by someone who plays in it rates nobody)."""
    return (
        match.status == Match.Status.FINISHED
        and not match.is_bye
        and match.decided_by in RATED_DECISIONS
        and match.tournament.rated
    )


def _outcome(
    match: Match,
    slots: list[tuple[int, int | None, bool]],
    members: dict[int, list[int]],
    decider: tuple[int | None, str] | None,
) -> rules.Outcome | None:
    if len(slots) < 2 or any(forfeited for _, _, forfeited in slots):
        return None  # R3: a forfeit in the match rates nobody
    teams = []
    for entry, user, _ in slots:
        team = tuple(sorted(members.get(entry) or ([user] if user else [])))
        if not team:
            return None  # R1: a guest has no identity to rate
        teams.append(team)
    players = [player for team in teams for player in team]
    if len(set(players)) != len(players) or not _agreed_or_neutral(decider, players):
        return None
    # a Swiss draw: everyone shares 1st place (R4)
    ranks = tuple(
        1 if entry == match.winner_id or match.winner_id is None else 2 for entry, _, _ in slots
    )
    return rules.Outcome(teams=tuple(teams), ranks=ranks)


def _deciders(match_ids: list[int]) -> dict[int, tuple[int | None, str]]:
    """Each match's latest result action (its actor and action), from the audit trail."""
    latest: dict[int, tuple[int | None, str]] = {}
    rows = (
        MatchAudit.objects.filter(
            fastpath.among("match_id", match_ids), action__in=MatchAudit.RESULT_ACTIONS
        )
        .order_by("match_id", "created_at", "id")
        .values_list("match_id", "actor_id", "action")
    )
    for match_id, actor, action in rows:
        latest[match_id] = (actor, action)  # the last row of each match is its latest
    return latest


def _agreed_or_neutral(decider: tuple[int | None, str] | None, players: list[int]) -> bool:
    """R8: the result that counts was agreed by every side (a confirmed report), played on
    the engine, or entered by someone who plays in neither side (the organizer); not one
    side's word alone (a player's life totals at time, an organizer's own match)."""
    if decider is None:
        return False  # no record of who decided it: nothing to vouch for it
    actor, action = decider
    return actor is None or action in MatchAudit.AGREED_ACTIONS or actor not in players


@dataclass(frozen=True)
class Rated:
    """A rated match of a game, in the order played."""

    match_id: int
    played_at: datetime
    outcome: rules.Outcome


def game_outcomes(*, game: str) -> list[Rated]:
    """Every rated match of a game, in the order the matches finished (one query)."""
    rows = RatedMatch.objects.filter(game=game).exclude(players=[]).order_by("played_at", "match")
    return [
        Rated(
            match_id=match_id,
            played_at=played_at,
            outcome=rules.Outcome(teams=tuple(tuple(t) for t in players), ranks=tuple(ranks)),
        )
        for match_id, played_at, players, ranks in rows.values_list(
            "match_id", "played_at", "players", "ranks"
        )
    ]


def player_ratings(*, username: str) -> tuple:
    """The user and their ratings, best game first; NotFound for no such player."""
    user = _player(username)
    ratings = sorted(Rating.objects.filter(user=user), key=lambda r: -r.ordinal)
    return user, ratings


HISTORY_LIMIT = 500


def _player(username: str):
    # PostgreSQL text holds no NUL byte: such a name is nobody's (not a database error)
    user = None
    if "\x00" not in username:
        user = get_user_model().objects.filter(username__iexact=username).first()
    if user is None:
        raise NotFound(f"No player is called {username!r}.", code="player_not_found")
    return user


def rating_history(*, user, game: str | None = None, limit: int = HISTORY_LIMIT) -> list:
    """The player's rating changes, newest first (at most `limit`), each with its match's
    event; one game's only when `game` is given (one query)."""
    changes = RatingChange.objects.filter(user=user).select_related("match__tournament")
    if game is not None:
        changes = changes.filter(game=game)
    return list(changes.order_by("-played_at", "-match_id")[:limit])


def entries_by_rating(*, game: str, entry_ids: list[int]) -> list[int]:
    """The entries best-rated first in `game` (conservative rating, R6): only entries whose
    every member's rating is established (sigma at most `rules.ESTABLISHED_SIGMA`, R9), a
    team by the mean of its members'; then the others (a guest, a new or little-played
    player) in the order given. Ties keep the order given (three queries)."""
    members: dict[int, list[int]] = defaultdict(list)
    for entry, user in EntryMember.objects.filter(entry_id__in=entry_ids).values_list(
        "entry_id", "user_id"
    ):
        members[entry].append(user)
    for entry, user in Entry.objects.filter(pk__in=entry_ids, user__isnull=False).values_list(
        "pk", "user_id"
    ):
        if not members[entry]:
            members[entry].append(user)
    ordinals = {
        user: rules.Skill(mu=mu, sigma=sigma).ordinal
        for user, mu, sigma in Rating.objects.filter(
            game=game, user_id__in=[u for users in members.values() for u in users]
        ).values_list("user_id", "mu", "sigma")
        if rules.is_established(rules.Skill(mu=mu, sigma=sigma))
    }

    def rating(entry: int) -> float | None:
        users = members.get(entry) or []
        if not users or any(user not in ordinals for user in users):
            return None
        return sum(ordinals[user] for user in users) / len(users)

    position = {pk: n for n, pk in enumerate(entry_ids)}
    rated = {pk: rating(pk) for pk in entry_ids}
    established = [pk for pk in entry_ids if rated[pk] is not None]
    rest = [pk for pk in entry_ids if rated[pk] is None]
    return sorted(established, key=lambda pk: (-(rated[pk] or 0.0), position[pk])) + rest
