"""Reads of a draft or sealed event's limited side: its pods, its pools (by entry, for the
organizer and for their owners) and the event page's panel. Split from selectors.py, whose
helpers (a draft's details, who organizes it) these build on."""

from __future__ import annotations

from django.db.models import Count, Q

from config.errors import NotFound
from decks.drafting import catalogue, tournament_link
from decks.drafting.models import Draft, SealedDeal, Seat
from decks.drafting.selectors import CARD_PREFETCH, draft_details_of
from decks.models import Deck, DeckRegistration, Pool, PoolCard


def tournament_drafts(*, tournament_id: int) -> list[dict]:
    """The pods of a tournament, in pod order."""
    drafts = Draft.objects.filter(tournament_id=tournament_id).select_related("game")
    return draft_details_of(list(drafts.order_by("pod_number")))


def tournament_pools(*, tournament_id: int, user) -> list[dict]:
    """The sealed pools of a tournament (organizer): pool, entry, owner and the seed."""
    tournament = tournament_link.tournament_get(tournament_id)
    tournament_link.require_tournament_organizer(tournament, user)
    deal = SealedDeal.objects.filter(tournament=tournament).first()
    if deal is None:
        return []
    pools = Pool.objects.filter(entry__tournament=tournament, source="sealed").order_by("id")
    return [
        {"id": pool.id, "entry": pool.entry_id, "user": pool.owner_id, "seed": deal.seed}
        for pool in pools
    ]


def pool_detail(*, pool_id: int, user) -> dict:
    """A pool's cards with counts; only its owner and the organizer may see it (else 404)."""
    pool = Pool.objects.select_related("game", "entry__tournament").filter(pk=pool_id).first()
    if pool is None or not _may_see_pool(pool, user):
        raise NotFound(f"There is no pool {pool_id} that you may see.", code="pool_not_found")
    rows = (
        PoolCard.objects.filter(pool=pool)
        .select_related("card")
        .prefetch_related(*CARD_PREFETCH)
        .order_by("card_id")
    )
    return {
        "id": pool.id,
        "entry": pool.entry_id,
        "owner": pool.owner_id,
        "game": pool.game.slug,
        "source": pool.source,
        "cards": [{"card": catalogue.card_data(row.card), "count": row.count} for row in rows],
    }


def _may_see_pool(pool: Pool, user) -> bool:
    """Owner, the tournament's organizer, or staff."""
    if not user.is_authenticated:
        return False
    if pool.owner_id == user.pk or user.is_staff:
        return True
    return bool(pool.entry and pool.entry.tournament.organizer_id == user.pk)


def _pool_rows(tournament, *, owner=None) -> list[dict]:
    """The tournament's pools (or one owner's) with each entry's registered deck."""
    pools = Pool.objects.filter(entry__tournament=tournament).select_related(
        "owner", "entry__user", "entry__deck_registration__deck"
    )
    if owner is not None:
        pools = pools.filter(owner=owner)
    rows = []
    for pool in pools.order_by("id"):
        registration = getattr(pool.entry, "deck_registration", None)
        rows.append(
            {
                "id": pool.id,
                "source": pool.source,
                "source_label": pool.get_source_display(),
                "entry": pool.entry.display_name if pool.entry else None,
                "owner": pool.owner.username if pool.owner else None,
                "deck": registration.deck if registration else None,
            }
        )
    return rows


def tournament_limited(*, tournament, user) -> dict | None:
    """The draft/sealed panel of a tournament page: the organizer's pods or pools (with
    their controls), a player's own pod and pool. None (and no query) for other formats."""
    if tournament.deck_format not in ("draft", "sealed"):
        return None
    organizer = tournament_link.is_organizer(tournament, user)
    entry_seats = Count("seats", filter=Q(seats__entry__isnull=False))
    pods = list(
        Draft.objects.filter(tournament=tournament)
        .annotate(entry_seats=entry_seats)
        .order_by("pod_number")
    )
    my_pod_ids = set()
    if user.is_authenticated:
        my_pod_ids = set(
            Seat.objects.filter(draft__tournament=tournament, player=user).values_list(
                "draft_id", flat=True
            )
        )
    deal = SealedDeal.objects.filter(tournament=tournament).select_related("card_set").first()
    can_deal = organizer and tournament.status == "registration"
    slug = tournament_link.game_slug(tournament)
    uses_boosters = slug not in catalogue.PLAYING_CARD_GAMES
    offer_sets = can_deal and uses_boosters and tournament.deck_format == "draft" and not pods
    return {
        **_draft_and_sealed(tournament, pods, deal, can_deal=can_deal),
        "tournament": tournament,
        "format": tournament.deck_format,
        "is_organizer": organizer,
        "can_deal": can_deal,
        "uses_boosters": uses_boosters,
        # The sets the pods may be dealt from, as boosters or a cube (ruling 38).
        "card_sets": catalogue.usable_card_sets(slug, user=user) if offer_sets else [],
        "formats": Draft.Format.choices,
        "pods": [
            {"draft": pod, "mine": pod.id in my_pod_ids, "bots": pod.seat_count - pod.entry_seats}
            for pod in pods
        ],
        "sealed_deal": deal if organizer else None,
        "dealt": bool(pods) or deal is not None,
        "pools": (
            _pool_rows(tournament)
            if organizer
            else _pool_rows(tournament, owner=user)
            if user.is_authenticated
            else []
        ),
    }


def _draft_and_sealed(tournament, pods: list, deal, *, can_deal: bool) -> dict:
    """For the organizer of a draft event (ruling 37): the entries to tick as drafters before
    the pod is made, and once it is, how many entries do not draft (to deal sealed pools)."""
    if not can_deal or tournament.deck_format != "draft" or deal is not None:
        return {"drafter_choices": [], "not_drafting": 0}
    entries = tournament_link.active_entries(tournament)
    if not pods:
        return {"drafter_choices": entries, "not_drafting": 0}
    seated = set(
        Seat.objects.filter(draft__tournament=tournament, entry__isnull=False).values_list(
            "entry_id", flat=True
        )
    )
    return {"drafter_choices": [], "not_drafting": sum(e.pk not in seated for e in entries)}


def pool_page(*, pool_id: int, user) -> dict:
    """The pool page: its cards, the owner's decks built from it, and the entry's registered
    deck when the pool belongs to a tournament entry (owner or organizer only, else 404)."""
    pool_data = pool_detail(pool_id=pool_id, user=user)
    pool = Pool.objects.select_related("entry__tournament", "owner").get(pk=pool_id)
    entry = pool.entry
    registration = None
    if entry is not None:
        registration = DeckRegistration.objects.filter(entry=entry).select_related("deck").first()
    decks = list(Deck.objects.filter(pool=pool, owner=user).order_by("-updated_at"))
    return {
        "pool": pool,
        "cards": pool_data["cards"],
        "size": sum(row["count"] for row in pool_data["cards"]),
        "entry": entry,
        "tournament": entry.tournament if entry else None,
        "registration": registration,
        "decks": decks,
        "can_register": bool(entry and entry.tournament.status == "registration" and decks),
    }
