"""Bot pick heuristics. A bot sees only what a player in its seat sees: the pack in front
of it and its own picks. Ties go to the earlier card in the pack, so bots are deterministic.

- Combat (and Army): court cards and ability cards first, then fast spot cards, with a
  growing preference for the suits already picked (court cards and abilities need a soldier
  of the same suit in play, rulebook 4 and 5).
- Catalogue games: border rarity (gold > silver > black; green tokens last) plus faction
  consistency (Mercenary and faction-less cards fit every faction).
"""

from collections import Counter
from collections.abc import Sequence

import games

from .cards import JOKER, DraftCard, PlayingCard, parse_playing_card

PLAYING_CARD_GAMES = games.playing_card_games()  # the games' declaration

COMBAT_VALUES = {
    "K": 10.0,
    "Q": 9.0,
    "2": 8.5,
    "J": 8.0,
    "3": 8.0,
    JOKER: 7.5,
    "A": 7.0,
    "10": 5.0,
    "9": 4.5,
    "8": 4.0,
    "7": 3.5,
    "6": 3.0,
    "5": 2.5,
    "4": 2.0,
}
BORDER_VALUES = {"gold": 6.0, "silver": 4.0, "black": 2.0, "green": 0.0}
NEUTRAL_FACTIONS = frozenset({"", "mercenary", "neutral"})


def _combat_suit_bonus(card: PlayingCard, suit_counts: Counter[str]) -> float:
    """Up to +3 for a card of one of the two suits picked most; Jokers fit any suit."""
    if card.suit is None:
        return 1.5
    if not suit_counts:
        return 0.0
    main_suits = [suit for suit, _ in suit_counts.most_common(2)]
    if card.suit not in main_suits:
        return 0.0
    return min(3.0, 0.5 * suit_counts[card.suit])


def _suit_counts(picks: Sequence[DraftCard]) -> Counter[str]:
    counts: Counter[str] = Counter()
    for pick in picks:
        picked = parse_playing_card(pick.code)
        if picked is not None and picked.suit is not None:
            counts[picked.suit] += 1
    return counts


def _combat_value(card: DraftCard, suit_counts: Counter[str]) -> float:
    parsed = parse_playing_card(card.code)
    if parsed is None:
        return 0.0
    return COMBAT_VALUES[parsed.rank] + _combat_suit_bonus(parsed, suit_counts)


def combat_score(card: DraftCard, picks: Sequence[DraftCard]) -> float:
    """How much a Combat bot wants ``card`` given its picks so far."""
    return _combat_value(card, _suit_counts(picks))


def _factions(card: DraftCard) -> set[str]:
    """The card's factions that commit a deck (Mercenary and none commit nothing)."""
    return {f.lower() for f in card.factions} - NEUTRAL_FACTIONS


def _faction_counts(picks: Sequence[DraftCard]) -> Counter[str]:
    counts: Counter[str] = Counter()
    for pick in picks:
        counts.update(_factions(pick))
    return counts


def _catalogue_value(card: DraftCard, counts: Counter[str]) -> float:
    score = BORDER_VALUES.get(card.border, 1.0)
    if card.border == "green":
        return score
    factions = _factions(card)
    if not factions:
        return score + 1.5
    main = {faction for faction, _ in counts.most_common(2)}
    if not counts or factions & main:
        return score + min(4.0, 0.5 * max(counts[f] for f in factions) + 1.0)
    return score - min(3.0, 0.25 * sum(counts.values()))


def catalogue_score(card: DraftCard, picks: Sequence[DraftCard]) -> float:
    """How much a catalogue-game bot wants ``card``: border rarity plus faction fit."""
    return _catalogue_value(card, _faction_counts(picks))


def bot_pick(game_slug: str, pack: Sequence[DraftCard], picks: Sequence[DraftCard]) -> DraftCard:
    """The card a bot takes from ``pack``; deterministic for the same pack and picks."""
    if not pack:
        raise ValueError("A bot cannot pick from an empty pack.")
    if game_slug in PLAYING_CARD_GAMES:
        suits = _suit_counts(picks)
        scores = [_combat_value(card, suits) for card in pack]
    else:
        factions = _faction_counts(picks)
        scores = [_catalogue_value(card, factions) for card in pack]
    best = max(range(len(pack)), key=lambda i: (scores[i], -i))
    return pack[best]


def bot_values(
    game_slug: str, cards: Sequence[DraftCard], picks: Sequence[DraftCard]
) -> list[float]:
    """How much a bot with these picks wants each of `cards` (Winston bots weigh piles)."""
    if game_slug in PLAYING_CARD_GAMES:
        suits = _suit_counts(picks)
        return [_combat_value(card, suits) for card in cards]
    factions = _faction_counts(picks)
    return [_catalogue_value(card, factions) for card in cards]
