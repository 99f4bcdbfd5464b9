"""Reads of the ratings app: a finished match's outcome as the ratings read it, a player's
ratings, and entries ordered by rating (for "seed by rating")."""

from __future__ import annotations

from django.contrib.auth import get_user_model

from config.errors import NotFound
from ratings import rules
from ratings.models import RatedMatch, Rating
from tournaments.models import Entry, Match

# R2: a match decided by these rates its players; a bye or a forfeit rates nobody.
RATED_DECISIONS = ("played", "time", "organizer", "draw")


def outcome_of(match: Match) -> rules.Outcome | None:
    """The players and places of a finished match that rates (R1-R4), else None (one query)."""
    if match.status != Match.Status.FINISHED or match.is_bye:
        return None
    if match.decided_by not in RATED_DECISIONS:
        return None
    slots = list(
        match.slots.order_by("slot").values_list("entry__user_id", "forfeited", "entry_id")
    )
    if len(slots) < 2 or any(user is None or forfeited for user, forfeited, _ in slots):
        return None  # R1: registered players only; R3: a forfeit in the match rates nobody
    players = tuple(user for user, _, _ in slots)
    if len(set(players)) != len(players):
        return None
    # a Swiss draw: everyone shares 1st place (R4)
    ranks = tuple(
        1 if entry == match.winner_id or match.winner_id is None else 2 for _, _, entry in slots
    )
    return rules.Outcome(players=players, ranks=ranks)


def game_outcomes(*, game: str) -> list[rules.Outcome]:
    """Every rated outcome of a game, in the order the matches finished (one query)."""
    rows = RatedMatch.objects.filter(game=game).exclude(players=[]).order_by("played_at", "match")
    return [
        rules.Outcome(players=tuple(players), ranks=tuple(ranks))
        for players, ranks in rows.values_list("players", "ranks")
    ]


def player_ratings(*, username: str) -> tuple:
    """The user and their ratings, best game first; NotFound for no such player."""
    # PostgreSQL text holds no NUL byte: such a name is nobody's (not a database error)
    user = None
    if "\x00" not in username:
        user = get_user_model().objects.filter(username__iexact=username).first()
    if user is None:
        raise NotFound(f"No player is called {username!r}.", code="player_not_found")
    ratings = sorted(Rating.objects.filter(user=user), key=lambda r: -r.ordinal)
    return user, ratings


def entries_by_rating(*, game: str, entry_ids: list[int]) -> list[int]:
    """The entries best-rated first in `game` (conservative rating, R6); an unrated player or
    a guest counts the default rating; ties keep the order given (two queries)."""
    users = dict(Entry.objects.filter(pk__in=entry_ids).values_list("pk", "user_id"))
    ordinals = {
        user: mu - 3 * sigma
        for user, mu, sigma in Rating.objects.filter(
            game=game, user_id__in=[u for u in users.values() if u]
        ).values_list("user_id", "mu", "sigma")
    }
    default = rules.Skill().ordinal
    position = {pk: n for n, pk in enumerate(entry_ids)}
    return sorted(entry_ids, key=lambda pk: (-ordinals.get(users.get(pk), default), position[pk]))
