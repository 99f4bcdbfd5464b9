"""Round robin through the API on PostgreSQL: one group where every pair meets once, groups
with the Swiss tie-breakers, a playoff of each group's best, drops (RULINGS.md R1-R5)."""

import csv
import io
from itertools import combinations

import pytest

from tests.tournaments.helpers import best_seed, better_seeds_win, bracket, play_out

pytestmark = [pytest.mark.postgres, pytest.mark.django_db]


def test_five_entries_meet_once_each_with_a_rest_a_round(make_event, org_client):
    # given a 5-entry round robin (one group)
    tid, players = make_event(5, structure="round-robin")
    assert org_client.post(f"/api/tournaments/{tid}/start/").status_code == 200
    rounds = bracket(org_client, tid)
    # then five rounds are drawn at once, two matches each (one entry rests), every pair once
    assert [r["name"] for r in rounds] == [f"Group round {n}" for n in range(1, 6)]
    assert {r["stage"] for r in rounds} == {"groups"}
    assert [len(r["matches"]) for r in rounds] == [2] * 5
    pairs = sorted(
        tuple(sorted(e["id"] for e in m["entries"])) for r in rounds for m in r["matches"]
    )
    assert pairs == sorted(combinations(sorted(e for _u, e in players), 2))
    # when the better seed wins every match
    better_seeds_win(org_client, rounds)
    # then the event is finished and the standings rank by points: 12, 9, 6, 3, 0
    assert org_client.get(f"/api/tournaments/{tid}/").json()["status"] == "finished"
    standings = org_client.get(f"/api/tournaments/{tid}/standings/").json()["results"]
    assert [r["match_points"] for r in standings] == [12, 9, 6, 3, 0]
    assert [r["entry"]["id"] for r in standings] == [e for _u, e in players]
    assert {r["group"] for r in standings} == {"A"}
    # and the CSV carries the group and the tie-breakers
    text = org_client.get(f"/api/tournaments/{tid}/standings/?format=csv").content.decode()
    table = list(csv.reader(io.StringIO(text)))
    assert table[0][:3] == ["placement", "rank", "group"]
    assert "omw_percent" in table[0]
    assert [line[2] for line in table[1:]] == ["A"] * 5


def test_groups_feed_a_double_elimination_playoff(make_event, org_client):
    # given 6 entries in groups of 3, the best 2 of each going on to double elimination
    tid, players = make_event(
        6,
        structure="round-robin",
        group_size=3,
        group_advance=2,
        playoff="double-elimination",
    )
    org_client.post(f"/api/tournaments/{tid}/start/")
    groups = org_client.get(f"/api/tournaments/{tid}/groups/").json()
    # then two groups of three dealt in snake order (seeds 1 4 5 | 2 3 6)
    assert [g["name"] for g in groups] == ["Group A", "Group B"]
    seeds = [[row["entry"]["seed"] for row in g["standings"]] for g in groups]
    assert [sorted(s) for s in seeds] == [[1, 4, 5], [2, 3, 6]]
    # when every group match is won by the better seed
    better_seeds_win(org_client, bracket(org_client, tid))
    rounds = bracket(org_client, tid)
    # then the playoff is drawn after the three group rounds (one entry of a group rests each
    # round): group winners first (A1 B1 A2 B2)
    playoff = [r for r in rounds if r["stage"] != "groups"]
    assert playoff[0]["name"] == "Winners' semifinal"
    entries = sorted((e["seed"], e["id"]) for m in playoff[0]["matches"] for e in m["entries"])
    by_seed = dict(enumerate((e for _u, e in players), start=1))
    assert entries == [(1, by_seed[1]), (2, by_seed[2]), (3, by_seed[4]), (4, by_seed[3])]
    # and played out, the champion is placed first, the group stage's others after the playoff
    play_out(org_client, tid, best_seed)
    assert org_client.get(f"/api/tournaments/{tid}/").json()["status"] == "finished"
    standings = org_client.get(f"/api/tournaments/{tid}/standings/").json()["results"]
    assert [r["placement_label"] for r in standings][:4] == ["1", "2", "3", "4"]
    assert standings[0]["entry"]["id"] == by_seed[1]
    assert [r["in_cut"] for r in standings] == [True] * 4 + [False] * 2


def test_a_drop_forfeits_every_group_match_left(make_event, org_client, client_for):
    tid, players = make_event(4, structure="round-robin")
    org_client.post(f"/api/tournaments/{tid}/start/")
    user, entry = players[0]
    response = client_for(user).post(f"/api/tournaments/{tid}/entries/{entry}/drop/")
    assert response.status_code == 200, response.json()
    mine = [
        m
        for r in bracket(org_client, tid)
        for m in r["matches"]
        if entry in [e["id"] for e in m["entries"]]
    ]
    assert len(mine) == 3
    assert all(m["status"] == "finished" and m["winner"] != entry for m in mine)


def test_a_group_of_one_is_refused_at_the_start(make_event, org_client):
    tid, _players = make_event(3, structure="round-robin", group_size=2)
    response = org_client.post(f"/api/tournaments/{tid}/start/")
    assert response.status_code == 409
    assert "bigger group" in response.json()["detail"]
    assert org_client.get(f"/api/tournaments/{tid}/").json()["status"] == "registration"
