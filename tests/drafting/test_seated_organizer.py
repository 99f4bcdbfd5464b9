"""An organizer who sits in their own draft sees what a player sees until it ends, and cannot
choose the seed of a deal they play in (ruling 20)."""

import pytest
from django.test import Client

from decks.drafting.models import Draft, SealedDeal
from tournaments.models import Entry

from .conftest import draft_to_the_end

pytestmark = pytest.mark.django_db


def test_a_seated_organizer_sees_no_pack_seed_or_log_until_the_draft_ends(
    client_for, make_draft, organizer, players
):
    # given a pod with a chosen seed, where the organizer sits beside another player
    draft = make_draft(humans=[organizer, players[0]], seats=4, seed="i-know-this")
    host = client_for(organizer)
    # then the server drew the seed at the start instead of the chosen one
    assert Draft.objects.get(pk=draft.id).seed != "i-know-this"
    # and the pod view keeps the controls but shows no pack and no seed
    pod = host.get(f"/api/drafts/{draft.id}/pod/").json()
    assert pod["packs_hidden"] is True
    assert "seed" not in pod
    assert all(pack["cards"] == [] for seat in pod["seats"] for pack in seat["queue"])
    browser = Client()
    browser.force_login(organizer)
    page = browser.get(f"/drafts/{draft.id}/pod/").content.decode()
    assert "you see what a player sees" in page
    assert host.get(f"/api/drafts/{draft.id}/log/").status_code == 403
    # when the draft ends, the seed is published to everyone and the log opens
    draft_to_the_end(draft.id, [organizer, players[0]])
    finished = client_for(players[5]).get(f"/api/drafts/{draft.id}/").json()
    assert finished["seed"] == Draft.objects.get(pk=draft.id).seed
    assert host.get(f"/api/drafts/{draft.id}/pod/").json()["packs_hidden"] is False
    assert host.get(f"/api/drafts/{draft.id}/log/").status_code == 200


def test_an_organizer_who_is_not_seated_still_sees_every_pack(client_for, make_draft, organizer):
    draft = make_draft(seats=3)
    pod = client_for(organizer).get(f"/api/drafts/{draft.id}/pod/").json()
    assert pod["packs_hidden"] is False
    assert pod["seed"] == "test-seed"
    assert all(pack["cards"] for seat in pod["seats"] for pack in seat["queue"])


def test_an_organizer_who_plays_cannot_choose_the_sealed_or_pod_seed(
    client_for, make_tournament, organizer, make_user
):
    sealed = make_tournament("sealed", 3)
    Entry.objects.create(tournament=sealed, user=organizer, seed=4)
    host = client_for(organizer)
    url = f"/api/tournaments/{sealed.id}/sealed-pools/"
    refused = host.post(url, {"seed": "mine"}, format="json")
    assert refused.status_code == 403
    assert refused.json()["code"] == "seed_not_allowed"
    assert not SealedDeal.objects.exists()
    # the server's seed is fine
    assert host.post(url, {}, format="json").status_code == 201
    # the same for a draft tournament's pods
    draft_event = make_tournament("draft", 3)
    Entry.objects.create(tournament=draft_event, user=organizer, seed=4)
    pods = host.post(f"/api/tournaments/{draft_event.id}/drafts/", {"seed": "x"}, format="json")
    assert (pods.status_code, pods.json()["code"]) == (403, "seed_not_allowed")
    assert not Draft.objects.filter(tournament=draft_event).exists()
    # staff may choose it
    staff = make_user("staffer")
    staff.is_staff = True
    staff.save()
    assert (
        client_for(staff)
        .post(f"/api/tournaments/{draft_event.id}/drafts/", {"seed": "x"}, format="json")
        .status_code
        == 201
    )
