"""The periodic sweep: overdue picks and idle bots, so nothing waits on a lost task."""

from django.db.models import Exists, OuterRef
from django.utils import timezone

from decks.drafting.models import Draft, Pack, Seat

from .bot_picks import draft_bots_run
from .picks import draft_deadline_expire


def draft_deadlines_sweep(*, now=None) -> dict[str, int]:
    """Make every overdue automatic pick and run every bot that has a pack; idempotent."""
    now = now or timezone.now()
    overdue = Seat.objects.filter(
        draft__status=Draft.Status.RUNNING, is_bot=False, deadline__lte=now
    ).values_list("draft_id", "index")
    timeouts = sum(
        draft_deadline_expire(draft_id=draft_id, seat_index=index, now=now)
        for draft_id, index in list(overdue)
    )
    holding = Pack.objects.filter(
        draft=OuterRef("draft"),
        round=OuterRef("draft__round"),
        holder_seat=OuterRef("index"),
        cards_left__gt=0,
    )
    idle_bot_drafts = (
        Seat.objects.filter(draft__status=Draft.Status.RUNNING, is_bot=True)
        .filter(Exists(holding))
        .values_list("draft_id", flat=True)
        .distinct()
    )
    bot_picks = sum(draft_bots_run(draft_id=draft_id) for draft_id in list(idle_bot_drafts))
    return {"timeouts": timeouts, "bot_picks": bot_picks}
