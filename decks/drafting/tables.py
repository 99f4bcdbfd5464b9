"""The draft room's tables of the turn-based drafts (Winston, grid, Rochester): what their
selectors read, with card faces and the labels the templates show."""

from decks.drafting import selectors, winston_selectors
from decks.drafting.models import Draft
from decks.faces import card_face


def winston_table(user, pk: int, detail: dict) -> dict | None:
    """The Winston table with card faces (None before the draft starts)."""
    if detail["status"] == Draft.Status.OPEN:
        return None
    draft = selectors.draft_get(pk)
    seat = selectors.seat_of_user(draft, user)
    table = winston_selectors.winston_view(draft=draft, seat=seat)
    for card in [*(table["current_pile"] or []), *table["pool"]]:
        card["face"] = card_face(card, detail["game"])
    table["piles"] = [
        {"number": i + 1, "size": size, "looked_at": i == table["pile"]}
        for i, size in enumerate(table["pile_sizes"])
    ]
    return table


def grid_table(user, pk: int, detail: dict) -> dict | None:
    """The grid with card faces, as rows of three (None before the draft starts)."""
    if detail["status"] == Draft.Status.OPEN:
        return None
    draft = selectors.draft_get(pk)
    seat = selectors.seat_of_user(draft, user)
    table = winston_selectors.grid_view(draft=draft, seat=seat)
    for card in [*(c for c in table["grid"] if c), *table["pool"]]:
        card["face"] = card_face(card, detail["game"])
    table["rows"] = [table["grid"][row * 3 : row * 3 + 3] for row in range(3)]
    table["line_buttons"] = [
        {"line": line, "label": line.replace("-", " ").capitalize()} for line in table["lines"]
    ]
    return table


def rochester_table(user, pk: int, detail: dict) -> dict | None:
    """The open pack and the latest picks with card faces (None before the start)."""
    if detail["status"] == Draft.Status.OPEN:
        return None
    draft = selectors.draft_get(pk)
    seat = selectors.seat_of_user(draft, user)
    table = winston_selectors.rochester_view(draft=draft, seat=seat)
    names = {
        s["index"]: ("bot" if s["is_bot"] else str(s["player"]))
        + ("" if s["team"] is None else f", team {s['team'] + 1}")
        for s in detail["seats"]
    }
    for card in [*table["pack"], *table["pool"]]:
        card["face"] = card_face(card, detail["game"])
    for pick in table["recent_picks"]:
        pick["face"] = card_face(pick["card"], detail["game"])
        pick["who"] = f"Seat {pick['seat'] + 1} ({names.get(pick['seat'], '')})"
    return table


def turn_tables(user, pk: int, detail: dict) -> dict:
    """The room's `winston`, `grid` and `rochester` entries: the draft's own table, the
    others None (and all None for a booster draft)."""
    makers = {"winston": winston_table, "grid": grid_table, "rochester": rochester_table}
    made = dict.fromkeys(makers)
    if detail["format"] in makers:
        made[detail["format"]] = makers[detail["format"]](user, pk, detail)
    return made
