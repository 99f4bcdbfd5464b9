"""What follows a saved move: the one place a finished game leads on to its match."""

from __future__ import annotations

from accounts.notifications import notify
from gameplay.engine import core, registry
from gameplay.models import GameRecord, GameSeat
from gameplay.services.common import schedule_bot
from gameplay.services.matches import match_game_finished


def game_moved(*, game: GameRecord, result: core.Result | None, schedule: bool = True) -> None:
    """After `save_state`: a finished game of a match goes to `match_game_finished` (record the
    result, open the match's next game); a game waiting on a bot asks a worker to move."""
    if result is not None and game.match_id is not None:
        match_game_finished(game=game, result=result)
    elif game.bot_to_move and schedule:
        schedule_bot(game.pk)
    if result is None:
        _notify_to_move(game)


def _notify_to_move(game: GameRecord) -> None:
    """Tell the people who must act now that it is their move (one unread notice per game at a
    time; bots' seats have no user, so they are never told)."""
    ruleset = registry.get(game.ruleset)
    seats = ruleset.decision(game.state).seats
    users = GameSeat.objects.filter(game=game, number__in=seats, user__isnull=False)
    notify(
        user_ids=users.values_list("user_id", flat=True),
        text=f"It is your move in {ruleset.name} (game {game.pk}).",
        url=f"/games/{game.pk}/",
    )
