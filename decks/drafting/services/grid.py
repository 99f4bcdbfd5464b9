"""Grid drafts (two seats): dealing the grids, a player's line, the timeout line and the bots.
As for Winston (services/winston.py): the draft's row lock, the quoted `turn`, the move log's
unique turn number; bots pick at once in the transaction that hands them the turn."""

from config.errors import ServiceError
from decks.drafting.models import Draft, GridTable, TurnMove
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

from .deal import dealt_card_ids
from .turn_play import TurnPlay, deadline_expire, human_move, settle, wake
from .turns import card_values


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


GRID = TurnPlay(
    fmt=Draft.Format.GRID,
    name="grid",
    verb="move",
    table=GridTable,
    apply=_apply,
    bot_choice=_bot_line,
    timeout_choice=_bot_line,  # the line its bot would take (RULINGS.md 30)
)


def grid_begin(draft: Draft, *, now) -> None:
    """Deal and lay out the first grid; seat 1 picks first. Caller holds the lock."""
    table = grid_deal(draft)
    settle(GRID, draft, table, table.state(), [], now=now)


def grid_move_make(*, draft_id: int, user, line: str, turn: int) -> TurnMove:
    """The user takes `line` (row-1..3, column-1..3) at action number `turn`; a repeated,
    stale or out-of-turn request is a 409 carrying the current turn."""
    if line not in LINES:
        raise ServiceError(
            "line must be row-1, row-2, row-3, column-1, column-2 or column-3.",
            code="bad_line",
            errors={"line": ["row-1..3 or column-1..3"]},
        )
    stale = "That move was already made or it is not your turn: look at the grid again."
    return human_move(GRID, draft_id=draft_id, user=user, choice=line, turn=turn, stale=stale)


def grid_deadline_expire(draft: Draft, seat_index: int, *, now) -> bool:
    """The timeout line for the acting seat whose deadline passed: the line its bot would
    take (RULINGS.md 30). Caller holds the lock; True when a move was made."""
    return deadline_expire(GRID, draft, seat_index, now=now)


def grid_wake(draft: Draft, *, now) -> None:
    """After a resume or a seat given to a bot (see winston_wake). Caller holds the lock."""
    wake(GRID, draft, now=now)
