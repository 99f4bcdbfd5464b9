"""Every non-trivial read of the drafting app, with flat query counts. What each seat sees is
decided here: a player sees their current pack, a count of the packs behind it and their own
picks; the organizer sees everything; everyone sees the pick log once the draft is over."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.db.models import Count, F, Prefetch, Q

from config.errors import NotAllowed, NotFound
from decks.drafting import catalogue
from decks.drafting.models import (
    Draft,
    GridTable,
    Pack,
    PackCard,
    Pick,
    RochesterTable,
    Seat,
    WinstonTable,
)
from decks.drafting.rules import PackPosition, pick_sort_key, seat_queue
from decks.drafting.rules.rochester import team_of

if TYPE_CHECKING:
    from typing import TypedDict

    from django_stubs_ext import WithAnnotations

    class _Filled(TypedDict):
        filled: int

    class _PickCount(TypedDict):
        pick_count: int


def draft_get(draft_id: int) -> Draft:
    """The draft (not locked), or a 404."""
    draft = Draft.objects.select_related("game").filter(pk=draft_id).first()
    if draft is None:
        raise NotFound(f"There is no draft {draft_id}.", code="draft_not_found")
    return draft


def seats_of(draft: Draft) -> list[Seat]:
    """The draft's seats in order."""
    return list(Seat.objects.filter(draft=draft).order_by("index"))


def seat_of_user(draft: Draft, user) -> Seat | None:
    """The user's seat in this draft, if any."""
    if not user.is_authenticated:
        return None
    return Seat.objects.filter(draft=draft, player=user).first()


def positions_of(draft: Draft) -> list[PackPosition]:
    """Where every pack of the current round is (the pure rules' view of the queues)."""
    rows = Pack.objects.filter(draft=draft, round=draft.round).values_list(
        "id", "round", "origin_seat", "holder_seat", "arrival", "cards_left", "picks_made"
    )
    return [PackPosition(*row) for row in rows]


CARD_PREFETCH = ("card__factions",)


def drafts_for_home(*, limit: int = 10) -> list[Draft]:
    """The most recent drafts, for the home page."""
    return list(Draft.objects.select_related("game", "tournament").order_by("-id")[:limit])


def drafts_list(*, limit: int = 100) -> list[WithAnnotations[Draft, _Filled]]:
    """Recent drafts, newest first, with how many seats are filled."""
    queryset = Draft.objects.select_related("game", "tournament").annotate(
        filled=Count("seats", filter=Q(seats__player__isnull=False) | Q(seats__is_bot=True))
    )
    return list(queryset.order_by("-id")[:limit])


def draft_summaries(*, limit: int = 50) -> list[dict]:
    """Recent drafts as short rows (two queries whatever the number)."""
    return [
        {
            "id": d.id,
            "game": d.game.slug,
            "status": d.status,
            "round": d.round,
            "seats": d.seat_count,
            "filled_seats": d.filled,
            "tournament": d.tournament_id,
            "pod_number": d.pod_number,
        }
        for d in drafts_list(limit=limit)
    ]


def is_organizer(draft: Draft, user) -> bool:
    """The pod's organizer, or staff."""
    return bool(user.is_authenticated and (draft.organizer_id == user.pk or user.is_staff))


def sees_every_pack(draft: Draft, user) -> bool:
    """Ruling 20: the organizer (or staff) sees every pack, the seed and the pick log, except
    while sitting in the running pod: then only what a player sees, until it is finished."""
    if not is_organizer(draft, user):
        return False
    if draft.status == Draft.Status.FINISHED:
        return True
    return not Seat.objects.filter(draft=draft, player_id=user.pk).exists()


def timer_label(draft: Draft) -> str | int:
    """The pick timer as the API takes it: 'off', 'competitive' or seconds."""
    return draft.timer_seconds if draft.timer == Draft.Timer.FIXED else draft.timer


def _seats(drafts: list[Draft]) -> list[WithAnnotations[Seat, _PickCount]]:
    """The drafts' seats with their players and pick counts (one query)."""
    return list(
        Seat.objects.filter(draft__in=drafts)
        .select_related("player")
        .annotate(pick_count=Count("picks"))
        .order_by("draft_id", "index")
    )


def _seat_rows(
    drafts: list[Draft], seats: list[WithAnnotations[Seat, _PickCount]] | None = None
) -> dict[int, list[dict]]:
    """Public facts per seat of each draft: who sits there, picks made, whether they have a
    pack now (who is still picking). Two queries however many drafts and seats (one when
    the seats are given)."""
    if seats is None:
        seats = _seats(drafts)
    # A seat is picking when it holds a pack of its draft's current round with cards left.
    picking = set(
        Pack.objects.filter(draft__in=drafts, round=F("draft__round"), cards_left__gt=0)
        .values_list("draft_id", "holder_seat")
        .distinct()
    )
    running = {d.id for d in drafts if d.status in (Draft.Status.RUNNING, Draft.Status.PAUSED)}
    pools, active = _turn_tables(drafts)
    picking |= active
    teams = {d.id for d in drafts if d.teams}
    rows: dict[int, list[dict]] = {d.id: [] for d in drafts}
    for seat in seats:
        sizes = pools.get(seat.draft_id)
        rows[seat.draft_id].append(
            {
                "index": seat.index,
                "player": seat.player.username if seat.player else None,
                "player_id": seat.player_id,
                "is_bot": seat.is_bot,
                "entry": seat.entry_id,
                "picks": sizes[seat.index] if sizes else seat.pick_count,
                "picking": seat.draft_id in running and (seat.draft_id, seat.index) in picking,
                "team": team_of(seat.index) if seat.draft_id in teams else None,
            }
        )
    return rows


_TABLES: dict[str, type[WinstonTable] | type[GridTable] | type[RochesterTable]] = {
    Draft.Format.WINSTON: WinstonTable,
    Draft.Format.GRID: GridTable,
    Draft.Format.ROCHESTER: RochesterTable,
}


def _turn_tables(drafts: list[Draft]) -> tuple[dict[int, list[int]], set[tuple[int, int]]]:
    """The turn-based drafts' cards per seat (their pools, ruling 17: a Winston pile counts
    its cards) and the seat to act, from their tables: one query per format present."""
    pools: dict[int, list[int]] = {}
    active: set[tuple[int, int]] = set()
    for format_, model in _TABLES.items():
        ids = [d.id for d in drafts if d.format == format_ and d.status != Draft.Status.OPEN]
        for table in model.objects.filter(draft_id__in=ids) if ids else ():
            state = table.state()
            pools[table.draft_id] = [len(pool) for pool in state.pools]
            if not state.finished:
                active.add((table.draft_id, state.active))
    return pools, active


def draft_details_of(
    drafts: list[Draft], user=None, seats: list[WithAnnotations[Seat, _PickCount]] | None = None
) -> list[dict]:
    """Each pod's public state; the seed only for its organizer once the draft is over."""
    seat_rows = _seat_rows(drafts, seats)
    details = []
    for draft in drafts:
        data = {
            "id": draft.id,
            "game": draft.game.slug,
            "format": draft.format,
            "cube": draft.cube,
            "teams": draft.teams,
            "status": draft.status,
            "round": draft.round,
            "rounds": draft.rounds,
            "pack_size": draft.pack_size,
            "pick_timer": timer_label(draft),
            "tournament": draft.tournament_id,
            "pod_number": draft.pod_number,
            "organizer": draft.organizer_id,
            "seats": seat_rows[draft.id],
            "created_at": draft.created_at,
            "started_at": draft.started_at,
            "finished_at": draft.finished_at,
        }
        if draft.status == Draft.Status.FINISHED:  # published once over (ruling 20)
            data["seed"] = draft.seed
        details.append(data)
    return details


def draft_detail(*, draft_id: int, user=None) -> dict:
    """The pod's public state; the seed only for the organizer once the draft is over."""
    return draft_details_of([draft_get(draft_id)], user)[0]


def drafts_details(*, draft_ids: list[int], user=None) -> list[dict]:
    """Several pods' public state, in the order given, in a constant number of queries."""
    drafts = {d.id: d for d in Draft.objects.select_related("game").filter(pk__in=draft_ids)}
    return draft_details_of([drafts[pk] for pk in draft_ids], user)


def _pack_cards(pack_id: int) -> list[PackCard]:
    return list(
        PackCard.objects.filter(pack_id=pack_id, pick__isnull=True)
        .select_related("card")
        .prefetch_related(*CARD_PREFETCH)
        .order_by("position")
    )


def _seat_picks(seat: Seat) -> list[dict]:
    """The seat's picks sorted by suit/type (playing cards by suit then rank)."""
    picks = list(
        Pick.objects.filter(seat=seat)
        .select_related("pack_card__card")
        .prefetch_related("pack_card__card__factions")
    )
    picks.sort(key=lambda p: pick_sort_key(catalogue.draft_card(p.pack_card.card, key=p.id)))
    return [
        {
            "id": p.id,
            "card": catalogue.card_data(p.pack_card.card),
            "round": p.round,
            "pick_number": p.pick_number,
            "kind": p.kind,
        }
        for p in picks
    ]


def draft_room_stamp(*, draft_id: int) -> str | None:
    """What the draft room shows changes only with this stamp (one query), None for no such
    draft: every pick moves `arrivals` (and with it every pack, pick and deadline), pausing
    and resuming move the status, and joining or a bot taking a seat move the seat counts."""
    row = (
        Draft.objects.filter(pk=draft_id)
        .annotate(
            taken=Count("seats", filter=Q(seats__player__isnull=False)),
            bots=Count("seats", filter=Q(seats__is_bot=True)),
        )
        .values_list("status", "round", "arrivals", "paused_at", "taken", "bots")
        .first()
    )
    if row is None:
        return None
    status, round_number, arrivals, paused_at, taken, bots = row
    paused = int(paused_at.timestamp()) if paused_at else 0
    return f"{status}.{round_number}.{arrivals}.{paused}.{taken}.{bots}"


def room_stamp(draft: Draft, seats: list[Seat]) -> str:
    """`draft_room_stamp` from the draft and its seats in hand (no query): a write that
    checked nothing changed since it read them knows the stamp it commits."""
    paused = int(draft.paused_at.timestamp()) if draft.paused_at else 0
    taken = sum(1 for seat in seats if seat.player_id is not None)
    bots = sum(1 for seat in seats if seat.is_bot)
    return f"{draft.status}.{draft.round}.{draft.arrivals}.{paused}.{taken}.{bots}"


def draft_room(*, draft_id: int, user) -> tuple[dict, dict | None]:
    """The draft room: the pod's public state and, for a seated user, what their seat sees;
    the draft and its seats are read once for both."""
    draft = draft_get(draft_id)
    seats = _seats([draft])
    detail = draft_details_of([draft], user, seats)[0]
    seat = next((s for s in seats if user.is_authenticated and s.player_id == user.pk), None)
    if seat is None:
        return detail, None
    return detail, draft_seat_view(draft_id=draft_id, user=user, draft=draft, seat=seat)


def draft_seat_view(
    *, draft_id: int, user, draft: Draft | None = None, seat: Seat | None = None
) -> dict:
    """What the user's seat sees (the /me/ payload); 403 when they have no seat. `draft` and
    `seat` when the caller has read them already."""
    draft = draft or draft_get(draft_id)
    seat = seat or seat_of_user(draft, user)
    if seat is None:
        raise NotAllowed("You have no seat in this draft.", code="not_seated")
    pack, queued, head = None, 0, None
    if draft.status in (Draft.Status.RUNNING, Draft.Status.PAUSED):
        queue = seat_queue(positions_of(draft), seat.index, draft.round)
        head = queue[0] if queue else None
        queued = max(0, len(queue) - 1)
    if head is not None:
        pack = {
            "id": head.id,
            "origin_seat": head.origin_seat,
            "cards": [
                {"id": pc.id, "card": catalogue.card_data(pc.card)} for pc in _pack_cards(head.id)
            ],
        }
    return {
        "draft": draft.id,
        "status": draft.status,
        "seat": seat.index,
        "is_bot": seat.is_bot,
        "round": draft.round,
        "rounds": draft.rounds,
        "pick_number": head.pick_number if head else None,
        "pack": pack,
        "queued_packs": queued,
        "picks": _seat_picks(seat),
        "deadline": seat.deadline if head else None,
        "paused_remaining_ms": seat.paused_remaining_ms,
        "pool": seat.pool_id,
    }


def draft_log(*, draft_id: int, user) -> list[dict]:
    """Every pick in order (organizer any time; everyone once the draft is finished)."""
    draft = draft_get(draft_id)
    if draft.status != Draft.Status.FINISHED and not sees_every_pack(draft, user):
        raise NotAllowed(
            "The pick log is shown to players once the draft is finished.", code="log_hidden"
        )
    picks = (
        Pick.objects.filter(draft=draft)
        .select_related("seat__player", "pack_card__card")
        .prefetch_related("pack_card__card__factions")
        .order_by("id")
    )
    return [
        {
            "seat": p.seat.index,
            "player": p.seat.player.username if p.seat.player else None,
            "round": p.round,
            "pick_number": p.pick_number,
            "pack": p.pack_id,
            "card": catalogue.card_data(p.pack_card.card),
            "kind": p.kind,
            "at": p.created_at,
        }
        for p in picks
    ]


def draft_organizer_view(*, draft_id: int, user) -> dict:
    """Everything about the pod: each seat's queue with the cards of every pack in it."""
    draft = draft_get(draft_id)
    if not is_organizer(draft, user):
        raise NotAllowed("Only the draft's organizer sees every pack.", code="not_organizer")
    # Seated in the running pod, the organizer keeps the controls (start, pause, replace)
    # but sees no pack, no seed and no other seat's picks (ruling 20).
    seated = not sees_every_pack(draft, user)
    data = draft_detail(draft_id=draft_id, user=user)
    data["packs_hidden"] = seated
    if not seated:
        data["seed"] = draft.seed
    positions = positions_of(draft) if draft.round else []
    packs = Pack.objects.filter(draft=draft, round=draft.round).prefetch_related(
        Prefetch(
            "cards",
            queryset=PackCard.objects.filter(pick__isnull=True)
            .select_related("card")
            .prefetch_related(*CARD_PREFETCH),
        )
    )
    cards_by_pack = {
        pack.id: [catalogue.card_data(pc.card) for pc in pack.cards.all()] for pack in packs
    }
    deadlines = dict(Seat.objects.filter(draft=draft).values_list("index", "deadline"))
    for row in data["seats"]:
        queue = seat_queue(positions, row["index"], draft.round)
        row["deadline"] = deadlines.get(row["index"])
        row["queue"] = [
            {
                "id": p.id,
                "origin_seat": p.origin_seat,
                "pick_number": p.pick_number,
                "cards": [] if seated else cards_by_pack.get(p.id, []),
            }
            for p in queue
        ]
    return data


def drafts_of_user(*, user, limit: int = 10) -> list[Draft]:
    """The drafts the user sits in that are not over (the home page), newest first."""
    if user is None or not user.is_authenticated:
        return []
    return list(
        Draft.objects.filter(seats__player=user)
        .exclude(status=Draft.Status.FINISHED)
        .select_related("game")
        .distinct()
        .order_by("-id")[:limit]
    )
