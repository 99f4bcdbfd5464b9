"""The games of a reported result: parsed from a request, checked for the match's winner (or a
draw), and written with the superseded ones kept for the audit trail."""

from config.errors import ServiceError
from tournaments.brackets import (
    GameResult,
    InvalidResult,
    check_drawn_match,
    complete_match_winner,
)
from tournaments.models import Match, MatchGame, Tournament
from tournaments.services.clock import normalize_life
from tournaments.services.common import bracket_error, game_facts


def parse_games(
    games: list[dict], entries: list[int], tournament: Tournament | None = None
) -> list[GameResult]:
    """Reported games as GameResults with integer ids; 400 for anything malformed."""
    if not isinstance(games, list):
        raise ServiceError("`games` must be a list.", code="invalid_games")
    parsed = []
    for number, game in enumerate(games, start=1):
        if not isinstance(game, dict):
            raise ServiceError(f"Game {number} must be an object.", code="invalid_games")
        winner, first = game.get("winner"), game.get("first_damage")
        try:
            winner = int(winner) if winner is not None else None
            first = int(first) if first is not None else None
        except (TypeError, ValueError):
            raise ServiceError(
                f"Game {number}: entries are given by id.", code="invalid_games"
            ) from None
        life = normalize_life(game.get("life"), entries, tournament=tournament)
        parsed.append(GameResult(winner, life, first))
    return parsed


def outcome(
    tournament: Tournament,
    match: Match,
    games: list[GameResult],
    entries: list[int],
    active: list[int],
    *,
    draw: bool,
) -> int | None:
    """The match's winner by these games, or None for a draw the rules allow; 400 otherwise."""
    if draw:
        _check_draw(tournament, match, games, entries, active)
        return None
    try:
        return complete_match_winner(
            games, entries=entries, active=active, best_of=tournament.best_of
        )
    except InvalidResult as exc:
        raise bracket_error(exc) from None


def _check_draw(
    tournament: Tournament, match: Match, games: list[GameResult], entries, active
) -> None:
    """400 unless the match may end drawn with these games: a Swiss round only (S12, S13),
    and a level score nobody has won the match with."""
    if not tournament.is_swiss_round(match.round.number):
        raise ServiceError(
            "Only a Swiss round's match can be a draw; report the winner.",
            code="no_draws_here",
            errors={"draw": ["Only in a Swiss round."]},
        )
    try:
        check_drawn_match(games, entries=entries, active=active, best_of=tournament.best_of)
    except InvalidResult as exc:
        raise bracket_error(exc) from None


def write_games(match: Match, games: list[GameResult], source: str) -> list[dict]:
    """Replace the games that count (old ones are kept, marked superseded); returns the new
    ones as the audit trail stores them."""
    if getattr(match, "has_games", True):
        match.games.filter(superseded=False).update(superseded=True)
    rows = MatchGame.objects.bulk_create(
        [
            MatchGame(
                match=match,
                number=n,
                winner_id=g.winner,
                first_damage_id=g.first_damage,
                life={str(k): v for k, v in g.life.items()},
                source=source,
            )
            for n, g in enumerate(games, start=1)
        ]
    )
    match.has_games = bool(rows)
    return [game_facts(g.number, g.winner_id, g.life, g.first_damage_id) for g in rows]


def games_json(games: list[GameResult]) -> list[dict]:
    return [
        {
            "winner": g.winner,
            "life": {str(k): v for k, v in g.life.items()},
            "first_damage": g.first_damage,
        }
        for g in games
    ]
