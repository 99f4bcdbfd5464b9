"""What follows a saved move: the one place a finished game leads on to its match."""

from __future__ import annotations

from gameplay.engine import core
from gameplay.models import GameRecord
from gameplay.services.common import announce, schedule_bot
from gameplay.services.matches import match_game_finished
from gameplay.services.notices import notify_to_move


def game_moved(*, game: GameRecord, result: core.Result | None, schedule: bool = True) -> None:
    """After `save_state`: a finished game of a match goes to `match_game_finished` (record the
    result, open the match's next game); a game waiting on a bot asks a worker to move; the
    people to move are told, and the game's open pages hear of its new version."""
    announce(game)
    if result is not None and game.match_id is not None:
        match_game_finished(game=game, result=result)
    elif game.bot_to_move and schedule:
        schedule_bot(game.pk)
    if result is None:  # the people to move now hear of it
        notify_to_move(game)
