"""Every write of the gameplay app. Keyword-only, typed, one transaction each."""

from gameplay.services.create import game_create
from gameplay.services.games import game_act
from gameplay.services.invites import (
    invite_accept,
    invite_cancel,
    invite_create,
    invite_decline,
)
from gameplay.services.matches import match_game_create
from gameplay.services.rematch import game_rematch
from gameplay.services.robots import game_bot_step, game_bots_play, stalled_bots_requeue

__all__ = [
    "game_act",
    "game_bot_step",
    "game_bots_play",
    "game_create",
    "game_rematch",
    "invite_accept",
    "invite_cancel",
    "invite_create",
    "invite_decline",
    "match_game_create",
    "stalled_bots_requeue",
]
