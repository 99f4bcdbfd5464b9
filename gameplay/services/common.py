"""Shared steps of the gameplay services: saving a state, finishing, scheduling bots."""

from __future__ import annotations

import secrets

from django.utils import timezone

from config import live
from config.enqueue import enqueue_on_commit
from config.errors import NotFound, ServiceError
from gameplay.engine import core, registry
from gameplay.models import GameRecord, GameSeat


def new_seed() -> int:
    """A fresh random seed that fits a signed 64-bit column."""
    return secrets.randbits(62)


def lock_game(game_id: int) -> GameRecord:
    """The game row, locked for this transaction (two players or a bot may act at once)."""
    game = GameRecord.objects.select_for_update().filter(pk=game_id).first()
    if game is None:
        raise NotFound("There is no such game.", code="game_not_found")
    return game


def bot_seats(game: GameRecord) -> dict[int, str]:
    """Seat number -> bot name for the game's bot seats."""
    return {s.number: s.bot for s in GameSeat.objects.filter(game=game).exclude(bot="")}


def save_state(
    game: GameRecord, state: dict, bots: dict[int, str], *, actions_played: int = 1
) -> core.Result | None:
    """Store the state after an action (log, version, whose move, the result when it ends) and
    return the result, or None while the game goes on. Only persists: what follows a move is
    `gameplay.services.flow.game_moved`."""
    ruleset = registry.get(game.ruleset)
    log = state["log"]
    game.actions = log["actions"]
    game.checkpoints = log["checkpoints"]
    game.state = {k: v for k, v in state.items() if k != "log"}
    game.version += actions_played
    decision = ruleset.decision(state)
    game.bot_to_move = any(seat in bots for seat in decision.seats)
    result = ruleset.result(state)
    if result is not None:
        game.status = GameRecord.Status.FINISHED
        game.result = result.to_dict()
        game.finished_at = timezone.now()
        game.bot_to_move = False
    game.save()
    return result


def announce(game: GameRecord) -> None:
    """Open pages of the game hear of its new version once this transaction commits."""
    live.publish(f"game-{game.pk}", game.version)


def schedule_bot(game_id: int) -> None:
    """Ask a worker to play the bot seats' moves once this transaction commits."""
    from gameplay import tasks  # same app; tasks import the services, so not at the top

    enqueue_on_commit(tasks.bot_move, game_id)


def start_state(ruleset: str, *, seats: int, options: dict, seed: int) -> dict:
    """A new engine game; engine errors become 400s naming the problem."""
    try:
        return core.new_game(ruleset, seats=seats, options=options, seed=seed)
    except core.EngineError as exc:
        raise ServiceError(str(exc), code="invalid_game", errors={"options": [str(exc)]}) from None
