"""Creating events, registering entries and teams, starting, random pairing, engine results."""

from random import Random

from tests.tournaments.helpers import bracket, entry_by_seed, match_with, sweep_games
from tournaments.models import Match, Tournament
from tournaments.services import match_game_record_from_engine, match_start


def test_create_with_the_issue_fields_and_defaults(org_client):
    body = {
        "name": "Friday Night",
        "game": "kingdom-combat",
        "deck_format": "constructed",
        "entries_per_match": 4,
        "team_size": 1,
        "pairing": "random",
        "seeding": "random",
    }
    response = org_client.post("/api/tournaments/", body, format="json")
    assert response.status_code == 201
    data = response.json()
    assert data["best_of"] == 1  # multiplayer matches default to one game
    assert data["time_limit_minutes"] == 50
    assert data["jokers"] is False
    assert data["status"] == "registration"
    assert data["organizer"]["username"] == "organizer"
    assert org_client.get("/api/tournaments/").json()["results"][0]["id"] == data["id"]


def test_bad_settings_are_all_reported(org_client, api_client):
    body = {
        "name": " ",
        "game": "combat",
        "deck_format": "quick-duel",
        "entries_per_match": 5,
        "best_of": 2,
        "time_limit_minutes": -1,
        "team_size": 2,
    }
    response = org_client.post("/api/tournaments/", body, format="json")
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert {"name", "deck_format", "entries_per_match", "best_of", "time_limit_minutes"} <= set(
        errors
    )
    assert api_client.post("/api/tournaments/", {"name": "x"}, format="json").status_code == 401


def test_players_join_themselves_and_the_organizer_adds_guests(org_client, client_for, make_user):
    tid = org_client.post("/api/tournaments/", {"name": "Open"}, format="json").json()["id"]
    url = f"/api/tournaments/{tid}/entries/"
    player = make_user("alice")
    response = client_for(player).post(url)
    assert response.status_code == 201
    assert response.json()["name"] == "alice"
    assert client_for(player).post(url).status_code == 409  # only once
    assert client_for(player).post(url, {"name": "Guest"}, format="json").status_code == 403
    response = org_client.post(url, {"name": "Walk-in Wendy", "seed": 3}, format="json")
    assert (response.status_code, response.json()["seed"]) == (201, 3)
    response = org_client.post(url, {"name": "Other", "seed": 3}, format="json")
    assert response.status_code == 400
    assert org_client.post(url, {"user": 999999}, format="json").status_code == 404


def test_a_seed_too_big_to_store_is_a_400_and_adds_no_entry(org_client):
    tid = org_client.post("/api/tournaments/", {"name": "Open"}, format="json").json()["id"]
    url = f"/api/tournaments/{tid}/entries/"
    for seed in (2**31, 2**63):
        response = org_client.post(url, {"name": "Walk-in", "seed": seed}, format="json")
        assert response.status_code == 400
        assert list(response.json()["errors"]) == ["seed"]
    assert org_client.get(url).json() == []


def test_teams_need_a_name_and_exactly_team_size_members(org_client, make_user):
    body = {"name": "Pairs", "team_size": 2, "team_mode": "as-one"}
    tid = org_client.post("/api/tournaments/", body, format="json").json()["id"]
    url = f"/api/tournaments/{tid}/entries/"
    a, b, c = make_user(), make_user(), make_user()
    assert (
        org_client.post(url, {"name": "Solo", "members": [a.pk]}, format="json").status_code == 400
    )
    response = org_client.post(url, {"name": "Duo", "members": [a.pk, b.pk]}, format="json")
    assert response.status_code == 201
    assert sorted(m["id"] for m in response.json()["members"]) == sorted([a.pk, b.pk])
    again = org_client.post(url, {"name": "Again", "members": [b.pk, c.pk]}, format="json")
    assert again.status_code == 409


def test_start_is_for_the_organizer_with_two_entries_or_more(org_client, client_for, make_user):
    tid = org_client.post("/api/tournaments/", {"name": "Tiny"}, format="json").json()["id"]
    player = make_user()
    client_for(player).post(f"/api/tournaments/{tid}/entries/")
    assert client_for(player).post(f"/api/tournaments/{tid}/start/").status_code == 403
    response = org_client.post(f"/api/tournaments/{tid}/start/")
    assert (response.status_code, response.json()["code"]) == (400, "too_few_entries")
    org_client.post(f"/api/tournaments/{tid}/entries/", {"name": "Guest"}, format="json")
    assert org_client.post(f"/api/tournaments/{tid}/start/").status_code == 200
    assert org_client.post(f"/api/tournaments/{tid}/start/").status_code == 409
    again = org_client.post(f"/api/tournaments/{tid}/entries/", {"name": "Late"}, format="json")
    assert again.status_code == 409


def test_random_seeding_is_reproducible_from_the_stored_seed(make_event, org_client):
    tid, players = make_event(6, seeding="random")
    org_client.post(f"/api/tournaments/{tid}/start/")
    tournament = Tournament.objects.get(pk=tid)
    expected = [entry for _user, entry in players]
    Random(tournament.rng_seed).shuffle(expected)
    seeds = dict(tournament.entries.values_list("pk", "seed"))
    assert [seeds[e] for e in expected] == [1, 2, 3, 4, 5, 6]


def test_random_seeding_keeps_the_seeds_the_organizer_gave(org_client, make_user):
    # given a randomly seeded event where the organizer pinned seeds 1 and 2
    body = {"name": "Pinned", "seeding": "random"}
    tid = org_client.post("/api/tournaments/", body, format="json").json()["id"]
    url = f"/api/tournaments/{tid}/entries/"
    pinned = [
        org_client.post(url, {"name": n, "seed": s}, format="json").json()["id"]
        for n, s in (("Second", 2), ("First", 1))
    ]
    rest = [
        org_client.post(url, {"name": f"Guest {i}"}, format="json").json()["id"] for i in range(6)
    ]
    # when it starts
    org_client.post(f"/api/tournaments/{tid}/start/")
    # then the pinned entries keep their seeds and the others are shuffled (reproducibly)
    seeds = {e["id"]: e["seed"] for e in org_client.get(url).json()}
    assert [seeds[e] for e in pinned] == [2, 1]
    expected = list(rest)
    Random(Tournament.objects.get(pk=tid).rng_seed).shuffle(expected)
    assert [seeds[e] for e in expected] == [3, 4, 5, 6, 7, 8]


def test_random_pairing_pairs_each_round_when_the_last_one_ends(make_event, org_client):
    # given 7 entries paired at random, best of 1
    tid, _ = make_event(7, pairing="random", best_of=1)
    org_client.post(f"/api/tournaments/{tid}/start/")
    rounds = bracket(org_client, tid)
    assert len(rounds) == 1
    sizes = sorted(len(m["entries"]) for m in rounds[0]["matches"])
    assert sizes == [1, 2, 2, 2]
    # when every round-1 match is decided by the organizer
    for m in rounds[0]["matches"]:
        if not m["is_bye"]:
            org_client.post(
                f"/api/matches/{m['id']}/report/",
                sweep_games(m["entries"][0]["id"], 1),
                format="json",
            )
    # then round 2 is paired from the 4 winners
    rounds = bracket(org_client, tid)
    assert [len(m["entries"]) for m in rounds[1]["matches"]] == [2, 2]


def test_four_player_pods_and_a_multiplayer_report(make_event, org_client):
    tid, _ = make_event(10, entries_per_match=4, best_of=1)
    org_client.post(f"/api/tournaments/{tid}/start/")
    rounds = bracket(org_client, tid)
    assert [[e["seed"] for e in m["entries"]] for m in rounds[0]["matches"]] == [
        [1, 8],
        [2, 7],
        [3, 6, 9],
        [4, 5, 10],
    ]
    match = rounds[0]["matches"][2]
    e9 = entry_by_seed(match, 9)
    response = org_client.post(
        f"/api/matches/{match['id']}/report/", sweep_games(e9, 1), format="json"
    )
    assert response.json()["winner"] == e9
    final = bracket(org_client, tid)[1]["matches"][0]
    assert [e["seed"] for e in final["entries"]] == [9]


def test_engine_games_need_no_confirmation_and_are_idempotent(make_event, org_client):
    # given a best-of-3 match not yet started
    tid, _ = make_event(4, best_of=3, time_limit_minutes=0)
    org_client.post(f"/api/tournaments/{tid}/start/")
    match = match_with(org_client, tid, 1, 2)
    e2, e3 = entry_by_seed(match, 2), entry_by_seed(match, 3)
    row = Match.objects.get(pk=match["id"])
    # when the engine starts it and reports games (game 1 twice)
    assert match_start(match=row, by_user=None).status == "in_progress"
    for number, winner in [(1, e3), (1, e3), (2, e2)]:
        match_game_record_from_engine(
            match_id=row.pk,
            game_number=number,
            winner_entry_id=winner,
            life={e2: 0, e3: 5},
            first_damage_entry_id=e2,
        )
    assert Match.objects.get(pk=row.pk).games.count() == 2
    finished = match_game_record_from_engine(
        match_id=row.pk,
        game_number=3,
        winner_entry_id=e3,
        life={str(e2): 0},
        first_damage_entry_id=None,
    )
    # then the match is won 2-1 and the winner moved on
    assert (finished.status, finished.winner_id, finished.decided_by) == ("finished", e3, "played")
    final = bracket(org_client, tid)[1]["matches"][0]
    assert e3 in [e["id"] for e in final["entries"]]
    again = match_game_record_from_engine(
        match_id=row.pk, game_number=4, winner_entry_id=e2, life={}, first_damage_entry_id=None
    )
    assert again.winner_id == e3


def test_manual_seeds_close_gaps_and_dropped_entries_stay_out(org_client):
    # given manual seeds 5 and 1, an unseeded entry, and a dropped entry holding seed 2
    body = {"name": "Gaps", "seeding": "manual"}
    tid = org_client.post("/api/tournaments/", body, format="json").json()["id"]
    url = f"/api/tournaments/{tid}/entries/"
    five = org_client.post(url, {"name": "Five", "seed": 5}, format="json").json()["id"]
    one = org_client.post(url, {"name": "One", "seed": 1}, format="json").json()["id"]
    late = org_client.post(url, {"name": "Late"}, format="json").json()["id"]
    gone = org_client.post(url, {"name": "Gone", "seed": 2}, format="json").json()["id"]
    org_client.post(f"{url}{gone}/drop/")
    # when the event starts
    assert org_client.post(f"/api/tournaments/{tid}/start/").status_code == 200
    # then seeds are 1..3 in the given order, and the dropped entry is not in the bracket
    seeds = {e["id"]: e["seed"] for e in org_client.get(url).json()}
    assert seeds == {one: 1, five: 2, late: 3, gone: None}
    entries = [e["id"] for m in bracket(org_client, tid)[0]["matches"] for e in m["entries"]]
    assert sorted(entries) == sorted([one, five, late])
