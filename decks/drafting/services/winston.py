"""Winston drafts (two seats): dealing the stack, a player's move, the timeout move and the
bots. Every write holds the draft's row lock and quotes the table's `turn`, so a repeated or
concurrent request cannot act twice, and the move log's unique turn number is the backstop.

Bots act at once, in the transaction of the move that hands them the turn (a Winston turn is
at most three looks, so a whole bot-only draft is a few hundred steps of the pure rules)."""

from dataclasses import replace

from django.db import transaction
from django.utils import timezone

from config.errors import ServiceError
from decks.drafting.models import Draft, Seat, TurnMove, WinstonTable
from decks.drafting.rules import rng_for
from decks.drafting.rules.winston import (
    WinstonAction,
    WinstonMoveError,
    WinstonState,
    winston_act,
    winston_bot_action,
    winston_start,
)

from .common import seats_of
from .deal import dealt_card_ids
from .turns import card_values, lock_for_move, require_turn, seats_after_move


def winston_deal(draft: Draft) -> WinstonTable:
    """The stack: the cards a two-seat booster pod would deal, shuffled (RULINGS.md 22)."""
    cards = [card for row in dealt_card_ids(draft) for pack in row for card in pack]
    state = winston_start(cards, rng_for(draft.seed, "winston"))
    table = WinstonTable(draft=draft)
    table.store(state)
    table.save(force_insert=True)
    return table


def _bot_move(draft: Draft, state: WinstonState) -> WinstonAction:
    """What a bot in the acting seat does: it sees the pile it looks at and its own pool."""
    values = card_values(draft, state.current_pile, state.pools[state.active])
    return winston_bot_action(state, values)


def _apply(draft: Draft, state: WinstonState, action, kind: str) -> tuple[WinstonState, TurnMove]:
    try:
        result = winston_act(state, action)
    except WinstonMoveError as exc:
        raise ServiceError(str(exc), code=exc.code) from exc
    move = TurnMove(
        draft=draft,
        turn=state.turn,
        seat=state.active,
        pile=state.pile,
        action=str(WinstonAction(action)),
        kind=kind,
        cards=list(result.taken),
    )
    return result.state, move


def _settle(draft: Draft, table: WinstonTable, state: WinstonState, moves: list, *, now) -> None:
    """Let bots act while one holds the turn, then give the acting human a deadline (or
    finish the draft); write the table, the moves and the seats. The caller holds the lock."""
    seats = seats_of(draft)
    while not state.finished and seats[state.active].is_bot:
        state, move = _apply(draft, state, _bot_move(draft, state), TurnMove.Kind.BOT)
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


def winston_begin(draft: Draft, *, now) -> None:
    """Deal and hand the first look to seat 1 (bots act at once). Caller holds the lock."""
    table = winston_deal(draft)
    _settle(draft, table, table.state(), [], now=now)


def _table(draft: Draft) -> WinstonTable:
    return WinstonTable.objects.get(draft=draft)


def winston_move_make(*, draft_id: int, user, action: str, turn: int) -> TurnMove:
    """The user's move (`take` or `decline`) at action number `turn`. A repeated or stale
    request is a 409 carrying the current turn; a move out of turn is a 409 too."""
    if action not in WinstonAction.__members__.values():
        raise ServiceError(
            "action must be 'take' or 'decline'.",
            code="bad_action",
            errors={"action": ["take or decline"]},
        )
    with transaction.atomic():
        draft, seat = lock_for_move(draft_id, user, Draft.Format.WINSTON, "Winston", action="move")
        table = _table(draft)
        state = table.state()
        require_turn(
            state,
            seat,
            turn,
            "That move was already made or it is not your turn: look at the table again.",
        )
        state, move = _apply(draft, state, action, TurnMove.Kind.HUMAN)
        _settle(draft, table, state, [move], now=timezone.now())
        return move


def winston_deadline_expire(draft: Draft, seat_index: int, *, now) -> bool:
    """The timeout move for the acting seat whose deadline passed: it takes the pile it looks
    at (RULINGS.md 24). Caller holds the lock; True when a move was made."""
    seat = Seat.objects.filter(draft=draft, index=seat_index).first()
    if seat is None or seat.is_bot or seat.deadline is None or seat.deadline > now:
        return False
    table = _table(draft)
    state = table.state()
    if state.active != seat_index or state.finished:
        return False
    state, move = _apply(draft, state, WinstonAction.TAKE, TurnMove.Kind.TIMEOUT)
    _settle(draft, table, state, [move], now=now)
    return True


def winston_wake(draft: Draft, *, now) -> None:
    """After a resume or a seat given to a bot: bots act, the acting human gets a deadline
    (kept when the resume gave back the time left). Caller holds the lock."""
    table = _table(draft)
    state = table.state()
    seats = seats_of(draft)
    acting = seats[state.active]
    if not acting.is_bot and acting.deadline is not None:
        return
    _settle(draft, table, replace(state), [], now=now)
