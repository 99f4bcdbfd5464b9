"""Time in a Swiss round (tournaments/RULINGS.md 6, S14): the rulebook's time rule (life, then
first damage, then game wins) decides as in elimination; only a true tie after it ends a Swiss
match drawn (one match point each), while elimination and the top cut still go to the organizer."""

import pytest

from tests.tournaments.helpers import make_overdue
from tournaments import tasks
from tournaments.models import Match
from tournaments.services import clock

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def rounds_of(client, tid) -> list[dict]:
    return client.get(f"/api/tournaments/{tid}/bracket/").json()["rounds"]


def started(make_event, org_client, **settings):
    tid, players = make_event(2, **settings)
    assert org_client.post(f"/api/tournaments/{tid}/start/").status_code == 200
    match = rounds_of(org_client, tid)[0]["matches"][0]
    users = {entry_id: user for user, entry_id in players}
    a, b = (e["id"] for e in match["entries"])
    return tid, match["id"], users, a, b


def points(client, tid) -> dict[int, int]:
    rows = client.get(f"/api/tournaments/{tid}/standings/").json()["results"]
    return {row["entry"]["id"]: row["match_points"] for row in rows}


def enter_time(client, mid, *, life, first_damage=None, games=None):
    body = {"life": life, "first_damage": first_damage}
    if games is not None:
        body["games"] = [{"winner": w} for w in games]
    response = client.post(f"/api/matches/{mid}/time/", body, format="json")
    assert response.status_code == 200, response.json()
    return response.json()


def test_a_true_tie_at_time_draws_a_swiss_match(make_event, org_client, client_for):
    # given a best-of-3 Swiss table match at 1-1 when time is called
    tid, mid, users, a, b = started(make_event, org_client, best_of=3, structure="swiss")
    make_overdue(mid)
    tasks.match_deadlines_sweep()
    # when the players enter level life in game 3 and nobody dealt damage first
    body = enter_time(client_for(users[a]), mid, life={a: 7, b: 7}, games=[a, b])
    # then the match is drawn at time: no winner, one point each, games 1-1 with game 3 drawn
    assert (body["status"], body["winner"], body["decided_by"]) == ("finished", None, "draw")
    assert [g["winner"] for g in body["games"]] == [a, b, None]
    assert "time-draw" in [step["action"] for step in body["audit"]]
    assert points(org_client, tid) == {a: 1, b: 1}


def test_the_time_rule_still_decides_a_swiss_match_when_it_can(make_event, org_client, client_for):
    # level life, but a tied entry dealt the first damage: that entry wins the game and 2-1
    _tid, mid, users, a, b = started(make_event, org_client, best_of=3, structure="swiss")
    make_overdue(mid)
    tasks.match_deadlines_sweep()
    body = enter_time(client_for(users[b]), mid, life={a: 4, b: 4}, first_damage=b, games=[a, b])
    assert (body["winner"], body["decided_by"]) == (b, "time")
    # no game in progress and one game up: the leader wins the match at time
    _tid, mid, users, a, b = started(make_event, org_client, best_of=3, structure="swiss")
    make_overdue(mid)
    tasks.match_deadlines_sweep()
    body = enter_time(client_for(users[a]), mid, life={}, games=[a])
    assert (body["winner"], body["decided_by"]) == (a, "time")


def test_an_engine_match_tied_at_the_deadline_is_drawn_in_swiss(
    make_event, org_client, monkeypatch
):
    _tid, mid, _users, a, b = started(make_event, org_client, best_of=1, structure="swiss")
    monkeypatch.setattr(clock, "_live_facts", lambda match_id: {"life": {a: 6, b: 6}})
    make_overdue(mid)
    assert tasks.match_deadline(mid) is True
    row = Match.objects.get(pk=mid)
    assert (row.status, row.winner_id, row.decided_by) == ("finished", None, "draw")


def test_a_true_tie_still_needs_the_organizer_in_elimination_and_the_top_cut(
    make_event, org_client, client_for
):
    # elimination: unchanged (ruling 6)
    _tid, mid, users, a, b = started(make_event, org_client, best_of=3)
    make_overdue(mid)
    tasks.match_deadlines_sweep()
    body = enter_time(client_for(users[a]), mid, life={a: 7, b: 7}, games=[a, b])
    assert (body["status"], body["winner"]) == ("needs_decision", None)
    # the top cut of a Swiss event: also the organizer's decision
    tid, players = make_event(4, best_of=1, structure="swiss", swiss_rounds=1, top_cut=2)
    users = {entry_id: user for user, entry_id in players}
    org_client.post(f"/api/tournaments/{tid}/start/")
    for match in rounds_of(org_client, tid)[0]["matches"]:
        winner = min(e["id"] for e in match["entries"])
        org_client.post(f"/api/matches/{match['id']}/decide/", {"winner": winner}, format="json")
    final = rounds_of(org_client, tid)[1]["matches"][0]
    assert org_client.post(f"/api/tournaments/{tid}/rounds/2/start/").status_code == 200
    a, b = (e["id"] for e in final["entries"])
    make_overdue(final["id"])
    tasks.match_deadlines_sweep()
    body = enter_time(client_for(users[a]), final["id"], life={a: 3, b: 3})
    assert (body["status"], body["winner"]) == ("needs_decision", None)
