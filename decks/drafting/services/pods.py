"""Creating and running a pod: create, join, start, pause, resume, replace with a bot."""

import datetime as dt
from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone

from config.errors import Conflict, ServiceError
from decks.drafting import catalogue
from decks.drafting.models import Draft, Seat
from decks.drafting.rules import (
    DEFAULT_LAYOUT_TEXT,
    LayoutError,
    new_seed,
    parse_layout,
    parse_pick_timer,
)
from decks.drafting.rules.rochester import TEAMS, team_of, team_seats_error

from .common import (
    draft_lock,
    open_seat_filter,
    positions_of,
    require_organizer,
    require_status,
    seats_of,
)
from .deal import packs_create
from .grid import grid_begin, grid_wake
from .picks import bots_waiting, refresh_deadlines, schedule_bots, settle
from .rochester import rochester_begin, rochester_wake
from .winston import winston_begin, winston_wake

MAX_SEATS = 16
CUBE_PACK_SIZE = 15
# Drafts played in turns on a stored table (services/winston.py, grid.py, rochester.py).
TURN_BASED = (Draft.Format.WINSTON, Draft.Format.GRID, Draft.Format.ROCHESTER)
TWO_PLAYERS = (Draft.Format.WINSTON, Draft.Format.GRID)
BEGIN = {"winston": winston_begin, "grid": grid_begin, "rochester": rochester_begin}
WAKE = {"winston": winston_wake, "grid": grid_wake, "rochester": rochester_wake}


def _wake(draft: Draft, *, now) -> None:
    """Bots act and the acting human gets a deadline, after a resume or a seat change."""
    WAKE[draft.format](draft, now=now)


@dataclass(frozen=True)
class PodSettings:
    """How a pod deals and times its picks (shared by single pods and tournament pods)."""

    timer: str
    timer_seconds: int
    seed: str
    jokers: bool
    card_set_id: int | None
    booster_layout: str
    pack_size: int
    cube: bool = False


def pod_settings(
    *,
    game,
    pick_timer: object = "off",
    seed: str | None = None,
    jokers: bool = False,
    card_set_id: int | None = None,
    booster_layout: str | None = None,
    user=None,
    cube: bool = False,
) -> PodSettings:
    """Check and normalise a pod's settings; 400 with the field at fault. A cube deals packs
    of 15 from the card set's list (RULINGS.md 32)."""
    try:
        timer, seconds = parse_pick_timer(pick_timer)
    except ValueError as exc:
        raise ServiceError(
            str(exc), code="bad_pick_timer", errors={"pick_timer": [str(exc)]}
        ) from exc
    if catalogue.uses_playing_cards(game):
        if cube:
            raise ServiceError(
                f"{game.name} is drafted from decks of playing cards, so it has no cube: "
                "untick cube, or draft a game with card sets.",
                code="no_cube",
                errors={"cube": ["Only games with card sets can be drafted as a cube."]},
            )
        return PodSettings(timer, seconds, seed or new_seed(), jokers, None, "", 15)
    if cube:
        card_set = catalogue.card_set_get(game, card_set_id, user=user)
        return PodSettings(
            timer, seconds, seed or new_seed(), False, card_set.id, "", CUBE_PACK_SIZE, True
        )
    layout_text = booster_layout or DEFAULT_LAYOUT_TEXT
    try:
        layout = parse_layout(layout_text)
    except LayoutError as exc:
        raise ServiceError(str(exc), code=exc.code, errors={"booster_layout": [str(exc)]}) from exc
    card_set = catalogue.card_set_get(game, card_set_id, user=user)
    return PodSettings(
        timer, seconds, seed or new_seed(), False, card_set.id, layout.as_text(), layout.size
    )


def require_format(format: str) -> None:
    """A 400 naming `format` unless it is one of the draft formats."""
    if format not in Draft.Format.values:
        raise ServiceError(
            "format must be 'booster', 'winston', 'grid' or 'rochester'.",
            code="bad_format",
            errors={"format": ["booster, winston, grid or rochester"]},
        )


def require_cube_fits(settings: PodSettings, seats: int, rounds: int = 3) -> None:
    """A 400 when a cube has too few different cards for a pod of `seats` (checked when the
    pods are made, since their sizes are known then: ruling 38)."""
    if not settings.cube:
        return
    assert settings.card_set_id is not None  # a cube is always a card set
    name, different = catalogue.cube_size(settings.card_set_id)
    needed = seats * rounds * settings.pack_size
    if different < needed:
        raise ServiceError(
            f"The cube {name} has {different} different cards; a pod of {seats} "
            f"needs {needed} ({rounds} packs of {settings.pack_size} each). Add cards to the "
            "set, choose fewer drafters, or draft from boosters.",
            code="not_enough_cards",
            errors={"cube": [f"{needed} different cards needed, {different} in the set."]},
        )


def pod_create(
    *,
    organizer,
    game,
    seats: int,
    bots: int,
    settings: PodSettings,
    tournament=None,
    pod_number: int = 1,
    format: str = Draft.Format.BOOSTER,
    teams: bool = False,
) -> Draft:
    """A pod with ``seats`` seats, the last ``bots`` of them bots (no transaction of its own)."""
    if not 2 <= seats <= MAX_SEATS:
        raise ServiceError(
            f"A pod has 2 to {MAX_SEATS} seats.", code="bad_seats", errors={"seats": ["2-16"]}
        )
    if not 0 <= bots <= seats:
        raise ServiceError(
            "bots must be between 0 and the number of seats.",
            code="bad_bots",
            errors={"bots": ["Between 0 and seats."]},
        )
    draft = Draft.objects.create(
        organizer=organizer,
        game=game,
        tournament=tournament,
        pod_number=pod_number,
        format=format,
        seat_count=seats,
        timer=settings.timer,
        timer_seconds=settings.timer_seconds,
        seed=settings.seed,
        jokers=settings.jokers,
        card_set_id=settings.card_set_id,
        booster_layout=settings.booster_layout,
        pack_size=settings.pack_size,
        cube=settings.cube,
        teams=teams,
    )
    Seat.objects.bulk_create(
        Seat(draft=draft, index=i, is_bot=i >= seats - bots) for i in range(seats)
    )
    return draft


@transaction.atomic
def draft_create(
    *,
    organizer,
    game_slug: str,
    seats: int,
    bots: int = 0,
    pick_timer: object = "off",
    seed: str | None = None,
    jokers: bool = False,
    card_set_id: int | None = None,
    booster_layout: str | None = None,
    organizer_plays: bool = False,
    format: str = Draft.Format.BOOSTER,
    cube: bool = False,
    teams: bool = False,
) -> Draft:
    """A single pod, open for joining; with `organizer_plays` its creator sits in seat 1
    (a pod with no open seat for them is refused, nothing created). A Winston draft has
    exactly two seats; a team Rochester draft two equal teams seated alternately."""
    require_format(format)
    if teams:
        _require_teams(format, seats)
    if format in TWO_PLAYERS and seats != 2:
        name = Draft.Format(format).label.split(" ")[0]
        raise ServiceError(
            f"A {name} draft is for two players: set seats to 2.",
            code="bad_seats",
            errors={"seats": [f"A {name} draft has 2 seats."]},
        )
    if organizer_plays and bots >= seats:
        raise ServiceError(
            f"Every one of the {seats} seats goes to a bot, so none is left for you: "
            'ask for fewer bots, or untick "I will draft in this pod".',
            code="no_seat_for_organizer",
            errors={"bots": [f"At most {seats - 1} when you draft in this pod."]},
        )
    game = catalogue.game_get(game_slug)
    settings = pod_settings(
        game=game,
        pick_timer=pick_timer,
        seed=seed,
        jokers=jokers,
        card_set_id=card_set_id,
        booster_layout=booster_layout,
        user=organizer,
        cube=cube,
    )
    draft = pod_create(
        organizer=organizer,
        game=game,
        seats=seats,
        bots=bots,
        settings=settings,
        format=format,
        teams=teams,
    )
    if organizer_plays:
        Seat.objects.filter(draft=draft, index=0).update(player=organizer)
    return draft


def _require_teams(format: str, seats: int) -> None:
    """A 400 unless a team draft is a Rochester draft of two equal teams (ruling 39)."""
    if format != Draft.Format.ROCHESTER:
        raise ServiceError(
            "Only a Rochester draft is played by two teams: choose the Rochester format, "
            "or untick teams.",
            code="teams_need_rochester",
            errors={"teams": ["Only for a Rochester draft."]},
        )
    why = team_seats_error(seats)
    if why is not None:
        raise ServiceError(why, code="bad_seats", errors={"seats": ["An even number from 4."]})


@transaction.atomic
def draft_join(*, draft_id: int, user, team: int | None = None) -> tuple[Seat, bool]:
    """Seat the user in the first open seat (of `team`, 0 or 1, in a team Rochester draft);
    (seat, created). Joining twice is harmless."""
    draft = draft_lock(draft_id)
    seat = Seat.objects.filter(draft=draft, player=user).first()
    if seat is not None:
        return seat, False
    require_status(draft, Draft.Status.OPEN, action="join")
    if team is not None and not draft.teams:
        raise ServiceError(
            "This draft has no teams: join without choosing one.",
            code="no_teams",
            errors={"team": ["Only for a team Rochester draft."]},
        )
    if team is not None and team not in range(TEAMS):
        raise ServiceError("team is 0 or 1.", code="bad_team", errors={"team": ["0 or 1."]})
    open_seats = Seat.objects.filter(open_seat_filter(), draft=draft).order_by("index")
    seat = next((s for s in open_seats if team is None or team_of(s.index) == team), None)
    if seat is None and team is not None:
        raise Conflict(f"Every seat of team {team + 1} is taken.", code="team_full")
    if seat is None:
        raise Conflict("Every seat of this draft is taken.", code="draft_full")
    seat.player = user
    seat.save(update_fields=["player"])
    return seat, True


def _redraw_seed_if_the_organizer_plays(draft: Draft) -> None:
    """Ruling 20: when the organizer sits in their own pod beside other people, the server
    draws the seed at the start, so a seed the organizer chose cannot tell them the packs."""
    humans = Seat.objects.filter(draft=draft, player__isnull=False)
    organizer_plays = humans.filter(player_id=draft.organizer_id).exists()
    if organizer_plays and humans.count() > 1 and not draft.organizer.is_staff:
        draft.seed = new_seed()
        draft.save(update_fields=["seed"])


@transaction.atomic
def draft_start(*, draft_id: int, user) -> Draft:
    """Deal the packs and start round 1; seats nobody took become bots."""
    draft = draft_lock(draft_id)
    require_organizer(draft, user)
    require_status(draft, Draft.Status.OPEN, action="start")
    Seat.objects.filter(open_seat_filter(), draft=draft).update(is_bot=True)
    _redraw_seed_if_the_organizer_plays(draft)
    now = timezone.now()
    if draft.format in TURN_BASED:
        draft.status, draft.round, draft.started_at = Draft.Status.RUNNING, 1, now
        draft.save(update_fields=["status", "round", "started_at"])
        BEGIN[draft.format](draft, now=now)
        return draft
    packs_create(draft)
    draft.status, draft.round, draft.started_at = Draft.Status.RUNNING, 1, now
    seats, positions = seats_of(draft), []
    positions = positions_of(draft)
    settle(draft, seats, positions, now=now)
    draft.save(update_fields=["status", "round", "started_at", "arrivals", "finished_at"])
    if bots_waiting(draft, seats, positions):
        schedule_bots(draft.id)
    return draft


@transaction.atomic
def draft_pause(*, draft_id: int, user) -> Draft:
    """Stop the clocks: each seat keeps the time it had left."""
    draft = draft_lock(draft_id)
    require_organizer(draft, user)
    require_status(draft, Draft.Status.RUNNING, action="pause")
    now = timezone.now()
    seats = seats_of(draft)
    for seat in seats:
        if seat.deadline is not None:
            left = max(dt.timedelta(0), seat.deadline - now)
            seat.paused_remaining_ms = int(left.total_seconds() * 1000)
            seat.deadline = None
    Seat.objects.bulk_update(seats, ["deadline", "paused_remaining_ms"])
    draft.status, draft.paused_at = Draft.Status.PAUSED, now
    draft.save(update_fields=["status", "paused_at"])
    return draft


@transaction.atomic
def draft_resume(*, draft_id: int, user) -> Draft:
    """Restart the clocks with the time each seat had left, and wake the bots."""
    draft = draft_lock(draft_id)
    require_organizer(draft, user)
    require_status(draft, Draft.Status.PAUSED, action="resume")
    from .picks import _schedule_deadline

    now = timezone.now()
    seats = seats_of(draft)
    for seat in seats:
        if seat.paused_remaining_ms is not None:
            seat.deadline = now + dt.timedelta(milliseconds=seat.paused_remaining_ms)
            seat.paused_remaining_ms = None
            _schedule_deadline(draft.id, seat.index, seat.deadline)
    Seat.objects.bulk_update(seats, ["deadline", "paused_remaining_ms"])
    draft.status, draft.paused_at = Draft.Status.RUNNING, None
    draft.save(update_fields=["status", "paused_at"])
    if draft.format in TURN_BASED:
        _wake(draft, now=now)
        return draft
    positions = positions_of(draft)
    refresh_deadlines(draft, seats, positions, now=now)
    if bots_waiting(draft, seats, positions):
        schedule_bots(draft.id)
    return draft


@transaction.atomic
def draft_seat_replace_with_bot(*, draft_id: int, seat_index: int, user) -> Seat:
    """A bot drafts for this seat from now on; the player keeps the picks made so far."""
    draft = draft_lock(draft_id)
    require_organizer(draft, user)
    require_status(
        draft,
        Draft.Status.OPEN,
        Draft.Status.RUNNING,
        Draft.Status.PAUSED,
        action="replace a seat",
    )
    seats = seats_of(draft)
    seat = next((s for s in seats if s.index == seat_index), None)
    if seat is None:
        raise ServiceError(
            f"This draft has no seat with index {seat_index}.",
            code="unknown_seat",
            errors={"seat": [f"Seat indexes are 0 to {len(seats) - 1} (seats 1 to {len(seats)})."]},
        )
    if seat.is_bot:
        return seat
    seat.is_bot = True
    seat.deadline, seat.deadline_pack_id, seat.deadline_pick_number = None, None, None
    seat.paused_remaining_ms = None
    seat.save()
    if draft.format in TURN_BASED:
        if draft.status == Draft.Status.RUNNING:
            _wake(draft, now=timezone.now())
        return seat
    if draft.status == Draft.Status.RUNNING and bots_waiting(draft, seats, positions_of(draft)):
        schedule_bots(draft.id)
    return seat
