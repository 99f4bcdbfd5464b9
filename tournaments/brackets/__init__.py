"""Pure single-elimination logic: seeding, byes, pairing, advancement, placements, results.

No Django here (an import-linter contract enforces it): plain data in, plain data out,
randomness as an explicit seeded `random.Random`, errors from `brackets.errors`. The services
(`tournaments.services`) read the rows, ask these functions, and write what they answer; there
is no second, in-memory model of an event.
"""

from tournaments.brackets.advancing import (
    CorrectionPlan,
    LaterMatch,
    LaterMatchesPlayed,
    follow_correction,
    lone_winner,
)
from tournaments.brackets.errors import (
    BracketError,
    DuplicateEntry,
    InvalidMatchSize,
    TooFewEntries,
)
from tournaments.brackets.pairing import (
    bracket_first_round,
    feeds_into,
    random_round,
    ready_after_byes,
)
from tournaments.brackets.placements import (
    CHAMPION,
    Placement,
    loser_placements,
    matches_per_round,
)
from tournaments.brackets.results import (
    AS_ONE_LIFE,
    GameResult,
    InvalidResult,
    check_drawn_match,
    check_game_facts,
    check_games_before_time,
    complete_match_winner,
    game_wins,
    level_at_time,
    team_life,
    time_game_winner,
    winner_by_game_wins,
    wins_needed,
)
from tournaments.brackets.seeding import first_round_pods, pod_sizes, rounds_needed, seed_order

__all__ = [
    "AS_ONE_LIFE",
    "CHAMPION",
    "BracketError",
    "CorrectionPlan",
    "DuplicateEntry",
    "GameResult",
    "InvalidMatchSize",
    "InvalidResult",
    "LaterMatch",
    "LaterMatchesPlayed",
    "Placement",
    "TooFewEntries",
    "bracket_first_round",
    "check_drawn_match",
    "check_game_facts",
    "check_games_before_time",
    "complete_match_winner",
    "feeds_into",
    "first_round_pods",
    "follow_correction",
    "game_wins",
    "level_at_time",
    "lone_winner",
    "loser_placements",
    "matches_per_round",
    "pod_sizes",
    "random_round",
    "ready_after_byes",
    "rounds_needed",
    "seed_order",
    "team_life",
    "time_game_winner",
    "winner_by_game_wins",
    "wins_needed",
]
