"""Every write of the drafting app (see each module)."""

from .human_pick import draft_pick_make
from .picks import draft_bots_run, draft_deadline_expire
from .pods import (
    draft_create,
    draft_join,
    draft_pause,
    draft_resume,
    draft_seat_replace_with_bot,
    draft_start,
)
from .registration import pool_deck_register
from .sealed import sealed_pools_create
from .sweep import draft_deadlines_sweep
from .tournament_pods import pod_sizes, tournament_pods_create

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
    "pod_sizes",
    "pool_deck_register",
    "sealed_pools_create",
    "tournament_pods_create",
]
