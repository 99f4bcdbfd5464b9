"""Writes of the ratings app: rate a game's new results in one transaction (and keep each
player's change in the history), re-rate a game and rebuild its history after a correction."""

from django.db import transaction

from ratings import fastpath, rules, selectors
from ratings.models import RatedMatch, Rating, RatingChange
from tournaments.models import Match


@transaction.atomic
def match_rate(*, match_id: int) -> bool:
    """Bring the ratings up to date with this match's result: a match not rated yet is rated
    as a sweep of one (`results_rate`); a changed result replays the whole game, so the
    ratings are always those of the results in the order played (R5). Idempotent; returns
    whether anything changed."""
    match = Match.objects.select_related("tournament").filter(pk=match_id).first()
    if match is None:
        return False
    game = match.tournament.game
    _lock_game(game)
    existing = RatedMatch.objects.filter(match=match).first()
    if existing is None:
        return results_rate(game=game, match_ids=[match_id]) > 0
    outcome = selectors.outcome_of(match)
    players = [list(team) for team in outcome.teams] if outcome else []
    ranks = list(outcome.ranks) if outcome else []
    if (existing.players, existing.ranks) == (players, ranks):
        return False
    existing.players, existing.ranks, existing.played_at = players, ranks, _played_at(match)
    existing.save(update_fields=["players", "ranks", "played_at"])
    game_recompute(game=game)
    return True


# What rating a match reads of it (`selectors.outcomes_of`, `_played_at`).
MATCH_FIELDS = (
    *("status", "is_bye", "decided_by", "winner", "finished_at", "started_at"),
    *("tournament__game", "tournament__rated", "tournament__created_at"),
)


@transaction.atomic
def results_rate(*, game: str, match_ids: list[int]) -> int:
    """Rate these new results of a game (a sweep's) in one transaction: those not rated yet,
    in the order played, on top of the current ratings when they all come after the game's
    last rated match, else by replaying the whole game once (R5). The same ratings and
    history as rating them one by one; a fixed number of queries whatever their number (bulk
    writes). Idempotent (under the game's lock, a match already rated is skipped); returns
    how many of them rated anyone."""
    _lock_game(game)
    matches = sorted(
        Match.objects.filter(
            fastpath.among("pk", match_ids), tournament__game=game, rated__isnull=True
        )
        .select_related("tournament")
        .only(*MATCH_FIELDS),
        key=lambda m: (_played_at(m), m.pk),
    )
    if not matches:
        return 0
    outcomes = selectors.outcomes_of(matches)
    rated = [(m, outcome) for m in matches if (outcome := outcomes[m.pk]) is not None]
    in_order = not rated or _is_latest(game, _played_at(rated[0][0]), rated[0][0].pk)
    fastpath.insert_rated([_rated_row(game, m, outcomes[m.pk]) for m in matches])
    if not rated:
        return 0
    if not in_order:
        game_recompute(game=game)
        return len(rated)
    players = {player for _, outcome in rated for player in outcome.players}
    skills, moves = rules.replay_with_history(
        [outcome for _, outcome in rated], start=_skills(game, list(players))
    )
    history = [
        row
        for (match, _), moved in zip(rated, moves, strict=True)
        for row in _history_rows(game, match.pk, _played_at(match), moved)
    ]
    _store(game, {player: skills[player] for player in players})
    fastpath.insert_history(history)
    return len(rated)


def _rated_row(game: str, match: Match, outcome: rules.Outcome | None) -> RatedMatch:
    return RatedMatch(
        match=match,
        game=game,
        played_at=_played_at(match),
        players=[list(team) for team in outcome.teams] if outcome else [],
        ranks=list(outcome.ranks) if outcome else [],
    )


@transaction.atomic
def game_recompute(*, game: str) -> int:
    """Replay every rated match of a game from the default ratings, and write its rating
    history anew (R5); returns how many players it rates."""
    _lock_game(game)
    rated = selectors.game_outcomes(game=game)
    skills, history = rules.replay_with_history([r.outcome for r in rated])
    Rating.objects.filter(game=game).exclude(user_id__in=list(skills)).delete()
    _store(game, skills)
    RatingChange.objects.filter(game=game).delete()
    fastpath.insert_history(
        [
            row
            for one, moved in zip(rated, history, strict=True)
            for row in _history_rows(game, one.match_id, one.played_at, moved)
        ]
    )
    return len(skills)


@transaction.atomic
def tournament_unrate(*, tournament_id: int) -> int:
    """Forget the rated matches of an event that stopped being rated (R8) and replay its
    game once; returns how many of its matches had rated anyone. Idempotent."""
    game = (
        Match.objects.filter(tournament_id=tournament_id)
        .values_list("tournament__game", flat=True)
        .first()
    )
    if game is None:
        return 0
    _lock_game(game)
    forgotten = (
        RatedMatch.objects.filter(match__tournament_id=tournament_id)
        .exclude(players=[])
        .update(players=[], ranks=[])
    )
    if forgotten:
        game_recompute(game=game)
    return forgotten


@transaction.atomic
def game_reread(*, game: str) -> int:
    """Read every finished match of a game again as the rulings now say (R1: team matches
    rate since they are sides), then replay the game once; returns how many players it rates.
    For a change of rulings: team matches finished before it were stored as rating nobody."""
    _lock_game(game)
    finished = Match.objects.filter(
        tournament__game=game, status=Match.Status.FINISHED
    ).select_related("tournament")
    stored = {
        r.match_id: r
        for r in RatedMatch.objects.filter(game=game).only("match", "players", "ranks")
    }
    for chunk in _chunks(list(finished), 2000):
        outcomes = selectors.outcomes_of(chunk)
        for match in chunk:
            row = stored.get(match.pk)
            fresh = _rated_row(game, match, outcomes[match.pk])
            if row is not None and (row.players, row.ranks) == (fresh.players, fresh.ranks):
                continue
            RatedMatch.objects.update_or_create(
                match=match,
                defaults={
                    "game": game,
                    "played_at": fresh.played_at,
                    "players": fresh.players,
                    "ranks": fresh.ranks,
                },
            )
    return game_recompute(game=game)


def _chunks(items: list, size: int) -> list[list]:
    return [items[start : start + size] for start in range(0, len(items), size)]


def _played_at(match: Match):
    return match.finished_at or match.started_at or match.tournament.created_at


def _is_latest(game: str, played_at, match_id: int) -> bool:
    """The match comes after every match of the game rated so far (one query)."""
    latest = (
        RatedMatch.objects.filter(game=game)
        .exclude(players=[])
        .order_by("-played_at", "-match_id")
        .values_list("played_at", "match_id")
        .first()
    )
    return latest is None or (played_at, match_id) > latest


def _skills(game: str, players: list[int]) -> dict[int, rules.Skill]:
    rows = Rating.objects.filter(fastpath.among("user_id", players), game=game)
    return {
        user: rules.Skill(mu=mu, sigma=sigma, matches=matches)
        for user, mu, sigma, matches in rows.values_list("user_id", "mu", "sigma", "matches")
    }


def _history_rows(game: str, match_id: int, played_at, moved) -> list[RatingChange]:
    return [
        RatingChange(
            user_id=change.player,
            game=game,
            match_id=match_id,
            played_at=played_at,
            mu_before=change.before.mu,
            sigma_before=change.before.sigma,
            mu_after=change.after.mu,
            sigma_after=change.after.sigma,
        )
        for change in moved
    ]


def _store(game: str, skills: dict[int, rules.Skill]) -> None:
    fastpath.upsert_ratings(
        [
            Rating(user_id=user, game=game, mu=s.mu, sigma=s.sigma, matches=s.matches)
            for user, s in skills.items()
        ]
    )


def _lock_game(game: str) -> None:
    fastpath.lock_game(game)
