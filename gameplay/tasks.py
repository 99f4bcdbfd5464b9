"""Celery tasks of the gameplay app: bot moves and the sweep that recovers lost ones."""

from celery import shared_task

from gameplay import services


@shared_task(name="gameplay.tasks.bot_move", ignore_result=True)
def bot_move(game_id: int) -> int:
    """Play the bot moves of a game until a human must act (idempotent: no bot turn, no-op)."""
    return services.game_bots_play(game_id=game_id)


@shared_task(name="gameplay.tasks.stalled_bots_sweep", ignore_result=True)
def stalled_bots_sweep() -> int:
    """Re-enqueue bot turns that have waited more than 30 s (a lost or failed task)."""
    return services.stalled_bots_requeue()
