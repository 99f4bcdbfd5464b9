"""What the turn-based drafts (Winston, grid, Rochester) share: taking the lock for a person's
move and checking it is theirs to make, the look timer, the acting seat's deadline, the bots'
card values and the end of the draft. Callers hold the draft's lock unless said otherwise."""

import datetime as dt
from collections import Counter
from collections.abc import Sequence

from config.errors import Conflict, NotAllowed, ServiceError
from decks.drafting import catalogue
from decks.drafting.models import Draft, Seat
from decks.drafting.rules.bots import bot_values

from .common import draft_lock, require_status
from .finish import draft_finish

# Seconds per look with the "competitive" timer (a fixed timer gives its own seconds).
COMPETITIVE_LOOK_SECONDS = 40


def lock_for_move(draft_id: int, user, fmt: str, name: str, *, action: str) -> tuple[Draft, Seat]:
    """Lock the draft for `user`'s move (inside the caller's transaction): a running draft of
    format `fmt` (called `name` in the message) where the user has a seat no bot has taken."""
    draft = draft_lock(draft_id)
    if draft.format != fmt:
        raise ServiceError(f"This is not a {name} draft.", code=f"not_{fmt}")
    require_status(draft, Draft.Status.RUNNING, action=action)
    seat = Seat.objects.filter(draft=draft, player_id=user.pk).first() if user.pk else None
    if seat is None:
        raise NotAllowed("You have no seat in this draft.", code="not_seated")
    if seat.is_bot:
        raise Conflict("A bot now drafts for this seat.", code="seat_is_bot")
    return draft, seat


def require_turn(state, seat: Seat, turn: int, stale: str) -> None:
    """A 409 (`stale` says what to look at again) unless `turn` is the table's action number
    and the seat is the one acting: a repeated, late or out-of-turn request changes nothing."""
    if state.turn != turn or state.active != seat.index:
        raise Conflict(
            stale, code="stale_move", data={"turn": state.turn, "active_seat": state.active}
        )


def look_seconds(draft: Draft) -> int | None:
    """Seconds the acting player has for one look; None: no timer."""
    if draft.timer == Draft.Timer.FIXED:
        return draft.timer_seconds
    if draft.timer == Draft.Timer.COMPETITIVE:
        return COMPETITIVE_LOOK_SECONDS
    return None


def card_values(draft: Draft, cards: Sequence[int], pool: Sequence[int]) -> list[float]:
    """How much a bot with `pool` wants each of `cards` (the booster bots' scores)."""
    infos = draft.__dict__.setdefault("_card_infos", {})
    missing = set(cards) | set(pool)
    missing -= infos.keys()
    if missing:
        infos.update(catalogue.card_infos(missing))
    return bot_values(draft.game.slug, [infos[c] for c in cards], [infos[c] for c in pool])


def seats_after_move(
    draft: Draft,
    seats: list[Seat],
    *,
    finished: bool,
    pools: Sequence[Sequence[int]],
    active: int,
    turn: int,
    now: dt.datetime,
) -> None:
    """Finish the draft (each seat's cards become its pool) or give the acting human seat a
    deadline for its look; write the seats and the draft row."""
    for seat in seats:
        seat.deadline, seat.deadline_pick_number = None, None
    if finished:
        picked = {seat.id: Counter(pools[seat.index]) for seat in seats}
        draft_finish(draft, seats, now=now, picked=picked)
    elif draft.status == Draft.Status.RUNNING and not seats[active].is_bot:
        seat = seats[active]
        seat.deadline_pick_number = min(turn, 32767)
        seconds = look_seconds(draft)
        if seconds is not None:
            seat.deadline = now + dt.timedelta(seconds=seconds)
            from .picks import _schedule_deadline  # picks imports finish, as we do

            _schedule_deadline(draft.id, seat.index, seat.deadline)
    Seat.objects.bulk_update(seats, ["deadline", "deadline_pick_number"])
    draft.save(update_fields=["status", "arrivals", "finished_at"])
