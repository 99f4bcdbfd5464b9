"""Pure single-elimination logic: seeding, byes, pairing, advancement, placements.

No Django here (an import-linter contract enforces it): plain data in, plain data out,
randomness as an explicit seeded `random.Random`, errors from `brackets.errors`.
"""

from tournaments.brackets.errors import (
    BracketError,
    DuplicateEntry,
    InvalidMatchSize,
    MatchAlreadyDecided,
    MatchNotReady,
    NotInMatch,
    TooFewEntries,
    UnknownMatch,
)
from tournaments.brackets.event import Event, Round
from tournaments.brackets.pairing import (
    bracket_first_round,
    feeds_into,
    random_round,
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
    check_game_facts,
    check_games_before_time,
    complete_match_winner,
    game_wins,
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
    "DuplicateEntry",
    "Event",
    "GameResult",
    "InvalidMatchSize",
    "InvalidResult",
    "MatchAlreadyDecided",
    "MatchNotReady",
    "NotInMatch",
    "Placement",
    "Round",
    "TooFewEntries",
    "UnknownMatch",
    "bracket_first_round",
    "check_game_facts",
    "check_games_before_time",
    "complete_match_winner",
    "feeds_into",
    "first_round_pods",
    "game_wins",
    "loser_placements",
    "matches_per_round",
    "pod_sizes",
    "random_round",
    "rounds_needed",
    "seed_order",
    "team_life",
    "time_game_winner",
    "winner_by_game_wins",
    "wins_needed",
]
