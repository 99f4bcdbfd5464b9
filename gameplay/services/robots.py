"""Bot moves: one action per transaction, played by workers (never in a web request)."""

from __future__ import annotations

import random
from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from gameplay.engine import bots as engine_bots
from gameplay.engine import core, registry
from gameplay.models import GameRecord
from gameplay.selectors import game_state, stalled_bot_game_ids
from gameplay.services.common import bot_seats, save_state, schedule_bot
from gameplay.services.flow import game_moved
from gameplay.services.matches import match_game_close_if_decided

BOT_BUDGET_S = 0.5  # thinking time per bot decision
STEPS_PER_TASK = 400  # bot actions one task plays before handing over to a fresh task
STALLED_AFTER_S = 15
BATCH = 25  # bot actions saved per transaction


@transaction.atomic
def game_bot_step(*, game_id: int, max_actions: int = 1) -> int:
    """Play up to max_actions bot actions in one transaction (stopping when a human must act or
    the game ends); returns how many were played.

    Safe to run twice: it re-reads the locked row and does nothing unless a bot is to move.
    """
    if match_game_close_if_decided(game_id=game_id):  # nothing left to play for
        return 0
    game = GameRecord.objects.select_for_update().filter(pk=game_id).first()
    if game is None or game.status != GameRecord.Status.IN_PROGRESS:
        return 0
    bots = bot_seats(game)
    ruleset = registry.get(game.ruleset)
    state = game_state(game)
    played = 0
    while played < max_actions:
        seats = [s for s in ruleset.decision(state).seats if s in bots]
        if not seats:
            break
        _bot_action(game, ruleset, state, seats[0], bots[seats[0]])
        played += 1
    if played:
        # one version per action; the caller keeps playing bot moves itself
        result = save_state(game, state, bots, actions_played=played)
        game_moved(game=game, result=result, schedule=False)
    elif game.bot_to_move:
        game.bot_to_move = False
        game.save(update_fields=["bot_to_move", "updated_at"])
    return played


def _bot_action(game: GameRecord, ruleset, state: dict, seat: int, name: str) -> None:
    # Seeded by the game and the move number, so a replayed bot game makes the same choices.
    rng = random.Random(f"{game.seed}:{len(state['log']['actions'])}")
    legal = ruleset.legal_actions(state, seat)
    action = engine_bots.bot_for(name).choose(
        ruleset, ruleset.view(state, seat), seat, legal, rng, BOT_BUDGET_S
    )
    core.play(state, seat, action)


def game_bots_play(*, game_id: int, max_steps: int = STEPS_PER_TASK) -> int:
    """Play bot actions until a human must act or the game ends; returns the actions played.

    Actions are saved in batches of BATCH; a long bot game hands over to a fresh task.
    """
    played = 0
    while played < max_steps:
        step = game_bot_step(game_id=game_id, max_actions=min(BATCH, max_steps - played))
        played += step
        if step < BATCH:
            return played
    with transaction.atomic():
        schedule_bot(game_id)  # more to play: a fresh task carries on
    return played


def stalled_bots_requeue(*, older_than_s: int = STALLED_AFTER_S) -> int:
    """Re-enqueue bot turns of live games untouched for a while (a lost task); returns count."""
    from gameplay import tasks  # same app; tasks import the services, so not at the top

    ids = stalled_bot_game_ids(older_than=timezone.now() - timedelta(seconds=older_than_s))
    for game_id in ids:
        tasks.bot_move.delay(game_id)
    return len(ids)
