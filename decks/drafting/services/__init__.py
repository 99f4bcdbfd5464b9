"""Every write of the drafting app (see each module)."""

from .bot_picks import draft_bots_run
from .grid import grid_move_make
from .human_pick import draft_pick_make
from .picks import draft_deadline_expire
from .pods import (
    draft_create,
    draft_join,
    draft_pause,
    draft_resume,
    draft_seat_replace_with_bot,
    draft_start,
)
from .registration import pool_deck_register
from .rochester import rochester_pick_make
from .sealed import sealed_pools_create
from .sweep import draft_deadlines_sweep
from .tournament_pods import pod_sizes, tournament_pods_create
from .winston import winston_move_make

__all__ = [
    "draft_bots_run",
    "draft_create",
    "draft_deadline_expire",
    "draft_deadlines_sweep",
    "draft_join",
    "draft_pause",
    "draft_pick_make",
    "draft_resume",
    "draft_seat_replace_with_bot",
    "draft_start",
    "grid_move_make",
    "pod_sizes",
    "pool_deck_register",
    "rochester_pick_make",
    "sealed_pools_create",
    "tournament_pods_create",
    "winston_move_make",
]
