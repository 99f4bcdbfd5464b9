"""Done when: a 37-entry Swiss event with a top 8 runs end to end through the API: pairings by
record without rematches, one bye a round to the lowest-ranked entry without one, a drop left
out from the next round on, a correction that changes the standings but not the pairings made,
the top 8 seeded from the standings and played as single elimination, every figure in the
standings API and CSV (tournaments/RULINGS.md S1-S12)."""

import csv
import io
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest

from tournaments.models import Tournament

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def rounds_of(client, tid) -> list[dict]:
    response = client.get(f"/api/tournaments/{tid}/bracket/")
    assert response.status_code == 200
    return response.json()["rounds"]


def standings_of(client, tid) -> list[dict]:
    response = client.get(f"/api/tournaments/{tid}/standings/")
    assert response.status_code == 200
    return response.json()["results"]


def play_round(
    client_for, users, org_client, round_body, *, loser_wins_game: bool, by_organizer=False
):
    """The lower entry id wins every match; its opponent reports, the winner confirms (or,
    `by_organizer`, the organizer enters it, final at once: one request a match). With
    `loser_wins_game` the loser takes one game (2-1), else 2-0."""
    for match in round_body["matches"]:
        if match["status"] == "finished":
            continue
        ids = sorted(e["id"] for e in match["entries"])
        winner, loser = ids[0], ids[1]
        games = [{"winner": winner, "life": {}, "first_damage": None}] * 2
        if loser_wins_game:
            games = [games[0], {"winner": loser, "life": {}, "first_damage": None}, games[1]]
        reporter = org_client if by_organizer else client_for(users[loser])
        response = reporter.post(
            f"/api/matches/{match['id']}/report/", {"games": games}, format="json"
        )
        assert response.status_code == 200, response.json()
        if not by_organizer:
            response = client_for(users[winner]).post(f"/api/matches/{match['id']}/confirm/")
        assert response.status_code == 200, response.json()
        assert response.json()["status"] in ("finished",)


@dataclass
class Swiss:
    """The 37-entry event as it runs: its clients, who met whom, the byes, the drop, and the
    standings the current round was paired on."""

    tid: int
    org: Any
    client_for: Callable
    players: list
    users: dict = field(default_factory=dict)
    met: set[frozenset] = field(default_factory=set)
    byes: list[int] = field(default_factory=list)
    dropped: int | None = None
    before: list[dict] = field(default_factory=list)


def check_the_bye(swiss: Swiss, number: int, active: set, entry: int) -> None:
    """The bye (already counted: 3 points) goes to the lowest-ranked entry that has not had
    one; in round 1 every record is equal: the last seed."""
    assert entry not in swiss.byes
    points = {r["entry"]["id"]: r["match_points"] for r in swiss.before}
    others = [points[e] for e in active if e not in swiss.byes and e != entry]
    assert points[entry] - 3 <= min(others)
    if number == 1:
        assert entry == swiss.players[-1][1]
    swiss.byes.append(entry)


def check_the_pairings(swiss: Swiss, number: int) -> dict:
    """Round `number` is paired only once the one before is complete: every entry still in
    once (or the bye), no rematch, same record first; the round's body."""
    rounds = rounds_of(swiss.org, swiss.tid)
    assert len(rounds) == number
    body = rounds[-1]
    assert body["stage"] == "swiss"
    assert body["name"] == f"Swiss round {number}"
    # the entry that drops after round 2 is already paired in round 3, not after it
    active = set(swiss.users) - ({swiss.dropped} if number > 3 else set())
    seen = [e["id"] for m in body["matches"] for e in m["entries"]]
    # every entry still in is paired (or has the bye) exactly once; the dropped one is not
    assert sorted(seen) == sorted(active)
    bye_matches = [m for m in body["matches"] if m["is_bye"]]
    assert len(bye_matches) == len(active) % 2
    for match in body["matches"]:
        pair = frozenset(e["id"] for e in match["entries"])
        if match["is_bye"]:
            (entry,) = pair
            check_the_bye(swiss, number, active, entry)
            continue
        # no rematch (avoidable in six rounds of 37)
        assert pair not in swiss.met
        swiss.met.add(pair)
        if number > 1:  # same record first: in this field no pairing spans 2 wins or more
            points = {r["entry"]["id"]: r["match_points"] for r in swiss.before}
            a, b = pair
            assert abs(points[a] - points[b]) <= 3
    return body


def the_worst_drops(swiss: Swiss) -> None:
    """The worst-placed entry drops between rounds 2 and 3 (round 3 is paired): it forfeits
    the round-3 match it was already paired into."""
    worst = swiss.before[-1]["entry"]["id"]
    response = swiss.client_for(swiss.users[worst]).post(
        f"/api/tournaments/{swiss.tid}/entries/{worst}/drop/"
    )
    assert response.status_code == 200, response.json()
    swiss.dropped = worst
    round3 = rounds_of(swiss.org, swiss.tid)[2]
    mine = [m for m in round3["matches"] if worst in [e["id"] for e in m["entries"]]]
    assert mine[0]["status"] == "finished"
    assert mine[0]["decided_by"] in ("forfeit", "bye")


def play_six_swiss_rounds(swiss: Swiss) -> None:
    """Each round checked as it is paired, then played; the drop after round 2."""
    # the records each round was paired on (its bye, finished when it is paired, included)
    swiss.before = standings_of(swiss.org, swiss.tid)
    for number in range(1, 7):
        body = check_the_pairings(swiss, number)
        # round 1 reported by the players; the organizer enters the other rounds' results
        # (the same API, half the requests of 18 tables a round)
        play_round(
            swiss.client_for,
            swiss.users,
            swiss.org,
            body,
            loser_wins_game=number % 2 == 0,
            by_organizer=number > 1,
        )
        # read as soon as the round's last result is in (the next round is paired then), not
        # after the drop below: its forfeit already counts in round 3, and an opponent paired
        # one group up would seem to have been paired two groups away
        swiss.before = standings_of(swiss.org, swiss.tid)
        if number == 2:
            the_worst_drops(swiss)


def check_the_top_eight(swiss: Swiss) -> list[int]:
    """The top 8 by the standings play single elimination, 1 v 8, 4 v 5, 2 v 7, 3 v 6; every
    tie-breaker is in the standings. The top 8's entry ids, by seed."""
    rows = standings_of(swiss.org, swiss.tid)
    assert [r["rank"] for r in rows] == sorted(r["rank"] for r in rows)
    for row in rows:
        assert {
            "match_points",
            "opponents_match_win_percent",
            "game_win_percent",
            "opponents_game_win_percent",
        } <= set(row)
        assert 33.33 <= row["opponents_match_win_percent"] <= 100
    top8 = [r["entry"]["id"] for r in rows if r["entry"]["id"] != swiss.dropped][:8]
    assert all(r["in_cut"] for r in rows[:8])
    rounds = rounds_of(swiss.org, swiss.tid)
    assert [r["name"] for r in rounds[6:]] == ["Quarterfinals", "Semifinals", "Final"]
    quarter = rounds[6]
    assert quarter["stage"] == "bracket"
    pods = [[e["id"] for e in m["entries"]] for m in quarter["matches"]]
    seed = {entry: n for n, entry in enumerate(top8, start=1)}
    assert [[seed[e] for e in pod] for pod in pods] == [[1, 8], [4, 5], [2, 7], [3, 6]]
    return top8


def play_the_cut(swiss: Swiss) -> None:
    """The cut's three rounds, each started by the organizer, then played."""
    for number in (7, 8, 9):
        response = swiss.org.post(f"/api/tournaments/{swiss.tid}/rounds/{number}/start/")
        assert response.status_code == 200, response.json()
        play_round(
            swiss.client_for,
            swiss.users,
            swiss.org,
            rounds_of(swiss.org, swiss.tid)[number - 1],
            loser_wins_game=False,
        )


def check_the_csv(swiss: Swiss, rows: list[dict]) -> None:
    """The standings' CSV carries every figure."""
    response = swiss.org.get(f"/api/tournaments/{swiss.tid}/standings/?format=csv")
    assert response.status_code == 200
    table = list(csv.DictReader(io.StringIO(response.content.decode())))
    assert len(table) == 37
    assert {"rank", "match_points", "omw_percent", "gw_percent", "ogw_percent"} <= set(table[0])
    assert table[0]["name"] == rows[0]["entry"]["name"]
    assert float(table[0]["omw_percent"]) == rows[0]["opponents_match_win_percent"]


def test_thirty_seven_entry_swiss_with_a_top_eight(make_event, org_client, client_for):
    # given 37 entries in a best-of-3 Swiss event with a top 8 and the default number of rounds
    tid, players = make_event(37, best_of=3, structure="swiss", top_cut=8)
    users = {entry_id: user for user, entry_id in players}
    swiss = Swiss(tid=tid, org=org_client, client_for=client_for, players=players, users=users)
    response = org_client.post(f"/api/tournaments/{tid}/start/")
    assert response.status_code == 200, response.json()
    detail = org_client.get(f"/api/tournaments/{tid}/").json()
    assert (detail["structure"], detail["swiss_rounds"], detail["top_cut"]) == ("swiss", 6, 8)
    assert detail["swiss_rounds"] == math.ceil(math.log2(37))

    # then each round is paired by record without rematches (one drops after round 2)
    play_six_swiss_rounds(swiss)

    # then the top 8 by the standings play single elimination, 1 v 8, 4 v 5, 2 v 7, 3 v 6
    top8 = check_the_top_eight(swiss)

    # when the cut is played (its rounds started by the organizer)
    play_the_cut(swiss)

    # then the event is over and the champion placed first, the other seven by the cut
    assert Tournament.objects.get(pk=tid).status == "finished"
    rows = standings_of(org_client, tid)
    champion = min(top8)
    assert rows[0]["entry"]["id"] == champion
    assert rows[0]["placement_label"] == "1"
    assert [r["placement_label"] for r in rows[:8]] == ["1", "2", "3-4", "3-4", *["5-8"] * 4]
    assert [r["placement"] for r in rows[8:]] == list(range(9, 38))

    # and the CSV carries every figure
    check_the_csv(swiss, rows)


def test_a_correction_in_round_one_changes_standings_not_pairings(
    make_event, org_client, client_for
):
    # given a 6-entry Swiss event whose round 1 is played and round 2 paired
    tid, players = make_event(6, best_of=1, structure="swiss")
    users = {entry_id: user for user, entry_id in players}
    org_client.post(f"/api/tournaments/{tid}/start/")
    round1 = rounds_of(org_client, tid)[0]
    for match in round1["matches"]:
        winner = min(e["id"] for e in match["entries"])
        response = org_client.post(
            f"/api/matches/{match['id']}/report/",
            {"games": [{"winner": winner, "life": {}, "first_damage": None}]},
            format="json",
        )
        assert response.status_code == 200, response.json()
    paired = rounds_of(org_client, tid)[1]["matches"]
    before = {r["entry"]["id"]: r["match_points"] for r in standings_of(org_client, tid)}

    # when the organizer corrects round 1's first match (the other entry won)
    match = round1["matches"][0]
    loser = max(e["id"] for e in match["entries"])
    winner = min(e["id"] for e in match["entries"])
    response = org_client.post(
        f"/api/matches/{match['id']}/decide/", {"winner": loser}, format="json"
    )
    assert response.status_code == 200, response.json()

    # then the standings follow the correction and round 2's pairings stay as made
    after = {r["entry"]["id"]: r["match_points"] for r in standings_of(org_client, tid)}
    assert (before[winner], before[loser]) == (3, 0)
    assert (after[winner], after[loser]) == (0, 3)
    assert rounds_of(org_client, tid)[1]["matches"] == paired
    assert len(rounds_of(org_client, tid)) == 2
    assert users  # every entry is a registered player


def test_swiss_settings_are_checked(org_client):
    # when a Swiss event asks for a cut of 6, 0 rounds and random pairing
    response = org_client.post(
        "/api/tournaments/",
        {"name": "Bad", "structure": "swiss", "top_cut": 6, "swiss_rounds": 0, "pairing": "random"},
        format="json",
    )
    # then every problem is reported at once
    assert response.status_code == 400
    assert set(response.json()["errors"]) == {"top_cut", "swiss_rounds", "pairing"}
    # and an elimination event has no cut
    response = org_client.post("/api/tournaments/", {"name": "Bad", "top_cut": 8}, format="json")
    assert response.status_code == 400
    assert set(response.json()["errors"]) == {"top_cut"}


def test_the_standings_api_as_they_were_after_a_round(make_event, org_client):
    # given a 4-entry Swiss event whose round 1 is played (round 2 paired)
    tid, _players = make_event(4, best_of=1, structure="swiss")
    org_client.post(f"/api/tournaments/{tid}/start/")
    for match in rounds_of(org_client, tid)[0]["matches"]:
        winner = min(e["id"] for e in match["entries"])
        body = {"games": [{"winner": winner, "life": {}, "first_damage": None}]}
        org_client.post(f"/api/matches/{match['id']}/report/", body, format="json")
    # when round 2's first table is decided
    match = rounds_of(org_client, tid)[1]["matches"][0]
    org_client.post(
        f"/api/matches/{match['id']}/decide/", {"winner": match["entries"][0]["id"]}, format="json"
    )
    # then now the leader has 6 points, while after round 1 nobody had more than 3
    now = standings_of(org_client, tid)
    assert now[0]["match_points"] == 6
    response = org_client.get(f"/api/tournaments/{tid}/standings/?round=1")
    assert response.status_code == 200
    assert max(row["match_points"] for row in response.json()["results"]) == 3
    csv_body = org_client.get(f"/api/tournaments/{tid}/standings/?round=1&format=csv")
    assert csv_body.status_code == 200
    assert "omw_percent" in csv_body.content.decode()
    # and a round not paired, or not a number, is a 400 that says why
    for bad in ("3", "x", "0"):
        response = org_client.get(f"/api/tournaments/{tid}/standings/?round={bad}")
        assert response.status_code == 400, bad
        assert "round" in response.json()["errors"]
