"""Playing moves (humans); creating games is `create.py` (re-exported here)."""

from __future__ import annotations

from django.db import transaction

from config.errors import Conflict, NotAllowed, ServiceError
from gameplay.engine import core, registry
from gameplay.models import GameRecord
from gameplay.selectors import game_detail, game_state
from gameplay.services.common import bot_seats, lock_game, save_state
from gameplay.services.create import game_create, parse_seats
from gameplay.services.flow import game_moved
from gameplay.services.matches import match_game_close_if_decided

__all__ = ["game_act", "game_create", "parse_seats"]


def game_act(*, game_id: int, user, action, expected_version: int) -> GameRecord:
    """Apply the user's action if it is their turn and they saw the latest version."""
    # its own transaction: the game stays closed although this move is then refused
    match_game_close_if_decided(game_id=game_id)
    return _act(game_id=game_id, user=user, action=action, expected_version=expected_version)


def _only_secret_choices_since(game: GameRecord, state: dict, mine: list[int], seen: int) -> bool:
    """Two players choosing at once (Army, Conventional Combat) both answer the same version;
    the second is not stale when all that happened since is the other side's secret choice.
    (An in-progress game's version counts its actions.)"""
    if game.version != len(game.actions):
        return False
    return any(core.same_secret_choice(state, seat, seen) for seat in mine)


@transaction.atomic
def _act(*, game_id: int, user, action, expected_version: int) -> GameRecord:
    game = lock_game(game_id)
    mine = list(game.seats.filter(user_id=user.pk).values_list("number", flat=True))
    if not mine:
        raise NotAllowed("You do not play in this game.", code="not_your_seat")
    if game.status == GameRecord.Status.FINISHED:
        raise Conflict(
            "The game is over.", code="game_over", data={"game": game_detail(game, user)}
        )
    state = game_state(game)
    if expected_version != game.version and not _only_secret_choices_since(
        game, state, mine, expected_version
    ):
        raise Conflict(
            "The game has moved on since you looked; here is the current position.",
            code="stale_version",
            data={"game": game_detail(game, user)},
        )
    ruleset = registry.get(game.ruleset)
    acting = [s for s in mine if s in ruleset.decision(game.state).seats]
    if not acting:
        # the game's own reason (e.g. "You have already chosen this round; wait ...")
        reason = core.why_illegal(state, mine[0], action)
        raise NotAllowed(reason, code="not_your_turn")
    try:
        core.play(state, acting[0], action)
    except core.IllegalAction as exc:
        raise ServiceError(
            exc.reason, code="illegal_action", errors={"action": [exc.reason]}
        ) from None
    result = save_state(game, state, bot_seats(game))
    game_moved(game=game, result=result)
    return game
