"""The Winston API: create with the format, read the table (only the acting player sees the
pile's cards), move, and the refusals (not logged in, stale turn, bad action, no seat)."""

import pytest

pytestmark = pytest.mark.django_db


def a_started_winston_draft(host, alice, bob) -> int:
    """The host creates a Winston draft (2 seats, none for a third) that alice and bob join;
    it starts. Its id."""
    body = {"game": "combat", "seats": 2, "bots": 0, "format": "winston", "seed": "w"}
    created = host.post("/api/drafts/", body, format="json")
    assert created.status_code == 201, created.json()
    assert created.json()["format"] == "winston"
    draft_id = created.json()["id"]
    three = host.post("/api/drafts/", {**body, "seats": 3}, format="json")
    assert three.status_code == 400
    assert three.json()["errors"] == {"seats": ["A Winston draft has 2 seats."]}
    alice.post(f"/api/drafts/{draft_id}/join/")
    bob.post(f"/api/drafts/{draft_id}/join/")
    assert host.post(f"/api/drafts/{draft_id}/start/").status_code == 200
    return draft_id


def then_only_the_acting_player_sees_the_pile(url: str, alice, bob) -> None:
    """The acting player sees pile 1's card; the other sees only the sizes and the stack."""
    mine, theirs = alice.get(url).json(), bob.get(url).json()
    assert mine["your_turn"]
    assert len(mine["current_pile"]) == 1
    assert theirs["current_pile"] is None
    assert theirs["pile_sizes"] == [1, 1, 1]
    assert theirs["stack"] == 87


def then_refusals_change_nothing(url: str, anonymous, alice, bob, stranger) -> None:
    """No login, not your turn, a bad action and no seat are refused."""
    assert anonymous.post(url, {"action": "take", "turn": 0}, format="json").status_code in (
        401,
        403,
    )
    assert bob.post(url, {"action": "take", "turn": 0}, format="json").status_code == 409
    assert alice.post(url, {"action": "grab", "turn": 0}, format="json").status_code == 400
    assert stranger.post(url, {"action": "take", "turn": 0}).status_code == 403


def test_a_winston_draft_through_the_api(client_for, api_client, organizer, players):
    host, alice, bob = client_for(organizer), client_for(players[0]), client_for(players[1])
    draft_id = a_started_winston_draft(host, alice, bob)
    url = f"/api/drafts/{draft_id}/winston/"
    # the acting player sees pile 1's card; the other sees only the sizes and the stack
    then_only_the_acting_player_sees_the_pile(url, alice, bob)
    # refusals change nothing
    then_refusals_change_nothing(url, api_client, alice, bob, client_for(players[2]))
    # a decline moves alice to pile 2; repeating it is a 409 with the current turn
    moved = alice.post(url, {"action": "decline", "turn": 0}, format="json")
    assert moved.status_code == 201
    assert (moved.json()["pile"], moved.json()["pile_sizes"]) == (1, [2, 1, 1])
    again = alice.post(url, {"action": "decline", "turn": 0}, format="json")
    assert again.status_code == 409
    assert again.json()["turn"] == 1
    # a take hands the turn to bob
    taken = alice.post(url, {"action": "take", "turn": 1}, format="json").json()
    assert taken["pool_sizes"] == [1, 0]
    assert taken["active_seat"] == 1
    assert bob.get(url).json()["your_turn"]
    # the pod's seats count the cards taken (a pile is its cards) and mark who acts
    seats = host.get(f"/api/drafts/{draft_id}/pod/").json()["seats"]
    assert [(s["picks"], s["picking"]) for s in seats] == [(1, False), (0, True)]
