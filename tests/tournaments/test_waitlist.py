"""The entry cap and its waitlist, registration hours and the select-many actions, on
PostgreSQL: who waits, who moves up (and is told), and two drops at once."""

import threading
from datetime import timedelta

import pytest
from django.db import connection
from django.test import Client
from django.utils import timezone

from accounts.models import Notification
from config.errors import Conflict, NotAllowed, NotFound, ServiceError
from tournaments import services
from tournaments.models import Entry

pytestmark = [pytest.mark.postgres, pytest.mark.django_db]


def capped_event(organizer, make_user, *, cap: int, players: int):
    """An event with a cap, and `players` players who joined themselves, in order."""
    event = services.tournament_create(
        organizer=organizer, name="Capped", announcement=services.Announcement(entry_cap=cap)
    )
    entries = [
        services.entry_add(tournament=event, by_user=make_user(f"p{i}")) for i in range(players)
    ]
    return event, entries


def in_event(event) -> list[str]:
    return sorted(
        e.display_name
        for e in Entry.objects.filter(tournament=event, dropped=False, waitlisted=False)
    )


def test_entries_past_the_cap_wait_in_line_unseeded(organizer, make_user):
    _event, entries = capped_event(organizer, make_user, cap=2, players=4)
    assert [e.waitlisted for e in entries] == [False, False, True, True]
    assert all(e.seed is None for e in entries[2:])
    # a waiting entry gets no seed, from the organizer either
    with pytest.raises(Conflict, match="waitlist"):
        services.entry_update(entry=entries[3], by_user=organizer, seed=1)
    with pytest.raises(Conflict, match="waitlist") as refused:
        services.entry_check_in(entry=entries[2], by_user=organizer)
    assert refused.value.code == "waitlisted"


def test_a_drop_moves_the_first_in_line_up_and_tells_them(organizer, make_user):
    event, entries = capped_event(organizer, make_user, cap=2, players=4)
    services.entry_drop(entry=entries[0], by_user=entries[0].user)
    assert in_event(event) == ["p1", "p2"]
    notice = Notification.objects.get(user=entries[2].user)
    assert "a place opened and you are in" in notice.text
    assert notice.url == f"/tournaments/{event.pk}/"
    assert not Notification.objects.filter(user=entries[3].user).exists()
    # removing an entry frees a place the same way
    services.entry_remove(entry=entries[1], by_user=organizer)
    assert in_event(event) == ["p2", "p3"]


def test_raising_the_cap_lets_the_line_in_and_a_cap_below_the_entries_is_refused(
    organizer, make_user
):
    event, _entries = capped_event(organizer, make_user, cap=3, players=5)
    lower = services.Announcement(entry_cap=2)
    with pytest.raises(ServiceError) as refused:
        services.tournament_update(
            tournament=event, by_user=organizer, name="C", announcement=lower
        )
    assert "3 entries are in already" in refused.value.errors["entry_cap"][0]
    higher = services.Announcement(entry_cap=4)
    services.tournament_update(tournament=event, by_user=organizer, name="C", announcement=higher)
    assert in_event(event) == ["p0", "p1", "p2", "p3"]


def test_waiting_entries_stay_out_of_the_start(organizer, make_user):
    event, entries = capped_event(organizer, make_user, cap=2, players=3)
    services.tournament_start(tournament=event, by_user=organizer)
    seeded = set(
        Entry.objects.filter(tournament=event, seed__isnull=False).values_list("pk", flat=True)
    )
    assert seeded == {entries[0].pk, entries[1].pk}


def test_players_register_only_while_registration_is_open(organizer, make_user):
    soon = timezone.now() + timedelta(days=1)
    event = services.tournament_create(
        organizer=organizer,
        name="Later",
        announcement=services.Announcement(
            time_zone="Europe/Paris",
            registration_opens_at=soon,
            registration_closes_at=soon + timedelta(days=1),
        ),
    )
    with pytest.raises(Conflict, match=r"Registration opens on .* \(Europe/Paris\)") as early:
        services.entry_add(tournament=event, by_user=make_user())
    assert early.value.code == "registration_not_open"
    # the organizer adds a walk-in at any time before the start
    services.entry_add(tournament=event, by_user=organizer, name="Walk-in")
    event.registration_opens_at = timezone.now() - timedelta(days=2)
    event.registration_closes_at = timezone.now() - timedelta(days=1)
    event.save()
    with pytest.raises(Conflict, match="Registration closed") as late:
        services.entry_add(tournament=event, by_user=make_user())
    assert late.value.code == "registration_closed"


def test_bulk_actions_are_all_or_nothing_and_the_organizers(organizer, make_user):
    event, entries = capped_event(organizer, make_user, cap=3, players=4)
    ids = [e.pk for e in entries[:3]]
    with pytest.raises(NotAllowed):
        services.entries_bulk(
            tournament=event, by_user=entries[0].user, entry_ids=ids, action="drop"
        )
    assert (
        services.entries_bulk(
            tournament=event, by_user=organizer, entry_ids=ids[:2], action="check-in"
        )
        == 2
    )
    # checking in a waiting entry refuses the whole batch, naming it
    with pytest.raises(Conflict, match=r"p3: .* Nothing was changed\."):
        services.entries_bulk(
            tournament=event,
            by_user=organizer,
            entry_ids=[ids[2], entries[3].pk],
            action="check-in",
        )
    assert not Entry.objects.get(pk=ids[2]).checked_in_at
    with pytest.raises(NotFound):
        services.entries_bulk(
            tournament=event, by_user=organizer, entry_ids=[999999], action="drop"
        )
    # dropping two lets the one waiting in
    assert (
        services.entries_bulk(tournament=event, by_user=organizer, entry_ids=ids[:2], action="drop")
        == 2
    )
    assert in_event(event) == ["p2", "p3"]
    assert (
        services.entries_bulk(
            tournament=event, by_user=organizer, entry_ids=[ids[2]], action="remove"
        )
        == 1
    )
    assert not Entry.objects.filter(pk=ids[2]).exists()


@pytest.mark.django_db(transaction=True)
def test_two_drops_at_once_promote_two_different_entries(organizer, make_user):
    # given a full event of 2 with two waiting
    event, entries = capped_event(organizer, make_user, cap=2, players=4)
    barrier = threading.Barrier(2)
    errors: list[Exception] = []

    def drop(entry):
        try:
            barrier.wait()
            services.entry_drop(entry=entry, by_user=organizer)
        except Exception as exc:  # checked below
            errors.append(exc)
        finally:
            connection.close()

    # when both entries in drop at the same moment, each in its own thread and connection
    threads = [threading.Thread(target=drop, args=(e,)) for e in entries[:2]]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    # then both waiting entries are in, each told once, and nobody waits
    assert errors == []
    assert in_event(event) == ["p2", "p3"]
    assert not Entry.objects.filter(tournament=event, waitlisted=True).exists()
    told = Notification.objects.filter(text__contains="a place opened")
    assert sorted(told.values_list("user__username", flat=True)) == ["p2", "p3"]


def test_the_api_and_the_page_show_the_waitlist(organizer, make_user, client_for):
    event, entries = capped_event(organizer, make_user, cap=2, players=3)
    got = client_for(organizer).get(f"/api/tournaments/{event.pk}/entries/").json()
    assert [e["waitlisted"] for e in got] == [False, False, True]
    # a fourth player is offered the waitlist, and sees their place once in it
    late = make_user("late")
    page = Client()
    page.force_login(late)
    assert "Join the waitlist" in page.get(f"/tournaments/{event.pk}/").content.decode()
    page.post(f"/tournaments/{event.pk}/join/")
    shown = page.get(f"/tournaments/{event.pk}/").content.decode()
    assert "You are on the waitlist: number 2" in shown
    assert "Waitlist (2)" in shown
    # the organizer's select-many drops two through the API: both waiting move up
    body = {"action": "drop", "entries": [entries[0].pk, entries[1].pk]}
    bulk = client_for(organizer).post(f"/api/tournaments/{event.pk}/entries/bulk/", body)
    assert bulk.json() == {"changed": 2}
    assert in_event(event) == ["late", "p2"]
    refused = client_for(late).post(f"/api/tournaments/{event.pk}/entries/bulk/", body)
    assert refused.status_code == 403


def test_the_page_says_when_registration_opens(organizer, make_user):
    soon = timezone.now() + timedelta(days=1)
    event = services.tournament_create(
        organizer=organizer,
        name="Later",
        announcement=services.Announcement(registration_opens_at=soon),
    )
    page = Client()
    page.force_login(make_user())
    shown = page.get(f"/tournaments/{event.pk}/").content.decode()
    assert "Registration opens on" in shown
    assert ">Join</button>" not in shown
    joined = page.post(f"/tournaments/{event.pk}/join/", follow=True).content.decode()
    assert "Registration opens on" in joined
    assert not event.entries.exists()
