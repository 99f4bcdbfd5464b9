"""Draft pods for a tournament with the `draft` format: entries split into pods of at most 8."""

from django.db import transaction

from config.errors import Conflict
from decks.drafting import catalogue, tournament_link
from decks.drafting.models import Draft, Seat
from decks.drafting.rules import rng_for

from .pods import pod_create, pod_settings

MAX_POD = 8


def pod_sizes(entries: int, max_pod: int = MAX_POD) -> list[int]:
    """Sizes of the fewest pods of at most ``max_pod``, as even as possible (8+1 -> 5, 4)."""
    pods = -(-entries // max_pod)
    base, extra = divmod(entries, pods)
    return [base + 1 if i < extra else base for i in range(pods)]


@transaction.atomic
def tournament_pods_create(
    *,
    tournament_id: int,
    user,
    pick_timer: object = "off",
    seed: str | None = None,
    card_set_id: int | None = None,
    booster_layout: str | None = None,
) -> list[Draft]:
    """Seat the tournament's active entries, in a seeded random order, in pods of at most 8."""
    # Why the lock: two clicks must not make two sets of pods.
    tournament = tournament_link.tournament_get(tournament_id, lock=True)
    tournament_link.require_tournament_organizer(tournament, user)
    tournament_link.require_format(tournament, "draft")
    tournament_link.require_seed_allowed(tournament, user, seed)
    if Draft.objects.filter(tournament=tournament).exists():
        raise Conflict("This tournament's pods already exist.", code="pods_exist")
    entries = tournament_link.active_entries(tournament)
    if len(entries) < 2:
        raise Conflict("A draft needs at least two entries.", code="not_enough_entries")
    game = catalogue.game_get(tournament_link.game_slug(tournament))
    settings = pod_settings(
        game=game,
        pick_timer=pick_timer,
        seed=seed,
        jokers=bool(tournament.jokers),
        card_set_id=card_set_id,
        booster_layout=booster_layout,
        user=user,
    )
    rng_for(settings.seed, "pods").shuffle(entries)
    pods, start = [], 0
    for number, size in enumerate(pod_sizes(len(entries)), start=1):
        draft = pod_create(
            organizer=tournament.organizer,
            game=game,
            seats=size,
            bots=0,
            settings=settings,
            tournament=tournament,
            pod_number=number,
        )
        _seat_entries(draft, entries[start : start + size])
        start += size
        pods.append(draft)
    return pods


def _seat_entries(draft: Draft, entries: list) -> None:
    """Each entry gets a seat; an entry without an account (a guest) is drafted by a bot."""
    seats = list(Seat.objects.filter(draft=draft).order_by("index"))
    for seat, entry in zip(seats, entries, strict=True):
        seat.entry = entry
        seat.player = tournament_link.entry_player(entry)
        seat.is_bot = seat.player is None
    Seat.objects.bulk_update(seats, ["entry", "player", "is_bot"])
