"""Every write of the tournaments app. Keyword-only, typed, one transaction each."""

from tournaments.services.announce import Announcement, tournament_update
from tournaments.services.clock import (
    match_deadline_enforce,
    match_start,
    match_time_call,
    match_time_enter,
    match_time_extend,
    overdue_match_ids,
    round_clocks,
)
from tournaments.services.entries import (
    entries_drop_unchecked,
    entries_paste,
    entries_seed_order,
    entry_add,
    entry_check_in,
    entry_drop,
    entry_remove,
    entry_update,
)
from tournaments.services.entries_bulk import entries_bulk
from tournaments.services.events import (
    deck_formats_for,
    round_start,
    tournament_cancel,
    tournament_create,
    tournament_start,
)
from tournaments.services.results import (
    match_decide,
    match_forfeit,
    match_game_record_from_engine,
    match_result_confirm,
    match_result_dispute,
    match_result_report,
)

__all__ = [
    "Announcement",
    "deck_formats_for",
    "entries_bulk",
    "entries_drop_unchecked",
    "entries_paste",
    "entries_seed_order",
    "entry_add",
    "entry_check_in",
    "entry_drop",
    "entry_remove",
    "entry_update",
    "match_deadline_enforce",
    "match_decide",
    "match_forfeit",
    "match_game_record_from_engine",
    "match_result_confirm",
    "match_result_dispute",
    "match_result_report",
    "match_start",
    "match_time_call",
    "match_time_enter",
    "match_time_extend",
    "overdue_match_ids",
    "round_clocks",
    "round_start",
    "tournament_cancel",
    "tournament_create",
    "tournament_start",
    "tournament_update",
]
