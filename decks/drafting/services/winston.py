"""Winston drafts (two seats): dealing the stack, a player's move, the timeout move and the
bots. Every write holds the draft's row lock and quotes the table's `turn`, so a repeated or
concurrent request cannot act twice, and the move log's unique turn number is the backstop.

Bots act at once, in the transaction of the move that hands them the turn (a Winston turn is
at most three looks, so a whole bot-only draft is a few hundred steps of the pure rules)."""

from config.errors import ServiceError
from decks.drafting.models import Draft, TurnMove, WinstonTable
from decks.drafting.rules import rng_for
from decks.drafting.rules.winston import (
    WinstonAction,
    WinstonMoveError,
    WinstonState,
    winston_act,
    winston_bot_action,
    winston_start,
)

from .deal import dealt_card_ids
from .turn_play import TurnPlay, deadline_expire, human_move, settle, wake
from .turns import card_values


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


def _take(draft: Draft, state: WinstonState) -> WinstonAction:
    """A seat whose time ran out takes the pile it looks at (RULINGS.md 24)."""
    return WinstonAction.TAKE


WINSTON = TurnPlay(
    fmt=Draft.Format.WINSTON,
    name="Winston",
    verb="move",
    table=WinstonTable,
    apply=_apply,
    bot_choice=_bot_move,
    timeout_choice=_take,
)


def winston_begin(draft: Draft, *, now) -> None:
    """Deal and hand the first look to seat 1 (bots act at once). Caller holds the lock."""
    table = winston_deal(draft)
    settle(WINSTON, draft, table, table.state(), [], now=now)


def winston_move_make(*, draft_id: int, user, action: str, turn: int) -> TurnMove:
    """The user's move (`take` or `decline`) at action number `turn`. A repeated or stale
    request is a 409 carrying the current turn; a move out of turn is a 409 too."""
    if action not in WinstonAction.__members__.values():
        raise ServiceError(
            "action must be 'take' or 'decline'.",
            code="bad_action",
            errors={"action": ["take or decline"]},
        )
    stale = "That move was already made or it is not your turn: look at the table again."
    return human_move(WINSTON, draft_id=draft_id, user=user, choice=action, turn=turn, stale=stale)


def winston_deadline_expire(draft: Draft, seat_index: int, *, now) -> bool:
    """The timeout move for the acting seat whose deadline passed: it takes the pile it looks
    at (RULINGS.md 24). Caller holds the lock; True when a move was made."""
    return deadline_expire(WINSTON, draft, seat_index, now=now)


def winston_wake(draft: Draft, *, now) -> None:
    """After a resume or a seat given to a bot: bots act, the acting human gets a deadline
    (kept when the resume gave back the time left). Caller holds the lock."""
    wake(WINSTON, draft, now=now)
