"""The top cut's bracket shows each entry's cut seed, 1..N by its Swiss standing (RULINGS.md
S11), not the seed it registered with; the Swiss rounds keep the registration seeds."""

import re

import pytest
from django.test import Client

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def rounds_of(client, tid) -> list[dict]:
    return client.get(f"/api/tournaments/{tid}/bracket/").json()["rounds"]


def test_the_cut_bracket_shows_cut_seeds_by_standing(make_event, org_client):
    # given an 8-entry Swiss event of one round and a top 4, where the higher-numbered
    # (weaker) registration seed wins every round-1 match
    tid, players = make_event(8, best_of=1, structure="swiss", swiss_rounds=1, top_cut=4)
    registration = {entry_id: n for n, (_user, entry_id) in enumerate(players, start=1)}
    org_client.post(f"/api/tournaments/{tid}/start/")
    for match in rounds_of(org_client, tid)[0]["matches"]:
        winner = max(e["id"] for e in match["entries"])
        response = org_client.post(
            f"/api/matches/{match['id']}/decide/", {"winner": winner}, format="json"
        )
        assert response.status_code == 200, response.json()
    # when the cut is drawn
    rounds = rounds_of(org_client, tid)
    assert [r["stage"] for r in rounds] == ["swiss", "bracket", "bracket"]
    standings = org_client.get(f"/api/tournaments/{tid}/standings/").json()["results"]
    by_standing = [row["entry"]["id"] for row in standings[:4]]
    cut_seed = {entry: n for n, entry in enumerate(by_standing, start=1)}
    # then the cut's entries carry seeds 1..4 by standing, paired 1 v 4 and 2 v 3
    semis = rounds[1]["matches"]
    shown = [[(e["id"], e["seed"]) for e in m["entries"]] for m in semis]
    assert [[seed for _id, seed in pair] for pair in shown] == [[1, 4], [2, 3]]
    assert all(seed == cut_seed[entry] for pair in shown for entry, seed in pair)
    # (the registration seeds differ: the winners were the weaker seeds)
    assert any(registration[entry] != seed for pair in shown for entry, seed in pair)
    # and the Swiss round still shows the registration seeds
    for match in rounds[0]["matches"]:
        for entry in match["entries"]:
            assert entry["seed"] == registration[entry["id"]]
    # and so do the match's own API and the bracket page
    match = org_client.get(f"/api/matches/{semis[0]['id']}/").json()
    assert [e["seed"] for e in match["entries"]] == [1, 4]
    page = Client().get(f"/tournaments/{tid}/bracket/").content.decode()
    seeds = [int(s) for s in re.findall(r'<span class="seed">(\d+)</span>', page)]
    assert [1, 4, 2, 3] in [seeds[i : i + 4] for i in range(len(seeds) - 3)]
