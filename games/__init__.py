"""PURE: one declaration per game, read by every app (standard library only).

The lowest layer of the project: what each game allows (players, teams, deck formats, limited
formats, the facts that decide a game at time and their names) and how the engine plays it
(`Game.play`, the engine's GameType: seats, secret choices, the search bot's budget, the bots;
the rulesets take it as their `game_type`, so nothing about a game is declared twice).
Tournaments, decks and gameplay read it here instead of testing slugs; the engine stays the
authority on rules, and `tests/games` pins that the two agree.
"""

from games.declarations import (
    ARMY,
    COMBAT,
    CONVENTIONAL_COMBAT,
    GAMES,
    KINGDOM_COMBAT,
    RUNE_DUEL,
    Cards,
    FormatInfo,
    Game,
    TimeFacts,
    UnknownGame,
    all_games,
    builtin_sets,
    cards_of,
    choices,
    deck_pages_default,
    default,
    format_choices,
    get,
    name_of,
    playing_card_games,
    slugs,
)
from games.play import GameType, SearchBudget, TimeLimit

__all__ = [
    "ARMY",
    "COMBAT",
    "CONVENTIONAL_COMBAT",
    "GAMES",
    "KINGDOM_COMBAT",
    "RUNE_DUEL",
    "Cards",
    "FormatInfo",
    "Game",
    "GameType",
    "SearchBudget",
    "TimeFacts",
    "TimeLimit",
    "UnknownGame",
    "all_games",
    "builtin_sets",
    "cards_of",
    "choices",
    "deck_pages_default",
    "default",
    "format_choices",
    "get",
    "name_of",
    "playing_card_games",
    "slugs",
]
