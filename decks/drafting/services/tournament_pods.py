"""Draft pods for a tournament with the `draft` format: every entry in pods of at most 8, or
the entries who chose to draft in one pod of 8 with bots in the empty seats (ruling 37)."""

from django.db import transaction

from config.errors import Conflict, ServiceError
from decks.drafting import catalogue, tournament_link
from decks.drafting.models import Draft, SealedDeal, Seat
from decks.drafting.rules import rng_for

from .pods import TWO_PLAYERS, pod_create, pod_settings, require_cube_fits, require_format

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
    drafter_entry_ids: list[int] | None = None,
    format: str = Draft.Format.BOOSTER,
    cube: bool = False,
) -> list[Draft]:
    """Seat the tournament's active entries, in a seeded random order, in pods of at most 8;
    with `drafter_entry_ids`, only those entries, in one pod of 8 whose other seats are bots.
    A booster or Rochester draft, or (for a pod of two) Winston or grid; packs from boosters
    or, for a game with card sets, from a cube (ruling 38)."""
    require_format(format)
    # Why the lock: two clicks must not make two sets of pods.
    tournament = tournament_link.tournament_get(tournament_id, lock=True)
    _require_pods_allowed(tournament, user, seed)
    pod_size = 2 if format in TWO_PLAYERS else MAX_POD
    entries = _drafting_entries(tournament, drafter_entry_ids, pod_size, format)
    game = catalogue.game_get(tournament_link.game_slug(tournament))
    settings = pod_settings(
        game=game,
        pick_timer=pick_timer,
        seed=seed,
        jokers=bool(tournament.jokers),
        card_set_id=card_set_id,
        booster_layout=booster_layout,
        user=user,
        cube=cube,
    )
    sizes = [pod_size] if drafter_entry_ids is not None else pod_sizes(len(entries))
    require_cube_fits(settings, max(sizes))
    rng_for(settings.seed, "pods").shuffle(entries)
    if drafter_entry_ids is not None:
        return [_chosen_pod(tournament, game, settings, entries, pod_size, format)]
    pods, start = [], 0
    for number, size in enumerate(sizes, start=1):
        draft = pod_create(
            organizer=tournament.organizer,
            game=game,
            seats=size,
            bots=0,
            settings=settings,
            tournament=tournament,
            pod_number=number,
            format=format,
        )
        _seat_entries(draft, entries[start : start + size])
        start += size
        pods.append(draft)
    return pods


def _require_pods_allowed(tournament, user, seed: str | None) -> None:
    """The organizer of a draft event with no pods and no sealed pools yet."""
    tournament_link.require_tournament_organizer(tournament, user)
    tournament_link.require_format(tournament, "draft")
    tournament_link.require_seed_allowed(tournament, user, seed)
    if Draft.objects.filter(tournament=tournament).exists():
        raise Conflict("This tournament's pods already exist.", code="pods_exist")
    if SealedDeal.objects.filter(tournament=tournament).exists():
        raise Conflict(
            "The sealed pools are already dealt, so no pod can be made now: an entry would "
            "have both a pool and a seat.",
            code="already_dealt",
        )


def _drafting_entries(
    tournament, drafter_entry_ids: list[int] | None, pod_size: int, format: str
) -> list:
    """The entries to seat: the chosen drafters, or every active entry (at least two; exactly
    two for a two-player format)."""
    entries = tournament_link.active_entries(tournament)
    if drafter_entry_ids is not None:
        return _chosen_drafters(entries, drafter_entry_ids, pod_size, format)
    if len(entries) < 2:
        raise Conflict("A draft needs at least two entries.", code="not_enough_entries")
    if pod_size == 2 and len(entries) != 2:
        raise ServiceError(
            _not_two(format, f"this event has {len(entries)} entries"),
            code="pod_not_two",
            errors={"format": ["Only for a pod of two."]},
        )
    return entries


def _seat_entries(draft: Draft, entries: list) -> None:
    """Each entry gets a seat; an entry without an account (a guest) is drafted by a bot."""
    _seat_entries_in(list(Seat.objects.filter(draft=draft).order_by("index")), entries)


def _seat_entries_in(seats: list[Seat], entries: list) -> None:
    """Seat each entry in its seat, in order (both lists the same length)."""
    for seat, entry in zip(seats, entries, strict=True):
        seat.entry = entry
        seat.player = tournament_link.entry_player(entry)
        seat.is_bot = seat.player is None
    Seat.objects.bulk_update(seats, ["entry", "player", "is_bot"])


def _not_two(format: str, why: str) -> str:
    """Why a Winston or grid pod cannot be made, and what to do instead."""
    name = Draft.Format(format).label.split(" ")[0]
    return (
        f"A {name} draft seats exactly two, but {why}: tick one or two entries to draft "
        "(the others get sealed pools), or choose a booster or Rochester draft."
    )


def _chosen_drafters(
    entries: list, drafter_entry_ids: list[int], pod_size: int, format: str
) -> list:
    """The active entries named, or a 400 naming what is wrong (none, too many, unknown)."""
    chosen = set(drafter_entry_ids)
    if not chosen:
        raise ServiceError(
            "Choose at least one entry to draft.",
            code="no_drafters",
            errors={"drafters": ["Tick the entries who draft."]},
        )
    if pod_size == 2 and len(chosen) > 2:
        raise ServiceError(
            _not_two(format, f"you ticked {len(chosen)}"),
            code="pod_not_two",
            errors={"drafters": ["At most 2."]},
        )
    if len(chosen) > MAX_POD:
        raise ServiceError(
            f"One pod seats at most {MAX_POD}; you chose {len(chosen)}. Untick some, or "
            "tick every entry to split them all into pods.",
            code="too_many_drafters",
            errors={"drafters": [f"At most {MAX_POD}."]},
        )
    drafters = [entry for entry in entries if entry.pk in chosen]
    if len(drafters) != len(chosen):
        raise ServiceError(
            "Some of the chosen entries are not in this event (dropped, waitlisted or "
            "another event's); reload the page and choose again.",
            code="unknown_drafters",
            errors={"drafters": ["Only this event's active entries."]},
        )
    return drafters


def _chosen_pod(tournament, game, settings, drafters: list, size: int, format: str) -> Draft:
    """One pod of `size` (8, or 2 for Winston and grid): the drafters in the first seats
    (seeded order), bots in the rest."""
    draft = pod_create(
        organizer=tournament.organizer,
        game=game,
        seats=size,
        bots=size - len(drafters),
        settings=settings,
        tournament=tournament,
        pod_number=1,
        format=format,
    )
    seats = list(Seat.objects.filter(draft=draft).order_by("index"))[: len(drafters)]
    _seat_entries_in(seats, drafters)
    return draft
