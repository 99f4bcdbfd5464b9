"""Double elimination through the API on PostgreSQL: the bracket drawn from the layout, both
entries of a match moved on, the grand final and its reset, places, corrections through both
brackets (RULINGS.md D1-D6)."""

import pytest

from tests.tournaments.helpers import best_seed, bracket, decide, play_out
from tournaments.models import Match, Tournament

pytestmark = [pytest.mark.postgres, pytest.mark.django_db]


def test_six_entries_to_a_grand_final_reset(make_event, org_client):
    # given a 6-entry double elimination (8 slots: seeds 1 and 2 have byes)
    tid, players = make_event(6, structure="double-elimination", best_of=1)
    assert org_client.post(f"/api/tournaments/{tid}/start/").status_code == 200
    rounds = bracket(org_client, tid)
    # then the rounds are named and staged as people know them; the reset is not drawn yet
    assert [r["name"] for r in rounds] == [
        "Winners' quarterfinal",
        "Winners' semifinal",
        "Winners' final",
        "Losers' round 2",
        "Losers' round 3",
        "Losers' final",
        "Grand final",
    ]
    assert [r["stage"] for r in rounds][-2:] == ["losers", "final"]
    # (a losers' match fed by a bye's loser is a pass-through: not drawn, and losers' round 1
    # is all pass-throughs here)
    assert sum(len(r["matches"]) for r in rounds) == 2 + 2 + 2 * 6 - 2 - 2
    # and a losers' match waiting for its entries names them
    waiting = [w for r in rounds for m in r["matches"] for w in m["waiting_for"]]
    assert any(w.startswith("Loser of match") for w in waiting)

    # when the best seed wins every match until the grand final, which the losers' side wins
    def winner_of(match):
        if match["round"] == 8:  # the grand final: the losers' bracket winner (slot 1)
            return match["entries"][1]["id"]
        return best_seed(match)

    play_out(org_client, tid, winner_of, before_round=9)
    rounds = bracket(org_client, tid)
    # then the reset is played between the same two, and the event goes on
    assert rounds[-1]["name"] == "Grand final reset"
    (reset,) = rounds[-1]["matches"]
    assert rounds[-2]["matches"][0]["next"] == reset["id"]  # the line the bracket draws
    assert org_client.get(f"/api/tournaments/{tid}/").json()["status"] == "running"
    decide(org_client, reset["id"], reset["entries"][0]["id"])
    assert org_client.get(f"/api/tournaments/{tid}/").json()["status"] == "finished"
    # and the places are 1, 2, 3, 4, 5-6 (everyone lost twice but the champion)
    standings = org_client.get(f"/api/tournaments/{tid}/standings/").json()["results"]
    labels = sorted(row["placement_label"] for row in standings)
    assert labels == ["1", "2", "3", "4", "5-6", "5-6"]
    seed_one = next(e for _u, e in players[:1])
    assert next(r for r in standings if r["entry"]["id"] == seed_one)["placement_label"] == "1"
    # and the results page names each match's round as the bracket does
    page = org_client.get(f"/tournaments/{tid}/results/").content.decode()
    assert "Grand final reset" in page
    assert "Losers&#x27; final" in page


def test_no_reset_when_the_organizer_turns_it_off(make_event, org_client):
    # given two entries and no reset: the winners' round-1 loser plays the grand final again
    tid, _players = make_event(2, structure="double-elimination", grand_final_reset=False)
    org_client.post(f"/api/tournaments/{tid}/start/")
    (first,) = bracket(org_client, tid)[0]["matches"]
    decide(org_client, first["id"], best_seed(first))
    final = bracket(org_client, tid)[1]["matches"][0]
    # when the losers' side wins the grand final, the event is over: no reset
    decide(org_client, final["id"], final["entries"][1]["id"])
    assert bracket(org_client, tid)[-1]["name"] == "Grand final"
    assert org_client.get(f"/api/tournaments/{tid}/").json()["status"] == "finished"
    standings = org_client.get(f"/api/tournaments/{tid}/standings/").json()["results"]
    assert standings[0]["entry"]["id"] == final["entries"][1]["id"]
    assert [r["placement_label"] for r in standings] == ["1", "2"]


def test_a_correction_swaps_both_entries_then_is_refused_once_played_on(make_event, org_client):
    # given 4 entries: winners' round 1 played, its losers in losers' round 1
    tid, _players = make_event(4, structure="double-elimination", best_of=1)
    org_client.post(f"/api/tournaments/{tid}/start/")
    first = bracket(org_client, tid)[0]["matches"]
    for match in first:
        decide(org_client, match["id"], best_seed(match))
    top = first[0]
    loser = max(top["entries"], key=lambda e: e["seed"])["id"]
    winner = best_seed(top)
    # when the organizer corrects the first match
    decide(org_client, top["id"], loser)
    rounds = bracket(org_client, tid)
    # then the new winner is in the winners' final and the old one in the losers' round 1
    in_round = {r["name"]: [e["id"] for m in r["matches"] for e in m["entries"]] for r in rounds}
    assert loser in in_round["Winners' final"]
    assert winner not in in_round["Winners' final"]
    assert winner in in_round["Losers' round 1"]
    assert loser not in in_round["Losers' round 1"]
    # when the losers' match is played, correcting the first match again is refused
    (losers_match,) = rounds[2]["matches"]
    decide(org_client, losers_match["id"], winner)
    response = org_client.post(f"/api/matches/{top['id']}/decide/", {"winner": winner})
    assert response.status_code == 409
    assert response.json()["code"] == "later_matches_played"
    assert losers_match["id"] in response.json()["matches"]


def test_a_corrected_grand_final_opens_or_removes_the_reset(make_event, org_client):
    tid, _players = make_event(2, structure="double-elimination")
    org_client.post(f"/api/tournaments/{tid}/start/")
    (first,) = bracket(org_client, tid)[0]["matches"]
    decide(org_client, first["id"], best_seed(first))
    final = bracket(org_client, tid)[1]["matches"][0]
    decide(org_client, final["id"], final["entries"][0]["id"])
    assert org_client.get(f"/api/tournaments/{tid}/").json()["status"] == "finished"
    # when the organizer corrects the grand final to the losers' bracket winner
    decide(org_client, final["id"], final["entries"][1]["id"])
    rounds = bracket(org_client, tid)
    # then the reset is opened and the event runs again
    assert rounds[-1]["name"] == "Grand final reset"
    assert org_client.get(f"/api/tournaments/{tid}/").json()["status"] == "running"
    # and corrected back, the unplayed reset goes and the event is finished
    decide(org_client, final["id"], final["entries"][0]["id"])
    assert bracket(org_client, tid)[-1]["name"] == "Grand final"
    assert org_client.get(f"/api/tournaments/{tid}/").json()["status"] == "finished"


def test_a_dropped_entry_forfeits_its_losers_match(make_event, org_client, client_for):
    # given 4 entries; seed 4 loses round 1 and drops
    tid, players = make_event(4, structure="double-elimination")
    org_client.post(f"/api/tournaments/{tid}/start/")
    first = bracket(org_client, tid)[0]["matches"]
    users = {entry: user for user, entry in players}
    for match in first:
        decide(org_client, match["id"], best_seed(match))
    fourth = players[3][1]
    response = client_for(users[fourth]).post(f"/api/tournaments/{tid}/entries/{fourth}/drop/")
    assert response.status_code == 200, response.json()
    # then its losers' match is won by forfeit by the other loser
    (losers_match,) = bracket(org_client, tid)[2]["matches"]
    assert losers_match["status"] == "finished"
    assert losers_match["winner"] == players[2][1]
    assert Match.objects.get(pk=losers_match["id"]).decided_by == "forfeit"


@pytest.mark.parametrize(
    ("settings", "field", "words"),
    [
        ({"structure": "double-elimination", "entries_per_match": 3}, "entries_per_match", "two"),
        ({"structure": "double-elimination", "pairing": "random"}, "pairing", "seeded"),
        ({"structure": "elimination", "group_size": 4}, "group_size", "round robin"),
        ({"structure": "round-robin", "swiss_rounds": 3}, "swiss_rounds", "groups"),
        ({"structure": "round-robin", "playoff": "elimination"}, "group_advance", "how many"),
        (
            {
                "structure": "round-robin",
                "group_size": 4,
                "group_advance": 5,
                "playoff": "elimination",
            },
            "group_advance",
            "cannot",
        ),
        ({"structure": "round-robin", "entries_per_match": 4}, "entries_per_match", "two"),
    ],
)
def test_creation_refuses_what_a_format_cannot_do(org_client, settings, field, words):
    body = {"name": "Cup", "game": "combat", **settings}
    response = org_client.post("/api/tournaments/", body, format="json")
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert words in " ".join(errors[field])
    assert not Tournament.objects.filter(name="Cup").exists()


def test_a_reported_best_of_three_moves_both_entries_on(make_event, org_client, client_for):
    # given 4 entries, best of 3; the loser of the first match reports 2-1, the winner confirms
    tid, players = make_event(4, structure="double-elimination", best_of=3)
    users = {entry: user for user, entry in players}
    org_client.post(f"/api/tournaments/{tid}/start/")
    first = bracket(org_client, tid)[0]["matches"][0]
    winner, loser = best_seed(first), max(first["entries"], key=lambda e: e["seed"])["id"]
    games = [{"winner": w, "life": {}, "first_damage": None} for w in (winner, loser, winner)]
    response = client_for(users[loser]).post(
        f"/api/matches/{first['id']}/report/", {"games": games}, format="json"
    )
    assert response.status_code == 200, response.json()
    response = client_for(users[winner]).post(f"/api/matches/{first['id']}/confirm/")
    assert response.status_code == 200, response.json()
    # then the winner waits in the winners' final and the loser in losers' round 1
    rounds = {r["name"]: r for r in bracket(org_client, tid)}
    assert [e["id"] for e in rounds["Winners' final"]["matches"][0]["entries"]] == [winner]
    assert [e["id"] for e in rounds["Losers' round 1"]["matches"][0]["entries"]] == [loser]
    (done,) = [m for r in rounds.values() for m in r["matches"] if m["id"] == first["id"]]
    assert done["result"] == "2\u20131"
