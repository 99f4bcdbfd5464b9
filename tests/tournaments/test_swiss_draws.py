"""Draws in Swiss rounds (tournaments/RULINGS.md S4, S12): the organizer rules a match a draw,
each entry scores one match point, a draw can be corrected both ways, elimination refuses one,
and the ratings read it as a shared place (ratings/RULINGS.md R4)."""

import pytest
from django.test import Client

from ratings import tasks as rating_tasks
from ratings.models import Rating

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def points(client, tid) -> dict[int, int]:
    rows = client.get(f"/api/tournaments/{tid}/standings/").json()["results"]
    return {row["entry"]["id"]: row["match_points"] for row in rows}


def first_match(client, tid) -> dict:
    rounds = client.get(f"/api/tournaments/{tid}/bracket/").json()["rounds"]
    return next(m for m in rounds[0]["matches"] if not m["is_bye"])


def test_the_organizer_rules_a_swiss_match_a_draw_and_corrects_it(make_event, org_client):
    # given a 4-entry Swiss event in round 1
    tid, _players = make_event(4, best_of=3, structure="swiss")
    org_client.post(f"/api/tournaments/{tid}/start/")
    match = first_match(org_client, tid)
    a, b = (e["id"] for e in match["entries"])
    url = f"/api/matches/{match['id']}/decide/"
    # when the organizer rules it a draw
    response = org_client.post(url, {"draw": True}, format="json")
    assert response.status_code == 200, response.json()
    assert (response.json()["status"], response.json()["winner"]) == ("finished", None)
    assert response.json()["decided_by"] == "draw"
    # then each entry has a draw's point, and the tables and the match page say "draw"
    standing = points(org_client, tid)
    assert (standing[a], standing[b]) == (1, 1)
    rows = org_client.get(f"/api/tournaments/{tid}/standings/").json()["results"]
    assert next(r for r in rows if r["entry"]["id"] == a)["match_draws"] == 1
    assert "draw" in Client().get(f"/tournaments/{tid}/rounds/1/").content.decode()
    assert "a draw" in Client().get(f"/matches/{match['id']}/").content.decode()
    # when it is corrected to a win for b, and back to a draw
    assert org_client.post(url, {"winner": b}, format="json").status_code == 200
    assert (points(org_client, tid)[a], points(org_client, tid)[b]) == (0, 3)
    assert org_client.post(url, {"draw": True}, format="json").status_code == 200
    assert (points(org_client, tid)[a], points(org_client, tid)[b]) == (1, 1)


def test_a_draw_is_refused_outside_swiss_and_for_players(make_event, org_client, client_for):
    # given a single-elimination event and a Swiss one
    tid, _players = make_event(2, best_of=1)
    org_client.post(f"/api/tournaments/{tid}/start/")
    match = first_match(org_client, tid)
    # when the organizer asks for a draw in elimination, then it is a 400 that says why
    response = org_client.post(f"/api/matches/{match['id']}/decide/", {"draw": True}, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "no_draws_here"
    # and naming a winner and a draw at once, or neither, is a 400
    for body in ({"draw": True, "winner": match["entries"][0]["id"]}, {}):
        response = org_client.post(f"/api/matches/{match['id']}/decide/", body, format="json")
        assert response.status_code == 400, body
    swiss_id, players = make_event(2, best_of=1, structure="swiss")
    org_client.post(f"/api/tournaments/{swiss_id}/start/")
    swiss_match = first_match(org_client, swiss_id)
    # and a player cannot rule a draw
    player = client_for(players[0][0])
    response = player.post(
        f"/api/matches/{swiss_match['id']}/decide/", {"draw": True}, format="json"
    )
    assert response.status_code == 403


def test_a_draw_rates_both_players_as_sharing_the_place(make_event, org_client):
    tid, players = make_event(2, best_of=1, structure="swiss")
    org_client.post(f"/api/tournaments/{tid}/start/")
    match = first_match(org_client, tid)
    org_client.post(f"/api/matches/{match['id']}/decide/", {"draw": True}, format="json")
    assert rating_tasks.match_rate(match["id"]) is True
    mus = sorted(round(r.mu, 6) for r in Rating.objects.filter(user__in=[u for u, _ in players]))
    assert len(mus) == 2
    assert mus[0] == mus[1]


def test_the_match_page_offers_a_draw_in_swiss_only(make_event, org_client, organizer):
    # given a Swiss event and an elimination event, each with a match under way
    swiss_id, _ = make_event(2, best_of=1, structure="swiss")
    plain_id, _ = make_event(2, best_of=1)
    for tid in (swiss_id, plain_id):
        org_client.post(f"/api/tournaments/{tid}/start/")
    page = Client()
    page.force_login(organizer)
    swiss_match, plain_match = (first_match(org_client, t)["id"] for t in (swiss_id, plain_id))
    # then the organizer's winner menu offers a draw in the Swiss match only
    assert 'value="draw"' in page.get(f"/matches/{swiss_match}/").content.decode()
    assert 'value="draw"' not in page.get(f"/matches/{plain_match}/").content.decode()
    # when the organizer chooses it, then the match is a draw
    response = page.post(f"/matches/{swiss_match}/decide/", {"winner": "draw"}, follow=True)
    assert "Draw recorded." in response.content.decode()
    assert first_match(org_client, swiss_id)["decided_by"] == "draw"
