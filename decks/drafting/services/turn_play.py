"""How a turn-based draft (Winston, grid, Rochester) plays on its table, once for the three:
a person's move, the bots' moves that follow in the same transaction, the timeout move and
the wake after a resume. Each format says what differs in a `TurnPlay`: its table, how a
choice is applied, what its bot (and a timed-out seat) chooses, and anything it writes after.

Every write holds the draft's row lock and quotes the table's `turn`, so a repeated or
concurrent request cannot act twice; the move log's unique turn number is the backstop."""

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils import timezone

from decks.drafting.models import Draft, Seat, TurnMove

from .common import seats_of
from .turns import lock_for_move, require_turn, seats_after_move


@dataclass(frozen=True)
class TurnPlay:
    """One turn-based format's part: `fmt` and `name` (the draft format and its name in
    refusals), `verb` (what a player's move is called: "move", "pick"), `table` (its table
    model: state() and store()), `apply(draft, state, choice, kind) -> (state, TurnMove)`,
    `bot_choice(draft, state)`, `timeout_choice(draft, state)` (what a seat whose time ran out
    does) and `after(draft, state)` (a write of its own once the moves are stored, or None)."""

    fmt: str
    name: str
    verb: str
    table: Any
    apply: Callable[[Draft, Any, Any, str], tuple[Any, TurnMove]]
    bot_choice: Callable[[Draft, Any], Any]
    timeout_choice: Callable[[Draft, Any], Any]
    after: Callable[[Draft, Any], None] | None = None


def settle(play: TurnPlay, draft: Draft, table, state, moves: list, *, now) -> None:
    """Let bots act while one holds the turn, then give the acting human a deadline (or
    finish the draft); write the table, the moves and the seats. The caller holds the lock."""
    seats = seats_of(draft)
    while not state.finished and seats[state.active].is_bot:
        state, move = play.apply(draft, state, play.bot_choice(draft, state), TurnMove.Kind.BOT)
        moves.append(move)
    TurnMove.objects.bulk_create(moves)
    table.store(state)
    table.save()
    draft.arrivals += len(moves)  # the room's stamp moves with every action
    if play.after is not None:
        play.after(draft, state)
    seats_after_move(
        draft,
        seats,
        finished=state.finished,
        pools=state.pools,
        active=state.active,
        turn=state.turn,
        now=now,
    )


def human_move(play: TurnPlay, *, draft_id: int, user, choice, turn: int, stale: str) -> TurnMove:
    """The user's `choice` at action number `turn`; a repeated, stale or out-of-turn request
    is a 409 carrying the current turn (`stale` says so in the format's words)."""
    with transaction.atomic():
        draft, seat = lock_for_move(draft_id, user, play.fmt, play.name, action=play.verb)
        table = play.table.objects.get(draft=draft)
        state = table.state()
        require_turn(state, seat, turn, stale)
        state, move = play.apply(draft, state, choice, TurnMove.Kind.HUMAN)
        settle(play, draft, table, state, [move], now=timezone.now())
        return move


def deadline_expire(play: TurnPlay, draft: Draft, seat_index: int, *, now) -> bool:
    """The timeout move for the acting seat whose deadline passed. Caller holds the lock;
    True when a move was made."""
    seat = Seat.objects.filter(draft=draft, index=seat_index).first()
    if seat is None or seat.is_bot or seat.deadline is None or seat.deadline > now:
        return False
    table = play.table.objects.get(draft=draft)
    state = table.state()
    if state.active != seat_index or state.finished:
        return False
    choice = play.timeout_choice(draft, state)
    state, move = play.apply(draft, state, choice, TurnMove.Kind.TIMEOUT)
    settle(play, draft, table, state, [move], now=now)
    return True


def wake(play: TurnPlay, draft: Draft, *, now) -> None:
    """After a resume or a seat given to a bot: bots act, the acting human gets a deadline
    (kept when the resume gave back the time left). Caller holds the lock."""
    table = play.table.objects.get(draft=draft)
    state = table.state()
    acting = seats_of(draft)[state.active]
    if not acting.is_bot and acting.deadline is not None:
        return
    settle(play, draft, table, state, [], now=now)
