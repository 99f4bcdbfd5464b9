"""What the tables of the turn-based drafts show (their selectors; never imports a service).

Winston: everyone at the table sees the pile sizes, the stack count and whose turn it is;
only the acting player sees the cards of the pile they look at. Grid: both players see the
grid. Rochester: everyone sees the open pack and every pick made. Each player sees their own
pool."""

from config.errors import NotFound
from decks.drafting import catalogue
from decks.drafting.models import Draft, GridTable, RochesterTable, Seat, TurnMove, WinstonTable
from decks.drafting.rules import pick_sort_key
from decks.drafting.rules.grid import open_lines
from decks.drafting.rules.winston import PILES, can_decline
from decks.models import Card


def _cards(card_ids: list[int], *, sort: bool = False) -> list[dict]:
    """Card data in the order given, or sorted by suit/type (a card may appear twice)."""
    found = {
        c.id: c for c in Card.objects.filter(id__in=set(card_ids)).prefetch_related("factions")
    }
    cards = [found[card_id] for card_id in card_ids]
    if sort:
        cards.sort(key=lambda card: pick_sort_key(catalogue.draft_card(card, key=card.id)))
    return [catalogue.card_data(card) for card in cards]


def winston_view(*, draft: Draft, seat: Seat | None) -> dict:
    """The table for `seat`'s player (None: a visitor, who sees only the counts)."""
    table = WinstonTable.objects.filter(draft=draft).first()
    if table is None:
        raise NotFound("This Winston draft has not started.", code="not_started")
    state = table.state()
    acting = draft.status == Draft.Status.RUNNING and not state.finished
    yours = seat is not None and acting and seat.index == state.active and not seat.is_bot
    pool = _cards(list(state.pools[seat.index]), sort=True) if seat is not None else []
    return {
        "draft": draft.id,
        "status": draft.status,
        "turn": state.turn,
        "active_seat": state.active if acting else None,
        "pile": state.pile if acting else None,
        "pile_sizes": [len(state.piles[i]) for i in range(PILES)],
        "stack": len(state.stack),
        "seat": seat.index if seat is not None else None,
        "your_turn": yours,
        "current_pile": _cards(list(state.current_pile)) if yours else None,
        "can_decline": yours and can_decline(state),
        "pool": pool,
        "pool_sizes": [len(p) for p in state.pools],
        "deadline": seat.deadline if yours and seat is not None else None,
        "pool_id": seat.pool_id if seat is not None else None,
    }


def grid_view(*, draft: Draft, seat: Seat | None) -> dict:
    """The grid table: the grid face up to both players (a grid draft is open information),
    the lines the acting player may take, the round, and each player's own pool."""
    table = GridTable.objects.filter(draft=draft).first()
    if table is None:
        raise NotFound("This grid draft has not started.", code="not_started")
    state = table.state()
    acting = draft.status == Draft.Status.RUNNING and not state.finished
    yours = seat is not None and acting and seat.index == state.active and not seat.is_bot
    shown = [card for card in state.grid if card is not None]
    faces = iter(_cards(shown))
    return {
        "draft": draft.id,
        "status": draft.status,
        "turn": state.turn,
        "round": min(state.round, state.rounds),
        "rounds": state.rounds,
        "active_seat": state.active if acting else None,
        "grid": [None if card is None else next(faces) for card in state.grid],
        "lines": open_lines(state) if yours else [],
        "seat": seat.index if seat is not None else None,
        "your_turn": yours,
        "pool": _cards(list(state.pools[seat.index]), sort=True) if seat is not None else [],
        "pool_sizes": [len(p) for p in state.pools],
        "discarded": len(state.discarded),
        "deadline": seat.deadline if yours and seat is not None else None,
        "pool_id": seat.pool_id if seat is not None else None,
    }


def rochester_view(*, draft: Draft, seat: Seat | None) -> dict:
    """The open pack face up, whose pick it is, and the picks so far (everyone sees them)."""
    table = RochesterTable.objects.filter(draft=draft).first()
    if table is None:
        raise NotFound("This Rochester draft has not started.", code="not_started")
    state = table.state()
    acting = draft.status == Draft.Status.RUNNING and not state.finished
    yours = seat is not None and acting and seat.index == state.active and not seat.is_bot
    moves = list(
        TurnMove.objects.filter(draft=draft)
        .order_by("-turn")[: 2 * state.seats]
        .values_list("seat", "cards", "kind")
    )
    picked = _cards([cards[0] for _seat, cards, _kind in moves])
    return {
        "draft": draft.id,
        "status": draft.status,
        "turn": state.turn,
        "round": min(state.round, draft.rounds),
        "rounds": draft.rounds,
        "pack_number": state.opened,
        "packs": state.opened + len(state.closed),
        "opener": state.opener if acting else None,
        "active_seat": state.active if acting else None,
        "pack": _cards(list(state.pack)),
        "recent_picks": [
            {"seat": s, "kind": kind, "card": card}
            for (s, _cards_taken, kind), card in zip(moves, picked, strict=True)
        ],
        "seat": seat.index if seat is not None else None,
        "your_turn": yours,
        "pool": _cards(list(state.pools[seat.index]), sort=True) if seat is not None else [],
        "pool_sizes": [len(p) for p in state.pools],
        "deadline": seat.deadline if yours and seat is not None else None,
        "pool_id": seat.pool_id if seat is not None else None,
    }
