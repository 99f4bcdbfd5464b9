import datetime as dt
from collections import Counter

import pytest
from django.utils import timezone

from config.errors import Conflict, NotAllowed, ServiceError
from decks.drafting import services
from decks.drafting.models import Draft, Pack, PackCard, Pick, Seat
from decks.drafting.selectors import draft_seat_view
from decks.drafting.services.deal import dealt_card_ids

from .conftest import draft_to_the_end, human_pick

pytestmark = pytest.mark.django_db


def test_start_deals_three_piles_of_fifteen_per_seat_from_the_seed(make_draft):
    # given an 8-seat Combat pod, all bots
    draft = make_draft(seats=8)
    # then 24 packs of 15 are dealt, from 8 decks of 52
    assert Pack.objects.filter(draft=draft).count() == 24
    assert PackCard.objects.filter(pack__draft=draft).count() == 360
    per_card = Counter(PackCard.objects.filter(pack__draft=draft).values_list("card_id", flat=True))
    assert max(per_card.values()) <= 8
    # and the same seed deals the same cards
    again = make_draft(seats=8)
    cards = lambda d: list(  # noqa: E731
        PackCard.objects.filter(pack__draft=d)
        .order_by("pack__round", "pack__origin_seat", "position")
        .values_list("card_id", flat=True)
    )
    assert cards(draft) == cards(again)
    # and the stored seed alone re-derives every pack
    rederived = [c for row in dealt_card_ids(draft) for pack in row for c in pack]
    assert cards(draft) == rederived


def test_all_bot_pod_drafts_to_the_end_and_every_card_is_picked_once(make_draft):
    draft = make_draft(seats=8)
    made = services.draft_bots_run(draft_id=draft.id)
    draft.refresh_from_db()
    assert 300 < made <= 360  # the rest are last cards taken as the packs arrive
    assert draft.status == Draft.Status.FINISHED
    assert Pick.objects.filter(draft=draft).count() == 360
    assert PackCard.objects.filter(pack__draft=draft, pick__isnull=True).count() == 0
    assert set(
        Counter(Pick.objects.filter(draft=draft).values_list("seat_id", flat=True)).values()
    ) == {45}


def test_human_pick_passes_the_pack_left_in_round_one(make_draft, players):
    draft = make_draft(humans=players[:2], seats=4)
    pick = human_pick(draft.id, players[0])
    pack = Pack.objects.get(pk=pick.pack_id)
    assert (pick.round, pick.pick_number, pick.kind) == (1, 1, "human")
    assert pack.holder_seat == 1
    assert pack.cards_left == 14
    view = draft_seat_view(draft_id=draft.id, user=players[1])
    assert view["queued_packs"] == 1  # its own pack first, then seat 0's behind it


def test_repeated_pick_is_a_conflict_with_the_current_state(make_draft, players):
    draft = make_draft(humans=players[:1], seats=3)
    view = draft_seat_view(draft_id=draft.id, user=players[0])
    args = {
        "draft_id": draft.id,
        "user": players[0],
        "pack_id": view["pack"]["id"],
        "pick_number": view["pick_number"],
    }
    services.draft_pick_make(**args, pack_card_id=view["pack"]["cards"][0]["id"])
    with pytest.raises(Conflict) as caught:
        services.draft_pick_make(**args, pack_card_id=view["pack"]["cards"][1]["id"])
    assert caught.value.code == "stale_pick"
    assert caught.value.data["state"]["seat"] == 0
    assert Pick.objects.filter(seat__player=players[0]).count() == 1


def test_card_from_another_pack_is_a_400(make_draft, players):
    draft = make_draft(humans=players[:2], seats=2)
    mine = draft_seat_view(draft_id=draft.id, user=players[0])
    theirs = draft_seat_view(draft_id=draft.id, user=players[1])
    with pytest.raises(ServiceError) as caught:
        services.draft_pick_make(
            draft_id=draft.id,
            user=players[0],
            pack_id=mine["pack"]["id"],
            pick_number=1,
            pack_card_id=theirs["pack"]["cards"][0]["id"],
        )
    assert caught.value.status_code == 400
    assert caught.value.code == "card_not_in_pack"


def test_players_and_bots_draft_to_the_end_and_get_pools(make_draft, players):
    draft = make_draft(humans=players[:2], seats=3)
    draft_to_the_end(draft.id, players[:2])
    seats = {s.index: s for s in Seat.objects.filter(draft=draft)}
    assert seats[0].pool_id
    assert seats[1].pool_id
    assert seats[2].pool_id is None  # bots without an entry get no pool
    kinds = Counter(Pick.objects.filter(draft=draft).values_list("kind", flat=True))
    assert kinds == {"human": 84, "last": 6, "bot": 45}


def test_timeout_pick_is_the_bots_choice_and_is_idempotent(make_draft, players):
    draft = make_draft(humans=players[:1], seats=2, pick_timer=30)
    seat = Seat.objects.get(draft=draft, index=0)
    assert seat.deadline is not None
    later = seat.deadline + dt.timedelta(seconds=1)
    assert services.draft_deadline_expire(draft_id=draft.id, seat_index=0, now=later)
    assert not services.draft_deadline_expire(draft_id=draft.id, seat_index=0, now=later)
    assert Pick.objects.get(seat=seat).kind == "timeout"


def test_each_new_deadline_schedules_its_auto_pick_once_committed(
    make_draft, players, monkeypatch, django_capture_on_commit_callbacks
):
    # given a player with a 30 s timer, and a worker queue we can watch
    from decks.drafting import tasks

    scheduled = []
    monkeypatch.setattr(
        tasks.draft_deadline_expire,
        "apply_async",
        lambda args, eta: scheduled.append((args, eta)),
    )
    monkeypatch.setattr(tasks.draft_bots_run, "delay", lambda draft_id: None)
    draft = make_draft(humans=players[:1], seats=2, pick_timer=30)
    services.draft_bots_run(draft_id=draft.id)  # the bot's pack waits behind the player's
    # when the player picks, the next pack's deadline is set
    with django_capture_on_commit_callbacks(execute=True):
        human_pick(draft.id, players[0])
    seat = Seat.objects.get(draft=draft, index=0)
    # then its auto-pick is queued for that very moment, after the commit
    assert scheduled == [((draft.id, 0), seat.deadline)]


def test_deadline_not_yet_reached_makes_no_pick(make_draft, players):
    draft = make_draft(humans=players[:1], seats=2, pick_timer="competitive")
    seat = Seat.objects.get(draft=draft, index=0)
    assert 39 <= (seat.deadline - timezone.now()).total_seconds() <= 41
    assert not services.draft_deadline_expire(draft_id=draft.id, seat_index=0)


def test_sweep_makes_overdue_picks_and_runs_idle_bots(make_draft, players):
    # given a running pod whose tasks were lost: a human past the deadline, bots never run
    draft = make_draft(humans=players[:1], seats=3, pick_timer=10)
    later = timezone.now() + dt.timedelta(seconds=11)
    # when the sweep runs
    result = services.draft_deadlines_sweep(now=later)
    # then the overdue pick is made and the bots picked too
    assert result["timeouts"] == 1
    assert result["bot_picks"] >= 2
    assert Pick.objects.filter(draft=draft, kind="timeout").count() == 1


def test_pause_keeps_the_time_left_no_timer_fires_and_resume_shifts_the_deadline(
    make_draft, players, organizer
):
    # given a player with a 60 s pick timer, and the draft paused
    draft = make_draft(humans=players[:1], seats=2, pick_timer=60)
    first_deadline = Seat.objects.get(draft=draft, index=0).deadline
    services.draft_pause(draft_id=draft.id, user=organizer)
    seat = Seat.objects.get(draft=draft, index=0)
    assert seat.deadline is None
    assert 55_000 <= seat.paused_remaining_ms <= 60_000
    remaining = dt.timedelta(milliseconds=seat.paused_remaining_ms)
    # when the old deadline passes while paused, neither the task nor the sweep picks
    long_after = first_deadline + dt.timedelta(minutes=5)
    assert not services.draft_deadline_expire(draft_id=draft.id, seat_index=0, now=long_after)
    assert services.draft_deadlines_sweep(now=long_after) == {"timeouts": 0, "bot_picks": 0}
    assert not Pick.objects.filter(draft=draft).exists()
    with pytest.raises(Conflict):
        human_pick(draft.id, players[0])
    # then resuming gives back the time that was left, counted from the resume
    before_resume = timezone.now()
    services.draft_resume(draft_id=draft.id, user=organizer)
    seat.refresh_from_db()
    assert seat.paused_remaining_ms is None
    assert seat.deadline >= before_resume + remaining
    assert seat.deadline >= first_deadline
    assert not services.draft_deadline_expire(draft_id=draft.id, seat_index=0, now=first_deadline)
    human_pick(draft.id, players[0])


def test_only_the_organizer_runs_the_pod(make_draft, players):
    draft = make_draft(humans=players[:1], seats=2, start=False)
    with pytest.raises(NotAllowed):
        services.draft_start(draft_id=draft.id, user=players[0])
    with pytest.raises(NotAllowed):
        services.draft_seat_replace_with_bot(draft_id=draft.id, seat_index=0, user=players[0])


def test_replace_with_bot_takes_over_and_keeps_the_players_picks(make_draft, players, organizer):
    draft = make_draft(humans=players[:2], seats=2)
    human_pick(draft.id, players[0])
    services.draft_seat_replace_with_bot(draft_id=draft.id, seat_index=0, user=organizer)
    draft_to_the_end(draft.id, players[1:2])
    seat = Seat.objects.get(draft=draft, index=0)
    assert seat.is_bot
    assert seat.player == players[0]
    assert seat.pool_id
    assert Pick.objects.filter(seat=seat, kind="human").count() == 1


def test_replaced_seat_bot_picks_the_packs_waiting_in_its_queue(
    make_draft, players, organizer, django_capture_on_commit_callbacks
):
    # given an absent player whose queue fills up while the others pick
    draft = make_draft(humans=players[:1], seats=3)
    services.draft_bots_run(draft_id=draft.id)
    # (every pack of round 1 ends up waiting at the absent seat: its own and two passed)
    assert draft_seat_view(draft_id=draft.id, user=players[0])["queued_packs"] == 2
    # when the organizer replaces the player with a bot, a bot run is scheduled
    with django_capture_on_commit_callbacks() as callbacks:
        services.draft_seat_replace_with_bot(draft_id=draft.id, seat_index=0, user=organizer)
    # (besides the room's live notice, config/live.py)
    assert len([c for c in callbacks if c.__module__ != "config.live"]) == 1
    services.draft_bots_run(draft_id=draft.id)
    # then the bot took the three waiting packs (and everything after), as bot picks
    seat = Seat.objects.get(draft=draft, index=0)
    waiting = Pick.objects.filter(seat=seat, round=1, pick_number__in=[1, 2, 3], kind="bot")
    assert waiting.count() == 3
    assert Draft.objects.get(pk=draft.id).status == Draft.Status.FINISHED
    assert seat.pool_id


def test_join_is_idempotent_and_a_full_pod_refuses(make_draft, players):
    draft = make_draft(humans=(), seats=2, start=False)
    Seat.objects.filter(draft=draft).update(is_bot=False)
    assert services.draft_join(draft_id=draft.id, user=players[0])[1] is True
    assert services.draft_join(draft_id=draft.id, user=players[0])[1] is False
    services.draft_join(draft_id=draft.id, user=players[1])
    with pytest.raises(Conflict):
        services.draft_join(draft_id=draft.id, user=players[2])


def test_empty_seats_become_bots_at_start(make_draft, players, organizer):
    draft = make_draft(humans=players[:1], seats=4, start=False)
    Seat.objects.filter(draft=draft, index=3).update(is_bot=False)
    services.draft_start(draft_id=draft.id, user=organizer)
    assert Seat.objects.filter(draft=draft, is_bot=True).count() == 3


@pytest.mark.parametrize(
    ("field", "value"), [("seats", 1), ("bots", 9), ("pick_timer", "soon"), ("game_slug", "chess")]
)
def test_bad_pod_settings_are_400(organizer, field, value):
    kwargs = {"organizer": organizer, "game_slug": "combat", "seats": 8, "bots": 0}
    kwargs[field] = value
    with pytest.raises(ServiceError) as caught:
        services.draft_create(**kwargs)
    assert caught.value.status_code == 400


def test_kingdom_combat_pod_drafts_boosters_by_border_layout(make_draft):
    # given a Kingdom Combat pod of three bots with a layout of 1 gold/silver + 5 black
    draft = make_draft(seats=3, game="kingdom-combat", booster_layout="1 gold/silver, 5 black")
    # then each pack is a 6-card booster of those borders, without fortresses or tokens
    packs = PackCard.objects.filter(pack__draft=draft).select_related("card")
    assert draft.pack_size == 6
    assert packs.count() == 3 * 3 * 6
    first_slot = {pc.card.border for pc in packs if pc.position == 0}
    assert first_slot <= {"gold", "silver"}
    assert {pc.card.border for pc in packs if pc.position > 0} == {"black"}
    assert not any(pc.card.type in ("fortress", "token") for pc in packs)
    # and the bots draft it to the end
    services.draft_bots_run(draft_id=draft.id)
    assert Draft.objects.get(pk=draft.id).status == Draft.Status.FINISHED


@pytest.mark.parametrize("layout", ["9 purple", "40000 black"])
def test_bad_booster_layout_is_a_400(client_for, organizer, layout):
    body = {"game": "kingdom-combat", "seats": 2, "booster_layout": layout}
    response = client_for(organizer).post("/api/drafts/", body, format="json")
    assert response.status_code == 400
    assert response.json()["errors"]["booster_layout"]
