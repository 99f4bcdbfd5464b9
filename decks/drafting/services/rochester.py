"""Rochester drafts: dealing the packs, a player's pick from the open pack, the timeout pick
and the bots. As for Winston and grid: the draft's row lock, the quoted `turn`, the move
log's unique turn number; bots pick at once in the transaction that hands them the turn."""

from django.db import transaction
from django.utils import timezone

from config.errors import ServiceError
from decks.drafting.models import Draft, RochesterTable, Seat, TurnMove
from decks.drafting.rules.rochester import (
    RochesterMoveError,
    RochesterState,
    rochester_pick,
    rochester_start,
)

from .common import seats_of
from .deal import dealt_card_ids
from .turns import card_values, lock_for_move, require_turn, seats_after_move


def _bot_card(draft: Draft, state: RochesterState) -> int:
    """A bot takes the open pack's card it values most (the earlier card on a tie)."""
    values = card_values(draft, state.pack, state.pools[state.active])
    best = max(range(len(state.pack)), key=lambda i: (values[i], -i))
    return state.pack[best]


def _apply(
    draft: Draft, state: RochesterState, card: int, kind: str
) -> tuple[RochesterState, TurnMove]:
    try:
        moved = rochester_pick(state, card)
    except RochesterMoveError as exc:
        raise ServiceError(str(exc), code=exc.code, errors={"card": [str(exc)]}) from exc
    move = TurnMove(
        draft=draft,
        turn=state.turn,
        seat=state.active,
        pile=state.opened,
        action="pick",
        kind=kind,
        cards=[card],
    )
    return moved, move


def _settle(
    draft: Draft, table: RochesterTable, state: RochesterState, moves: list, *, now
) -> None:
    seats = seats_of(draft)
    while not state.finished and seats[state.active].is_bot:
        state, move = _apply(draft, state, _bot_card(draft, state), TurnMove.Kind.BOT)
        moves.append(move)
    TurnMove.objects.bulk_create(moves)
    table.store(state)
    table.save()
    draft.arrivals += len(moves)  # the room's stamp moves with every action
    draft.round = min(state.round, draft.rounds)
    draft.save(update_fields=["round"])
    seats_after_move(
        draft,
        seats,
        finished=state.finished,
        pools=state.pools,
        active=state.active,
        turn=state.turn,
        now=now,
    )


def rochester_begin(draft: Draft, *, now) -> None:
    """Deal the pod's packs (as a booster pod would) and open the first. Caller holds the lock."""
    table = RochesterTable(draft=draft)
    table.store(rochester_start(dealt_card_ids(draft)))
    table.save(force_insert=True)
    _settle(draft, table, table.state(), [], now=now)


def rochester_pick_make(*, draft_id: int, user, card: int, turn: int) -> TurnMove:
    """The user takes `card` (a card id) from the open pack at action number `turn`."""
    with transaction.atomic():
        draft, seat = lock_for_move(
            draft_id, user, Draft.Format.ROCHESTER, "Rochester", action="pick"
        )
        table = RochesterTable.objects.get(draft=draft)
        state = table.state()
        require_turn(
            state,
            seat,
            turn,
            "That pick was already made or it is not your turn: look at the pack again.",
        )
        state, move = _apply(draft, state, card, TurnMove.Kind.HUMAN)
        _settle(draft, table, state, [move], now=timezone.now())
        return move


def rochester_deadline_expire(draft: Draft, seat_index: int, *, now) -> bool:
    """The timeout pick: the card the seat's bot would take. Caller holds the lock."""
    seat = Seat.objects.filter(draft=draft, index=seat_index).first()
    if seat is None or seat.is_bot or seat.deadline is None or seat.deadline > now:
        return False
    table = RochesterTable.objects.get(draft=draft)
    state = table.state()
    if state.active != seat_index or state.finished:
        return False
    state, move = _apply(draft, state, _bot_card(draft, state), TurnMove.Kind.TIMEOUT)
    _settle(draft, table, state, [move], now=now)
    return True


def rochester_wake(draft: Draft, *, now) -> None:
    """After a resume or a seat given to a bot (see winston_wake). Caller holds the lock."""
    table = RochesterTable.objects.get(draft=draft)
    state = table.state()
    acting = seats_of(draft)[state.active]
    if not acting.is_bot and acting.deadline is not None:
        return
    _settle(draft, table, state, [], now=now)
