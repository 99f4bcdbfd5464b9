"""Rochester drafts: dealing the packs, a player's pick from the open pack, the timeout pick
and the bots. As for Winston and grid: the draft's row lock, the quoted `turn`, the move
log's unique turn number; bots pick at once in the transaction that hands them the turn."""

from config.errors import ServiceError
from decks.drafting.models import Draft, RochesterTable, TurnMove
from decks.drafting.rules.rochester import (
    RochesterMoveError,
    RochesterState,
    rochester_pick,
    rochester_start,
)

from .deal import dealt_card_ids
from .turn_play import TurnPlay, deadline_expire, human_move, settle, wake
from .turns import card_values


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


def _round_after(draft: Draft, state: RochesterState) -> None:
    """The draft row shows the round the open pack belongs to."""
    draft.round = min(state.round, draft.rounds)
    draft.save(update_fields=["round"])


ROCHESTER = TurnPlay(
    fmt=Draft.Format.ROCHESTER,
    name="Rochester",
    verb="pick",
    table=RochesterTable,
    apply=_apply,
    bot_choice=_bot_card,
    timeout_choice=_bot_card,  # the card the seat's bot would take
    after=_round_after,
)


def rochester_begin(draft: Draft, *, now) -> None:
    """Deal the pod's packs (as a booster pod would) and open the first. Caller holds the lock."""
    table = RochesterTable(draft=draft)
    table.store(rochester_start(dealt_card_ids(draft)))
    table.save(force_insert=True)
    settle(ROCHESTER, draft, table, table.state(), [], now=now)


def rochester_pick_make(*, draft_id: int, user, card: int, turn: int) -> TurnMove:
    """The user takes `card` (a card id) from the open pack at action number `turn`."""
    stale = "That pick was already made or it is not your turn: look at the pack again."
    return human_move(ROCHESTER, draft_id=draft_id, user=user, choice=card, turn=turn, stale=stale)


def rochester_deadline_expire(draft: Draft, seat_index: int, *, now) -> bool:
    """The timeout pick: the card the seat's bot would take. Caller holds the lock."""
    return deadline_expire(ROCHESTER, draft, seat_index, now=now)


def rochester_wake(draft: Draft, *, now) -> None:
    """After a resume or a seat given to a bot (see winston_wake). Caller holds the lock."""
    wake(ROCHESTER, draft, now=now)
