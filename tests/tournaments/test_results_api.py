"""Reporting, confirming, disputing, deciding and correcting results through the API."""

import pytest
from django.test import Client

from tests.tournaments.helpers import bracket, entry_by_seed, match_with, sweep_games
from tournaments.models import MatchAudit, MatchGame


@pytest.fixture
def four(make_event, org_client):
    """A started 4-entry best-of-3 event: 1v4 and 2v3."""
    tid, players = make_event(4, best_of=3)
    assert org_client.post(f"/api/tournaments/{tid}/start/").status_code == 200
    return tid, players


def test_impossible_results_are_refused_with_the_reason(four, org_client, client_for):
    # given match 1v4 and seed 4's player
    tid, players = four
    match = match_with(org_client, tid, 1, 1)
    e1, e4 = entry_by_seed(match, 1), entry_by_seed(match, 4)
    client = client_for(players[3][0])
    url = f"/api/matches/{match['id']}/report/"
    stranger = match_with(org_client, tid, 1, 2)["entries"][0]["id"]
    cases = [
        (sweep_games(e1, 3), "after the match was already won"),
        (
            {"games": [{"winner": e1}, {"winner": e4}, {"winner": e1}, {"winner": e4}]},
            "at most 3 games",
        ),
        (sweep_games(stranger, 2), "does not play in this match"),
        ({"games": [{"winner": e1}]}, "Nobody has 2 game wins"),
        ({"games": [{"winner": e1, "life": {str(stranger): 3}}] * 2}, "does not play"),
        ({"games": []}, "Invalid input"),
    ]
    for body, reason in cases:
        # when the player reports it
        response = client.post(url, body, format="json")
        # then it is a 400 that says why, and nothing changed
        assert response.status_code == 400, body
        assert reason in response.json()["detail"]
    assert MatchGame.objects.count() == 0


def test_only_players_report_and_pending_or_finished_matches_are_refused(
    four, org_client, client_for, make_user
):
    tid, players = four
    match = match_with(org_client, tid, 1, 1)
    e1 = entry_by_seed(match, 1)
    url = f"/api/matches/{match['id']}/report/"
    # a user who does not play in the match: 403, even for an impossible result or a confirm
    stranger = client_for(make_user())
    assert stranger.post(url, sweep_games(e1), format="json").status_code == 403
    assert stranger.post(url, sweep_games(e1, 3), format="json").status_code == 403
    for action in ("confirm", "dispute"):
        assert stranger.post(f"/api/matches/{match['id']}/{action}/").status_code == 403
    # seed 2's player is in the event but not in this match: 403
    assert client_for(players[1][0]).post(url, sweep_games(e1), format="json").status_code == 403
    # anonymous: 401
    assert org_client.__class__().post(url, sweep_games(e1), format="json").status_code == 401
    # the final is pending: 400
    final = bracket(org_client, tid)[1]["matches"][0]
    response = client_for(players[0][0]).post(
        f"/api/matches/{final['id']}/report/", sweep_games(e1), format="json"
    )
    assert response.status_code == 400
    assert response.json()["code"] == "match_pending"
    # once finished, a player can no longer report it: 400
    org_client.post(url, sweep_games(e1), format="json")
    response = client_for(players[3][0]).post(url, sweep_games(e1), format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "match_finished"


def test_the_reporter_cannot_confirm_and_a_dispute_goes_to_the_organizer(
    four, org_client, client_for
):
    # given seed 1 reports a 2-1 win over seed 4
    tid, players = four
    match = match_with(org_client, tid, 1, 1)
    e1, e4 = entry_by_seed(match, 1), entry_by_seed(match, 4)
    url = f"/api/matches/{match['id']}"
    body = {"games": [{"winner": e1}, {"winner": e4}, {"winner": e1}]}
    assert client_for(players[0][0]).post(f"{url}/report/", body, format="json").status_code == 200
    # when the reporter tries to confirm their own report
    response = client_for(players[0][0]).post(f"{url}/confirm/")
    # then it is refused
    assert response.status_code == 400
    assert response.json()["code"] == "own_report"
    # when seed 4 disputes
    response = client_for(players[3][0]).post(f"{url}/dispute/")
    assert response.json()["status"] == "disputed"
    # then players can no longer report, and the organizer decides
    response = client_for(players[3][0]).post(f"{url}/report/", sweep_games(e4), format="json")
    assert response.status_code == 409
    response = org_client.post(f"{url}/decide/", {"winner": e4}, format="json")
    assert response.status_code == 200
    assert (response.json()["winner"], response.json()["decided_by"]) == (e4, "organizer")
    actions = [a["action"] for a in response.json()["audit"]]
    assert actions == ["report", "dispute", "decide"]


def test_only_the_organizer_decides_and_the_winner_must_be_in_the_match(
    four, org_client, client_for
):
    tid, players = four
    match = match_with(org_client, tid, 1, 1)
    url = f"/api/matches/{match['id']}/decide/"
    e1 = entry_by_seed(match, 1)
    assert client_for(players[0][0]).post(url, {"winner": e1}, format="json").status_code == 403
    other = match_with(org_client, tid, 1, 2)["entries"][0]["id"]
    response = org_client.post(url, {"winner": other}, format="json")
    assert response.status_code == 400
    assert "not (or no longer) in this match" in response.json()["detail"]


def test_a_correction_keeps_the_old_games_and_the_audit_trail(four, org_client):
    # given the organizer entered 1 beating 4 2-0
    tid, _players = four
    match = match_with(org_client, tid, 1, 1)
    e1, e4 = entry_by_seed(match, 1), entry_by_seed(match, 4)
    url = f"/api/matches/{match['id']}/report/"
    org_client.post(url, sweep_games(e1), format="json")
    # when the organizer corrects it to 4 winning 2-1
    body = {"games": [{"winner": e4}, {"winner": e1}, {"winner": e4}]}
    response = org_client.post(url, body, format="json")
    # then the match and the final follow, and nothing was deleted
    assert response.json()["winner"] == e4
    assert [g["winner"] for g in response.json()["games"]] == [e4, e1, e4]
    final = bracket(org_client, tid)[1]["matches"][0]
    assert e4 in [e["id"] for e in final["entries"]]
    assert e1 not in [e["id"] for e in final["entries"]]
    assert MatchGame.objects.filter(match_id=match["id"]).count() == 5
    trail = MatchAudit.objects.filter(match_id=match["id"]).order_by("id")
    last = trail.last()
    assert (last.action, last.before["winner"], last.after["winner"]) == ("correction", e1, e4)
    assert last.actor.username == "organizer"
    # and the bracket reads the corrected score, not the replaced games added to it
    page = Client().get(f"/tournaments/{tid}/").content.decode()
    assert "2\u20131" in page
    assert "3\u20132" not in page


def test_a_correction_waits_until_the_later_matches_are_corrected(make_event, org_client):
    # given 8 entries where seed 1 won round 1 and round 2, and plays the final
    tid, _ = make_event(8, best_of=1)
    org_client.post(f"/api/tournaments/{tid}/start/")
    for number in (1, 2):
        for m in bracket(org_client, tid)[number - 1]["matches"]:
            org_client.post(
                f"/api/matches/{m['id']}/decide/", {"winner": m["entries"][0]["id"]}, format="json"
            )
    first, semi = match_with(org_client, tid, 1, 1), match_with(org_client, tid, 2, 1)
    final = match_with(org_client, tid, 3, 1)
    e1, e8 = entry_by_seed(first, 1), entry_by_seed(first, 8)
    org_client.post(f"/api/matches/{final['id']}/start/")
    # when the organizer corrects round 1 to seed 8 winning
    response = org_client.post(f"/api/matches/{first['id']}/decide/", {"winner": e8}, format="json")
    # then it is refused, naming the later matches seed 1 played, and nothing changed
    assert response.status_code == 409, response.json()
    body = response.json()
    assert body["code"] == "later_matches_played"
    assert body["matches"] == [semi["id"], final["id"]]
    assert f"match {semi['id']}, match {final['id']}" in body["detail"]
    assert match_with(org_client, tid, 1, 1)["winner"] == e1
    assert e1 in [e["id"] for e in match_with(org_client, tid, 2, 1)["entries"]]


def test_a_correction_moves_the_new_winner_into_the_unplayed_next_match(make_event, org_client):
    # given 4 entries where 1 beat 4, and the final waits for 2v3
    tid, _ = make_event(4, best_of=1)
    org_client.post(f"/api/tournaments/{tid}/start/")
    first = match_with(org_client, tid, 1, 1)
    e1, e4 = entry_by_seed(first, 1), entry_by_seed(first, 4)
    org_client.post(f"/api/matches/{first['id']}/decide/", {"winner": e1}, format="json")
    # when the organizer corrects it to 4 winning
    response = org_client.post(f"/api/matches/{first['id']}/decide/", {"winner": e4}, format="json")
    # then 4 takes 1's place in the final
    assert response.status_code == 200, response.json()
    final = bracket(org_client, tid)[1]["matches"][0]
    assert [e["id"] for e in final["entries"]] == [e4]


def test_a_drop_forfeits_the_current_match(four, org_client, client_for):
    # given seed 4 drops during round 1
    tid, players = four
    match = match_with(org_client, tid, 1, 1)
    e1, e4 = entry_by_seed(match, 1), entry_by_seed(match, 4)
    response = client_for(players[3][0]).post(f"/api/tournaments/{tid}/entries/{e4}/drop/")
    assert response.status_code == 200
    assert response.json()["dropped"] is True
    # then seed 1 wins by forfeit and waits in the final
    match = match_with(org_client, tid, 1, 1)
    assert (match["winner"], match["decided_by"]) == (e1, "forfeit")
    assert match_with(org_client, tid, 2, 1)["status"] == "pending"


def test_a_forfeit_recorded_in_a_pending_match_settles_it_when_it_fills(
    four, org_client, client_for
):
    # given seed 1 won round 1 and then dropped while waiting for the final
    tid, players = four
    m1 = match_with(org_client, tid, 1, 1)
    e1 = entry_by_seed(m1, 1)
    org_client.post(f"/api/matches/{m1['id']}/report/", sweep_games(e1), format="json")
    client_for(players[0][0]).post(f"/api/tournaments/{tid}/entries/{e1}/drop/")
    # when 2v3 finishes
    m2 = match_with(org_client, tid, 1, 2)
    e3 = entry_by_seed(m2, 3)
    org_client.post(f"/api/matches/{m2['id']}/report/", sweep_games(e3), format="json")
    # then 3 wins the final by forfeit and the event is over
    final = match_with(org_client, tid, 2, 3)
    assert (final["winner"], final["decided_by"]) == (e3, "forfeit")
    standings = org_client.get(f"/api/tournaments/{tid}/standings/").json()["results"]
    assert [(r["entry"]["seed"], r["placement"]) for r in standings][:2] == [(3, 1), (1, 2)]


def test_the_organizer_records_a_no_show(four, org_client, client_for):
    tid, players = four
    match = match_with(org_client, tid, 1, 2)
    e2, e3 = entry_by_seed(match, 2), entry_by_seed(match, 3)
    url = f"/api/matches/{match['id']}/forfeit/"
    assert client_for(players[1][0]).post(url, {"entry": e3}, format="json").status_code == 403
    response = org_client.post(url, {"entry": e3}, format="json")
    assert (response.json()["winner"], response.json()["decided_by"]) == (e2, "forfeit")


def test_a_correction_passes_a_random_round_bye_on(make_event, org_client):
    # given 5 entries paired at random: round 1 is two matches and a bye
    tid, _ = make_event(5, pairing="random", best_of=1)
    org_client.post(f"/api/tournaments/{tid}/start/")
    for m in bracket(org_client, tid)[0]["matches"]:
        if not m["is_bye"]:
            org_client.post(
                f"/api/matches/{m['id']}/decide/", {"winner": m["entries"][0]["id"]}, format="json"
            )
    # round 2's bye went to a round-1 match winner (the round-1 bye already had one)
    round2 = bracket(org_client, tid)[1]["matches"]
    bye = next(m for m in round2 if m["is_bye"])
    holder = bye["entries"][0]["id"]
    source = next(m for m in bracket(org_client, tid)[0]["matches"] if m["winner"] == holder)
    assert not source["is_bye"]
    other = next(e["id"] for e in source["entries"] if e["id"] != holder)
    # when the organizer corrects that round-1 match
    response = org_client.post(
        f"/api/matches/{source['id']}/decide/", {"winner": other}, format="json"
    )
    # then the bye follows the new winner
    assert response.status_code == 200, response.json()
    bye = next(m for m in bracket(org_client, tid)[1]["matches"] if m["is_bye"])
    assert ([e["id"] for e in bye["entries"]], bye["winner"]) == ([other], other)
    standings = {
        r["entry"]["id"]: r
        for r in org_client.get(f"/api/tournaments/{tid}/standings/").json()["results"]
    }
    assert (standings[other]["byes"], standings[holder]["byes"]) == (1, 0)


def test_a_drop_while_a_report_waits_sends_the_others_back_to_reporting(
    make_event, org_client, client_for
):
    # given a 3-entry match where seed 1 reported a win that seeds 2 and 3 must confirm
    tid, players = make_event(3, entries_per_match=3, best_of=1)
    org_client.post(f"/api/tournaments/{tid}/start/")
    match = match_with(org_client, tid, 1, 1)
    e1, e3 = entry_by_seed(match, 1), entry_by_seed(match, 3)
    url = f"/api/matches/{match['id']}"
    client_for(players[0][0]).post(f"{url}/report/", sweep_games(e1, 1), format="json")
    # when seed 3 drops before confirming
    client_for(players[2][0]).post(f"/api/tournaments/{tid}/entries/{e3}/drop/")
    # then the report is gone and the match is back in progress for seeds 1 and 2
    body = client_for(players[1][0]).get(f"{url}/").json()
    assert (body["status"], body["pending_report"]) == ("in_progress", None)
    assert [e["forfeited"] for e in body["entries"]] == [False, False, True]
    assert client_for(players[1][0]).post(f"{url}/confirm/").status_code == 409
    # and a new report confirmed by seed 2 alone finishes it
    client_for(players[0][0]).post(f"{url}/report/", sweep_games(e1, 1), format="json")
    response = client_for(players[1][0]).post(f"{url}/confirm/")
    assert (response.json()["status"], response.json()["winner"]) == ("finished", e1)


def _first_entry_wins_then_drops(org_client, tid: int, match: dict) -> None:
    """The organizer names the match's first entry the winner, then that entry drops."""
    winner = match["entries"][0]["id"]
    org_client.post(f"/api/matches/{match['id']}/decide/", {"winner": winner}, format="json")
    assert org_client.post(f"/api/tournaments/{tid}/entries/{winner}/drop/").status_code == 200


def test_dropped_entries_paired_together_do_not_stall_a_random_event(make_event, org_client):
    # given 8 entries paired at random, where three round-1 winners drop before round 2
    tid, _ = make_event(8, pairing="random", best_of=1)
    org_client.post(f"/api/tournaments/{tid}/start/")
    matches = bracket(org_client, tid)[0]["matches"]
    for m in matches[:3]:
        _first_entry_wins_then_drops(org_client, tid, m)
    # when the last round-1 match ends
    last = matches[3]
    survivor = last["entries"][0]["id"]
    org_client.post(f"/api/matches/{last['id']}/decide/", {"winner": survivor}, format="json")
    # then round 2 has a match of two dropped entries, and it does not wait for anyone:
    # every later match is settled by forfeit and the one entry still playing wins the event
    rounds = bracket(org_client, tid)
    assert len(rounds) == 3
    assert all(m["status"] == "finished" for r in rounds[1:] for m in r["matches"])
    assert all(m["decided_by"] == "forfeit" for r in rounds[1:] for m in r["matches"])
    assert rounds[2]["matches"][0]["winner"] == survivor
    assert org_client.get(f"/api/tournaments/{tid}/").json()["status"] == "finished"


def test_a_random_round_bye_goes_to_an_entry_still_playing(make_event, org_client):
    # given 6 entries paired at random, where two of the three round-1 winners drop
    tid, _ = make_event(6, pairing="random", best_of=1)
    org_client.post(f"/api/tournaments/{tid}/start/")
    matches = bracket(org_client, tid)[0]["matches"]
    for m in matches[:2]:
        _first_entry_wins_then_drops(org_client, tid, m)
    survivor = matches[2]["entries"][0]["id"]
    org_client.post(f"/api/matches/{matches[2]['id']}/decide/", {"winner": survivor}, format="json")
    # then round 2's bye (3 entries left) goes to the one entry still playing, who wins it all
    bye = next(m for m in bracket(org_client, tid)[1]["matches"] if m["is_bye"])
    assert bye["entries"][0]["id"] == survivor
    standings = org_client.get(f"/api/tournaments/{tid}/standings/").json()["results"]
    assert (standings[0]["entry"]["id"], standings[0]["placement"]) == (survivor, 1)


def test_every_organizer_or_player_write_refuses_everyone_else(four, org_client, client_for):
    # given a running event and seed 2's player, who is not in match 1v4
    tid, players = four
    match = match_with(org_client, tid, 1, 1)
    e1, e4 = entry_by_seed(match, 1), entry_by_seed(match, 4)
    outsider = client_for(players[1][0])
    url = f"/api/matches/{match['id']}"
    refused = [
        (f"/api/tournaments/{tid}/entries/{e4}/drop/", {}),
        (f"/api/tournaments/{tid}/rounds/1/start/", {}),
        (f"/api/tournaments/{tid}/cancel/", {}),
        (f"{url}/start/", {}),
        (f"{url}/time/", {"life": {e1: 3, e4: 2}}),
        (f"{url}/extend/", {"minutes": 5}),
        (f"{url}/decide/", {"winner": e1}),
        (f"{url}/forfeit/", {"entry": e4}),
        (f"{url}/call-time/", {}),
    ]
    for path, body in refused:
        # when they try it, then it is a 403 and nothing changed
        response = outsider.post(path, body, format="json")
        assert response.status_code == 403, path
        assert response.json()["detail"]
    detail = org_client.get(f"{url}/").json()
    assert (detail["status"], detail["audit"]) == ("in_progress", [])
    assert org_client.get(f"/api/tournaments/{tid}/").json()["status"] == "running"
    assert not any(e["dropped"] for e in org_client.get(f"/api/tournaments/{tid}/entries/").json())
