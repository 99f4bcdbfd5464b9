"""Match time limits: deadlines, the worker's tasks, calling and extending time, the time rule."""

from datetime import timedelta

import pytest
from django.utils import timezone

from tests.tournaments.helpers import entry_by_seed, make_overdue, match_with, team_duel
from tournaments import tasks
from tournaments.models import Match
from tournaments.services import clock


@pytest.fixture
def duel(make_event, org_client):
    """A started 2-entry best-of-3 event with a 50-minute limit: (tid, players, match, e1, e2)."""
    tid, players = make_event(2, best_of=3)
    org_client.post(f"/api/tournaments/{tid}/start/")
    match = match_with(org_client, tid, 1, 1)
    return tid, players, match, entry_by_seed(match, 1), entry_by_seed(match, 2)


def test_start_sets_a_deadline_and_schedules_the_task_on_commit(
    make_event, org_client, django_capture_on_commit_callbacks, monkeypatch
):
    # given an event of 4 with a 30-minute limit
    tid, _ = make_event(4, time_limit_minutes=30)
    sent = []
    monkeypatch.setattr(
        tasks.tournament_deadlines, "apply_async", lambda args, eta: sent.append((args, eta))
    )
    # when it starts
    with django_capture_on_commit_callbacks(execute=True):
        org_client.post(f"/api/tournaments/{tid}/start/")
    # then both matches run with a deadline 30 minutes away and one task is queued for it
    deadlines = set(Match.objects.filter(round__number=1).values_list("deadline", flat=True))
    assert len(deadlines) == 1
    deadline = deadlines.pop()
    assert timedelta(minutes=29) < deadline - timezone.now() <= timedelta(minutes=30)
    assert sent == [((tid,), deadline)]


def test_no_time_limit_means_no_deadline(make_event, org_client):
    tid, _ = make_event(2, time_limit_minutes=0)
    org_client.post(f"/api/tournaments/{tid}/start/")
    match = Match.objects.get(tournament_id=tid)
    assert match.status == "in_progress"
    assert match.deadline is None


def test_the_task_does_nothing_before_the_deadline_and_once_after_it(duel):
    tid, _players, match, _e1, _e2 = duel
    assert tasks.match_deadline(match["id"]) is False
    make_overdue(match["id"])
    assert tasks.tournament_deadlines(tid) == 1
    assert tasks.match_deadline(match["id"]) is False
    assert Match.objects.get(pk=match["id"]).time_called_at is not None


def test_at_time_the_match_goes_to_whoever_has_more_game_wins(duel, org_client, client_for):
    # given seed 2 won game 1 on the engine and game 2 is in progress at the deadline
    _tid, players, match, e1, e2 = duel
    from tournaments.services import match_game_record_from_engine

    match_game_record_from_engine(
        match_id=match["id"],
        game_number=1,
        winner_entry_id=e2,
        life={e1: 0, e2: 4},
        first_damage_entry_id=e1,
    )
    make_overdue(match["id"])
    tasks.match_deadlines_sweep()
    # when the players enter game 2's totals: seed 1 leads on life
    response = client_for(players[0][0]).post(
        f"/api/matches/{match['id']}/time/", {"life": {e1: 15, e2: 3}}, format="json"
    )
    # then the games are 1-1 and the match needs the organizer's decision
    body = response.json()
    assert body["status"] == "needs_decision"
    assert [g["winner"] for g in body["games"]] == [e2, e1]
    response = org_client.post(f"/api/matches/{match['id']}/decide/", {"winner": e2}, format="json")
    assert response.json()["decided_by"] == "organizer"


def test_a_tie_without_first_damage_needs_a_decision(duel, org_client):
    _tid, _players, match, e1, e2 = duel
    response = org_client.post(
        f"/api/matches/{match['id']}/call-time/",
        {"life": {e1: 5, e2: 5}, "first_damage": None},
        format="json",
    )
    assert response.json()["status"] == "needs_decision"
    assert response.json()["games"][0]["winner"] is None


def test_call_time_with_life_decides_at_once(duel, org_client, client_for):
    _tid, players, match, e1, e2 = duel
    url = f"/api/matches/{match['id']}/call-time/"
    assert client_for(players[0][0]).post(url, {}, format="json").status_code == 403
    response = org_client.post(url, {"life": {e1: 2, e2: 1}}, format="json")
    assert (response.json()["winner"], response.json()["decided_by"]) == (e1, "time")


def test_time_cannot_be_entered_before_it_is_called(duel, client_for):
    _tid, players, match, e1, e2 = duel
    response = client_for(players[0][0]).post(
        f"/api/matches/{match['id']}/time/", {"life": {e1: 2, e2: 1}}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["code"] == "time_not_called"


def test_extend_moves_the_deadline_and_clears_a_call(duel, org_client):
    # given time was called on the match
    _tid, _players, match, _e1, _e2 = duel
    org_client.post(f"/api/matches/{match['id']}/call-time/", {}, format="json")
    assert Match.objects.get(pk=match["id"]).time_called_at is not None
    # when the organizer extends it by 10 minutes
    response = org_client.post(
        f"/api/matches/{match['id']}/extend/", {"minutes": 10}, format="json"
    )
    # then the clock runs again
    assert response.status_code == 200
    row = Match.objects.get(pk=match["id"])
    assert row.time_called_at is None
    assert timedelta(minutes=9) < row.deadline - timezone.now() <= timedelta(minutes=10)
    bad = org_client.post(f"/api/matches/{match['id']}/extend/", {"minutes": 0}, format="json")
    assert bad.status_code == 400


def test_engine_matches_use_the_live_game_at_the_deadline(duel, monkeypatch):
    # given the engine reports seed 2 ahead on life in the game in progress
    _tid, _players, match, e1, e2 = duel
    monkeypatch.setattr(
        clock, "_live_facts", lambda match_id: {"life": {e1: 3, e2: 8}, "first_damage": e1}
    )
    make_overdue(match["id"])
    # when the worker enforces the deadline
    assert tasks.match_deadline(match["id"]) is True
    # then seed 2 wins on time without anyone entering anything
    row = Match.objects.get(pk=match["id"])
    assert (row.winner_id, row.decided_by) == (e2, "time")


def test_engine_tied_life_falls_back_to_first_damage(duel, monkeypatch):
    _tid, _players, match, e1, e2 = duel
    monkeypatch.setattr(
        clock, "_live_facts", lambda match_id: {"life": {e1: 6, e2: 6}, "first_damage": e1}
    )
    make_overdue(match["id"])
    tasks.match_deadlines_sweep()
    assert Match.objects.get(pk=match["id"]).winner_id == e1


def test_a_cancelled_tournament_is_left_alone(duel, org_client, client_for):
    tid, players, match, e1, _e2 = duel
    assert org_client.post(f"/api/tournaments/{tid}/cancel/").json()["status"] == "cancelled"
    make_overdue(match["id"])
    assert tasks.match_deadlines_sweep() == 0
    response = client_for(players[0][0]).post(
        f"/api/matches/{match['id']}/report/", {"games": [{"winner": e1}] * 2}, format="json"
    )
    assert response.status_code == 409


def test_an_alliance_at_time_counts_the_sum_of_its_players_life(org_client, client_for, make_user):
    # given two alliances whose match ran out of time at a table
    match_id, [(t1, a1, _b1), (t2, _a2, b2)] = team_duel(org_client, make_user, "alliance")
    make_overdue(match_id)
    assert tasks.match_deadlines_sweep() == 1
    detail = client_for(a1).get(f"/api/matches/{match_id}/").json()
    assert detail["time_called"]
    assert detail["team_mode"] == "alliance"
    assert [len(e["members"]) for e in detail["entries"]] == [2, 2]
    # when a player enters each player's life: team 1 has one player left on 5, team 2 two on 3
    url = f"/api/matches/{match_id}/time/"
    too_many = client_for(b2).post(url, {"life": {t1: [5, 0, 1], t2: 6}}, format="json")
    assert (too_many.status_code, too_many.json()["code"]) == (400, "invalid_life")
    response = client_for(b2).post(url, {"life": {t1: [5, 0], t2: [3, 3]}}, format="json")
    # then team 2 wins the game and the match on time, 6 life to 5
    body = response.json()
    assert response.status_code == 200, body
    assert (body["winner"], body["decided_by"]) == (t2, "time")
    assert body["games"][0]["life"] == {str(t1): 5, str(t2): 6}


def test_an_as_one_team_has_one_shared_total(org_client, make_user):
    match_id, [(t1, _a1, _b1), (t2, _a2, _b2)] = team_duel(org_client, make_user, "as-one")
    url = f"/api/matches/{match_id}/call-time/"
    # one total per player is refused: the team shares one
    response = org_client.post(url, {"life": {t1: [10, 10], t2: 8}}, format="json")
    assert response.status_code == 400
    assert "shares it" in response.json()["detail"]
    response = org_client.post(url, {"life": {t1: 12, t2: [8]}}, format="json")
    assert (response.json()["winner"], response.json()["decided_by"]) == (t1, "time")


def test_a_team_reports_and_confirms_as_one_entry(org_client, client_for, make_user):
    # given an alliance match; team 1's player b reports a win for team 1
    match_id, [(t1, a1, b1), (_t2, a2, _b2)] = team_duel(org_client, make_user, "alliance")
    url = f"/api/matches/{match_id}"
    body = {"games": [{"winner": t1}]}
    assert client_for(b1).post(f"{url}/report/", body, format="json").status_code == 200
    # then b's teammate cannot confirm it (it is their own team's report), the opponents can
    assert client_for(a1).post(f"{url}/confirm/").json()["code"] == "own_report"
    response = client_for(a2).post(f"{url}/confirm/")
    assert (response.json()["status"], response.json()["winner"]) == ("finished", t1)


def test_at_time_more_game_wins_take_a_best_of_three(duel, org_client):
    # given seed 1 won game 1 and no game is in progress when time is called
    _tid, _players, match, e1, e2 = duel
    from tournaments.services import match_game_record_from_engine

    match_game_record_from_engine(
        match_id=match["id"], game_number=1, winner_entry_id=e1, life={}, first_damage_entry_id=e2
    )
    org_client.post(f"/api/matches/{match['id']}/call-time/", {}, format="json")
    # when the organizer enters no life totals, then the 1-0 lead wins the match
    response = org_client.post(f"/api/matches/{match['id']}/time/", {"life": {}}, format="json")
    assert (response.json()["winner"], response.json()["decided_by"]) == (e1, "time")


def test_a_table_match_enters_the_games_finished_before_time(duel, client_for):
    # given a best-of-3 played at a table: seed 1 won game 1, game 2 is under way at time
    _tid, players, match, e1, e2 = duel
    make_overdue(match["id"])
    tasks.match_deadlines_sweep()
    url = f"/api/matches/{match['id']}/time/"
    client = client_for(players[1][0])
    # games that already decide the match, or name a stranger, are refused
    won = client.post(url, {"games": [{"winner": e1}] * 2, "life": {}}, format="json")
    assert (won.status_code, won.json()["code"]) == (400, "invalid_result")
    assert "report the result instead" in won.json()["detail"]
    stranger = client.post(url, {"games": [{"winner": 999999}], "life": {}}, format="json")
    assert stranger.status_code == 400
    # when seed 2 enters game 1 for seed 1 and leads game 2 on life
    body = {"games": [{"winner": e1}], "life": {e1: 4, e2: 9}, "first_damage": None}
    response = client.post(url, body, format="json")
    # then it is one game each: the organizer decides
    data = response.json()
    assert data["status"] == "needs_decision"
    assert [(g["number"], g["winner"], g["source"]) for g in data["games"]] == [
        (1, e1, "time"),
        (2, e2, "time"),
    ]


def test_call_time_with_a_finished_game_and_no_game_in_progress(duel, org_client):
    _tid, _players, match, e1, _e2 = duel
    response = org_client.post(
        f"/api/matches/{match['id']}/call-time/", {"games": [{"winner": e1}]}, format="json"
    )
    assert (response.json()["winner"], response.json()["decided_by"]) == (e1, "time")


def test_the_organizer_calls_time_on_or_extends_a_whole_round(make_event, org_client, client_for):
    # given 8 entries: round 1 has four running matches with a clock
    tid, players = make_event(8, best_of=1)
    org_client.post(f"/api/tournaments/{tid}/start/")
    url = f"/api/tournaments/{tid}/rounds/1"
    before = set(Match.objects.filter(round__number=1).values_list("deadline", flat=True))
    # extend all: every deadline moves 10 minutes
    response = org_client.post(f"{url}/extend/", {"minutes": 10}, format="json")
    assert response.json() == {"matches": 4}
    after = set(Match.objects.filter(round__number=1).values_list("deadline", flat=True))
    assert {d + timedelta(minutes=10) for d in before} == after
    # a player may not
    assert client_for(players[0][0]).post(f"{url}/call-time/").status_code == 403
    # call time on all: every match of the round has time called, each audited
    assert org_client.post(f"{url}/call-time/").json() == {"matches": 4}
    rows = Match.objects.filter(round__number=1)
    assert all(m.time_called_at is not None for m in rows)
    assert org_client.post(f"{url}/call-time/").json() == {"matches": 0}  # already called
