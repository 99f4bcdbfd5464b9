"""Grid drafts (two seats): dealing the grids, a player's line, the timeout line and the bots.
As for Winston (services/winston.py): the draft's row lock, the quoted `turn`, the move log's
unique turn number; bots pick at once in the transaction that hands them the turn."""

from django.db import transaction
from django.utils import timezone

from config.errors import ServiceError
from decks.drafting.models import Draft, GridTable, Seat, TurnMove
from decks.drafting.rules import rng_for
from decks.drafting.rules.grid import (
    GRID_CARDS,
    LINES,
    GridMoveError,
    GridState,
    grid_bot_line,
    grid_start,
    grid_take,
)

from .common import seats_of
from .deal import dealt_card_ids
from .turns import card_values, lock_for_move, require_turn, seats_after_move


def grid_deal(draft: Draft) -> GridTable:
    """The grids: the cards a two-seat booster pod would deal, shuffled and cut into grids
    of nine (90 cards: 10 rounds; RULINGS.md 28)."""
    cards = [card for row in dealt_card_ids(draft) for pack in row for card in pack]
    rng_for(draft.seed, "grid").shuffle(cards)
    state = grid_start(cards, rounds=len(cards) // GRID_CARDS)
    table = GridTable(draft=draft)
    table.store(state)
    table.save(force_insert=True)
    return table


def _bot_line(draft: Draft, state: GridState) -> str:
    """A bot sees the grid and its own pool."""
    cards = [card for card in state.grid if card is not None]
    values = card_values(draft, cards, state.pools[state.active])
    return grid_bot_line(state, dict(zip(cards, values, strict=True)))


def _apply(draft: Draft, state: GridState, line: str, kind: str) -> tuple[GridState, TurnMove]:
    try:
        moved, taken = grid_take(state, line)
    except GridMoveError as exc:
        raise ServiceError(str(exc), code=exc.code, errors={"line": [str(exc)]}) from exc
    move = TurnMove(
        draft=draft,
        turn=state.turn,
        seat=state.active,
        pile=state.round,
        action=line,
        kind=kind,
        cards=list(taken),
    )
    return moved, move


def _settle(draft: Draft, table: GridTable, state: GridState, moves: list, *, now) -> None:
    """Bots pick while one holds the turn; then the acting human's deadline or the end."""
    seats = seats_of(draft)
    while not state.finished and seats[state.active].is_bot:
        state, move = _apply(draft, state, _bot_line(draft, state), TurnMove.Kind.BOT)
        moves.append(move)
    TurnMove.objects.bulk_create(moves)
    table.store(state)
    table.save()
    draft.arrivals += len(moves)  # the room's stamp moves with every action
    seats_after_move(
        draft,
        seats,
        finished=state.finished,
        pools=state.pools,
        active=state.active,
        turn=state.turn,
        now=now,
    )


def grid_begin(draft: Draft, *, now) -> None:
    """Deal and lay out the first grid; seat 1 picks first. Caller holds the lock."""
    table = grid_deal(draft)
    _settle(draft, table, table.state(), [], now=now)


def grid_move_make(*, draft_id: int, user, line: str, turn: int) -> TurnMove:
    """The user takes `line` (row-1..3, column-1..3) at action number `turn`; a repeated,
    stale or out-of-turn request is a 409 carrying the current turn."""
    if line not in LINES:
        raise ServiceError(
            "line must be row-1, row-2, row-3, column-1, column-2 or column-3.",
            code="bad_line",
            errors={"line": ["row-1..3 or column-1..3"]},
        )
    with transaction.atomic():
        draft, seat = lock_for_move(draft_id, user, Draft.Format.GRID, "grid", action="move")
        table = GridTable.objects.get(draft=draft)
        state = table.state()
        require_turn(
            state,
            seat,
            turn,
            "That move was already made or it is not your turn: look at the grid again.",
        )
        state, move = _apply(draft, state, line, TurnMove.Kind.HUMAN)
        _settle(draft, table, state, [move], now=timezone.now())
        return move


def grid_deadline_expire(draft: Draft, seat_index: int, *, now) -> bool:
    """The timeout line for the acting seat whose deadline passed: the line its bot would
    take (RULINGS.md 30). Caller holds the lock; True when a move was made."""
    seat = Seat.objects.filter(draft=draft, index=seat_index).first()
    if seat is None or seat.is_bot or seat.deadline is None or seat.deadline > now:
        return False
    table = GridTable.objects.get(draft=draft)
    state = table.state()
    if state.active != seat_index or state.finished:
        return False
    state, move = _apply(draft, state, _bot_line(draft, state), TurnMove.Kind.TIMEOUT)
    _settle(draft, table, state, [move], now=now)
    return True


def grid_wake(draft: Draft, *, now) -> None:
    """After a resume or a seat given to a bot (see winston_wake). Caller holds the lock."""
    table = GridTable.objects.get(draft=draft)
    state = table.state()
    acting = seats_of(draft)[state.active]
    if not acting.is_bot and acting.deadline is not None:
        return
    _settle(draft, table, state, [], now=now)
