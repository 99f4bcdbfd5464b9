"""An organizer who plays in their own event reports like any player: the opponent confirms
(ruling 17). Deciding as the organizer stays possible, and the audit trail says so."""

import pytest

from tests.tournaments.helpers import entry_by_seed, match_with

pytestmark = pytest.mark.django_db


@pytest.fixture
def own_match(org_client, organizer, make_user, client_for):
    """A started 2-entry event in which the organizer plays seed 1 against a player."""
    tournament = org_client.post(
        "/api/tournaments/",
        {"name": "Club night", "seeding": "manual", "best_of": 1},
        format="json",
    ).json()
    tid = tournament["id"]
    opponent = make_user()
    for seed, user in ((1, organizer), (2, opponent)):
        response = org_client.post(
            f"/api/tournaments/{tid}/entries/", {"user": user.pk, "seed": seed}, format="json"
        )
        assert response.status_code == 201, response.content
    assert org_client.post(f"/api/tournaments/{tid}/start/").status_code == 200
    match = match_with(org_client, tid, 1, 1)
    return match["id"], entry_by_seed(match, 1), entry_by_seed(match, 2), client_for(opponent)


def report(client, match_id, winner, **extra):
    body = {"games": [{"winner": winner}], **extra}
    return client.post(f"/api/matches/{match_id}/report/", body, format="json")


def test_the_organizers_own_report_waits_for_the_opponent(own_match, org_client):
    match_id, mine, _theirs, opponent = own_match
    # when the organizer reports their own win
    response = report(org_client, match_id, mine)
    # then it is a report like a player's, not a final result
    assert response.status_code == 200, response.content
    assert response.json()["status"] == "awaiting_confirmation"
    assert response.json()["winner"] is None
    # and the opponent can dispute it
    disputed = opponent.post(f"/api/matches/{match_id}/dispute/")
    assert disputed.json()["status"] == "disputed"


def test_the_opponents_confirmation_finishes_it(own_match, org_client):
    match_id, mine, _theirs, opponent = own_match
    report(org_client, match_id, mine)
    confirmed = opponent.post(f"/api/matches/{match_id}/confirm/")
    assert confirmed.json()["status"] == "finished"
    assert confirmed.json()["winner"] == mine


def test_deciding_as_the_organizer_is_final_and_audited_as_such(own_match, org_client):
    match_id, mine, _theirs, _opponent = own_match
    response = report(org_client, match_id, mine, as_organizer=True)
    body = response.json()
    assert (body["status"], body["winner"]) == ("finished", mine)
    assert [a["action"] for a in body["audit"]][-1] == "organizer-own-match"


def test_an_organizer_who_plays_cannot_confirm_their_own_report(own_match, org_client):
    match_id, mine, _theirs, _opponent = own_match
    report(org_client, match_id, mine)
    refused = org_client.post(f"/api/matches/{match_id}/confirm/")
    assert (refused.status_code, refused.json()["code"]) == (400, "own_report")


def test_the_organizer_confirms_for_a_guest_and_the_trail_says_so(
    org_client, organizer, make_user, client_for
):
    from django.test import Client

    tid = org_client.post(
        "/api/tournaments/", {"name": "Guests", "seeding": "manual", "best_of": 1}, format="json"
    ).json()["id"]
    player = make_user()
    org_client.post(
        f"/api/tournaments/{tid}/entries/", {"user": player.pk, "seed": 1}, format="json"
    )
    org_client.post(f"/api/tournaments/{tid}/entries/", {"name": "Gus", "seed": 2}, format="json")
    org_client.post(f"/api/tournaments/{tid}/start/")
    match = match_with(org_client, tid, 1, 1)
    winner = entry_by_seed(match, 1)
    report(client_for(player), match["id"], winner)
    browser = Client()
    browser.force_login(organizer)
    page = browser.get(f"/matches/{match['id']}/").content.decode()
    assert "Confirm for the players" in page
    browser.post(f"/matches/{match['id']}/confirm/")
    body = org_client.get(f"/api/matches/{match['id']}/").json()
    assert (body["status"], body["winner"]) == ("finished", winner)
    assert body["audit"][-1]["action"] == "organizer-confirm"
    assert "confirmed by the organizer" in browser.get(f"/matches/{match['id']}/").content.decode()
