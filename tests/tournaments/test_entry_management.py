"""The organizer manages entries before the start: remove, rename, re-seed (a swap), paste many
names at once; duplicate names are refused (ruling 19); the list reads by seed."""

import pytest
from django.test import Client

from tournaments.models import Entry

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(org_client) -> int:
    body = {"name": "Club night", "seeding": "manual"}
    return org_client.post("/api/tournaments/", body, format="json").json()["id"]


def names_by_seed(tid: int) -> list[tuple[int | None, str]]:
    return [
        (e.seed, e.display_name)
        for e in Entry.objects.filter(tournament_id=tid).order_by("seed", "id")
    ]


def test_paste_adds_everyone_or_nobody_and_names_the_bad_line(event, org_client):
    url = f"/api/tournaments/{event}/entries/paste/"
    bad = org_client.post(url, {"text": "Ann, 1\nBob, two\nCid"}, format="json")
    assert (bad.status_code, bad.json()["code"]) == (400, "invalid")
    assert "Line 2" in bad.json()["detail"]
    assert not Entry.objects.filter(tournament_id=event).exists()
    good = org_client.post(url, {"text": "Ann, 1\n\nBob\nCid, 2\n"}, format="json")
    assert good.status_code == 201, good.content
    assert sorted(names_by_seed(event), key=str) == sorted(
        [(1, "Ann"), (2, "Cid"), (None, "Bob")], key=str
    )


def test_duplicate_names_are_refused_whatever_their_case(event, org_client, make_user):
    url = f"/api/tournaments/{event}/entries/"
    assert org_client.post(url, {"name": "Gus"}, format="json").status_code == 201
    again = org_client.post(url, {"name": "gus"}, format="json")
    assert (again.status_code, again.json()["code"]) == (409, "name_taken")
    # a guest may not take a registered player's name either
    player = org_client.post(url, {"user": make_user("zed").pk}, format="json")
    assert player.status_code == 201
    clash = org_client.post(url, {"name": "ZED"}, format="json")
    assert (clash.status_code, clash.json()["code"]) == (409, "name_taken")
    assert Entry.objects.filter(tournament_id=event).count() == 2


def test_rename_reseed_by_swap_and_remove(event, org_client, client_for, make_user):
    paste = org_client.post(
        f"/api/tournaments/{event}/entries/paste/", {"text": "Ann, 1\nBob, 2\nCid"}, format="json"
    )
    ann, bob, cid = (e["id"] for e in paste.json())
    detail = f"/api/tournaments/{event}/entries/"
    # moving Bob to seed 1 swaps him with Ann
    assert org_client.patch(f"{detail}{bob}/", {"seed": 1}, format="json").status_code == 200
    assert names_by_seed(event)[:2] == [(1, "Bob"), (2, "Ann")]
    # renaming to a free name works; to a taken one is refused
    assert org_client.patch(f"{detail}{cid}/", {"name": "Cy"}, format="json").status_code == 200
    taken = org_client.patch(f"{detail}{cid}/", {"name": "ann"}, format="json")
    assert taken.status_code == 409
    # a player may not edit entries
    assert (
        client_for(make_user()).patch(f"{detail}{cid}/", {"seed": 1}, format="json").status_code
        == 403
    )
    # removing before the start deletes it
    assert org_client.delete(f"{detail}{ann}/").status_code == 204
    assert [name for _seed, name in names_by_seed(event)] == ["Bob", "Cy"]


def test_the_page_lists_by_seed_and_offers_the_controls(event, org_client, organizer):
    org_client.post(
        f"/api/tournaments/{event}/entries/paste/", {"text": "Zoe\nAnn, 2\nBob, 1"}, format="json"
    )
    client = Client()
    client.force_login(organizer)
    page = client.get(f"/tournaments/{event}/").content.decode()
    assert page.index("Bob") < page.index("Ann") < page.index("Zoe")  # seeds 1, 2, then unseeded
    assert "Move Ann up to seed 1" in page
    assert "Yes, remove" in page
    assert "Start tournament…" in page
    # the start and the cancel each ask first, and the cancel is apart from the start
    assert page.index("Start tournament…") < page.index("Cancel the event")
    zoe = Entry.objects.get(tournament_id=event, name="Zoe")
    client.post(f"/tournaments/{event}/remove-entry/", {"entry": str(zoe.pk)})
    assert not Entry.objects.filter(pk=zoe.pk).exists()


def test_paste_registers_players_by_username_and_guests_by_name(event, org_client, make_user):
    make_user("Zoe")
    url = f"/api/tournaments/{event}/entries/paste/"
    missing = org_client.post(url, {"text": "@zoe\n@nobody"}, format="json")
    assert (missing.status_code, missing.json()["code"]) == (404, "user_not_found")
    assert "Line 2" in missing.json()["detail"]
    assert not Entry.objects.filter(tournament_id=event).exists()
    added = org_client.post(url, {"text": "@zoe, 1\nAnn"}, format="json")
    assert added.status_code == 201, added.content
    assert [(e["name"], e["user"] is not None) for e in added.json()] == [
        ("Zoe", True),
        ("Ann", False),
    ]
