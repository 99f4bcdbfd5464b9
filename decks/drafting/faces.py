"""How a card is drawn on the pages: playing cards as card faces, other cards as framed tiles."""

from decks.drafting.rules import parse_playing_card

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def card_face(card: dict) -> dict:
    """Display facts for a card dict from the API: a playing-card face or a catalogue tile."""
    parsed = parse_playing_card(card.get("code", "")) if card.get("code") else None
    if parsed is None:
        return {"kind": "tile", "border": card.get("border", ""), "label": card["name"]}
    if parsed.suit is None:
        return {
            "kind": "playing",
            "rank": "★",
            "suit": "Joker",
            "color": "red",
            "label": card["name"],
        }
    return {
        "kind": "playing",
        "rank": parsed.rank,
        "suit": SUIT_SYMBOLS[parsed.suit],
        "color": "red" if parsed.suit in "HD" else "black",
        "label": card["name"],
    }
