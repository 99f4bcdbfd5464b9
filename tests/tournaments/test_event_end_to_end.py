"""Done when: a 13-entry event runs end to end through the API (and its pages show it)."""

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.test import Client

from tournaments import tasks

from .helpers import bracket, entry_by_seed, make_overdue, match_with, seeds_of, sweep_games


@dataclass
class Event:
    """The event under test: its id, the organizer's client and a client per player."""

    tid: int
    org: Any
    client_for: Callable
    players: list

    def client_of(self, seed: int):
        """A client signed in as the player of the entry at `seed`."""
        return self.client_for(self.players[seed - 1][0])

    def match(self, round_number: int, seed: int) -> dict:
        return match_with(self.org, self.tid, round_number, seed)


def play(event: Event, round_number: int, winner_seed: int, loser_seed: int) -> dict:
    """The loser's player reports the winner's 2-0 win, the winner's player confirms."""
    match = event.match(round_number, winner_seed)
    winner = entry_by_seed(match, winner_seed)
    response = event.client_of(loser_seed).post(
        f"/api/matches/{match['id']}/report/", sweep_games(winner), format="json"
    )
    assert response.status_code == 200, response.json()
    assert response.json()["status"] == "awaiting_confirmation"
    response = event.client_of(winner_seed).post(f"/api/matches/{match['id']}/confirm/")
    assert response.status_code == 200, response.json()
    assert response.json()["status"] == "finished"
    assert response.json()["winner"] == winner
    return match


def start_and_check_round_one(event: Event) -> None:
    """The organizer starts it: seeds 1-3 have byes, pairings follow the standard order, and
    round 1 is running."""
    response = event.org.post(f"/api/tournaments/{event.tid}/start/")
    assert response.status_code == 200, response.json()
    assert response.json()["status"] == "running"
    rounds = bracket(event.org, event.tid)
    assert [r["number"] for r in rounds] == [1, 2, 3, 4]
    fields = {"id", "entries", "status", "winner", "decided_by", "is_bye", "deadline"}
    assert all(fields <= set(m) for r in rounds for m in r["matches"])
    assert all({"id", "name", "seed"} <= set(e) for e in rounds[0]["matches"][1]["entries"])
    assert seeds_of(rounds[0]) == [[1], [8, 9], [4, 13], [5, 12], [2], [7, 10], [3], [6, 11]]
    byes = [m for m in rounds[0]["matches"] if m["is_bye"]]
    assert [(m["entries"][0]["seed"], m["decided_by"], m["status"]) for m in byes] == [
        (1, "bye", "finished"),
        (2, "bye", "finished"),
        (3, "bye", "finished"),
    ]
    running = [m for m in rounds[0]["matches"] if not m["is_bye"]]
    assert all(m["status"] == "in_progress" and m["deadline"] for m in running)
    assert seeds_of(rounds[1]) == [[1], [], [2], [3]]


def time_runs_out(event: Event) -> None:
    """Three matches run out of time: the round's deadline task calls time on them (the sweep
    then finds nothing left), and the players of two enter the life totals that decide them."""
    for seed in (4, 5, 6):
        make_overdue(event.match(1, seed)["id"])
    assert tasks.tournament_deadlines(event.tid) == 3
    assert tasks.match_deadlines_sweep() == 0  # idempotent
    m4 = event.match(1, 4)
    m5 = event.match(1, 5)
    assert m4["time_called"]
    assert m4["status"] == "in_progress"
    e4, e13 = entry_by_seed(m4, 4), entry_by_seed(m4, 13)
    e5, e12 = entry_by_seed(m5, 5), entry_by_seed(m5, 12)
    # tied life: the first to deal damage (seed 13) wins
    response = event.client_of(4).post(
        f"/api/matches/{m4['id']}/time/",
        {"life": {str(e4): 9, str(e13): 9}, "first_damage": e13},
        format="json",
    )
    assert response.status_code == 200, response.json()
    assert (response.json()["winner"], response.json()["decided_by"]) == (e13, "time")
    # highest life wins
    response = event.client_of(12).post(
        f"/api/matches/{m5['id']}/time/",
        {"life": {str(e5): 12, str(e12): 7}, "first_damage": e12},
        format="json",
    )
    assert (response.json()["winner"], response.json()["decided_by"]) == (e5, "time")


def tied_life_decided_by_the_organizer(event: Event) -> None:
    """The third timed match has tied life and nobody knows who dealt damage first: it waits
    for the organizer, who decides it; the audit trail says so."""
    m6 = event.match(1, 6)
    e6, e11 = entry_by_seed(m6, 6), entry_by_seed(m6, 11)
    response = event.client_of(11).post(
        f"/api/matches/{m6['id']}/time/",
        {"life": {str(e6): 4, str(e11): 4}, "first_damage": None},
        format="json",
    )
    assert (response.json()["status"], response.json()["winner"]) == ("needs_decision", None)
    assert event.match(1, 6)["status"] == "needs_decision"
    response = event.org.post(f"/api/matches/{m6['id']}/decide/", {"winner": e6}, format="json")
    assert (response.json()["winner"], response.json()["decided_by"]) == (e6, "organizer")
    trail = response.json()["audit"]
    assert [a["action"] for a in trail] == ["time-called", "time-undecided", "decide"]
    assert (trail[0]["actor"], trail[2]["actor"]) == (None, "organizer")
    assert (trail[2]["before"]["winner"], trail[2]["after"]["winner"]) == (None, e6)
    assert all(a["at"] for a in trail)


def organizer_corrects_seven_v_ten(event: Event) -> None:
    """The organizer reports 7v10 again with 10 the winner: a correction in the audit."""
    m7 = event.match(1, 7)
    e10 = entry_by_seed(m7, 10)
    response = event.org.post(
        f"/api/matches/{m7['id']}/report/", sweep_games(e10, 2), format="json"
    )
    assert response.status_code == 200, response.json()
    assert response.json()["winner"] == e10
    assert [a["action"] for a in response.json()["audit"]][-1] == "correction"


def correction_refused_after_the_next_result(event: Event) -> None:
    """Correcting a round-1 match whose next match has a result is refused, naming it."""
    m8 = event.match(1, 8)
    r2 = event.match(2, 9)
    response = event.org.post(
        f"/api/matches/{m8['id']}/decide/", {"winner": entry_by_seed(m8, 8)}, format="json"
    )
    assert response.status_code == 409
    assert response.json()["matches"] == [r2["id"]]
    assert f"match {r2['id']}" in response.json()["detail"]


def final_standings(event: Event) -> dict:
    """The finished event's standings through the API and as CSV; the champion's row."""
    org, tid = event.org, event.tid
    assert org.get(f"/api/tournaments/{tid}/").json()["status"] == "finished"
    standings = org.get(f"/api/tournaments/{tid}/standings/").json()["results"]
    row_fields = {"entry", "placement", "match_wins", "match_losses", "game_wins", "game_losses"}
    assert all(row_fields | {"byes"} <= set(row) for row in standings)
    assert all(set(row["entry"]) == {"id", "name", "seed"} for row in standings)
    places = {row["entry"]["seed"]: row["placement_label"] for row in standings}
    assert places == {
        3: "1",
        1: "2",
        2: "3-4",
        5: "3-4",
        9: "5-8",
        13: "5-8",
        10: "5-8",
        6: "5-8",
        8: "9-13",
        4: "9-13",
        12: "9-13",
        7: "9-13",
        11: "9-13",
    }
    champion = standings[0]
    assert champion["entry"]["seed"] == 3
    assert (champion["match_wins"], champion["byes"], champion["match_losses"]) == (4, 1, 0)
    assert (champion["game_wins"], champion["game_losses"]) == (6, 0)
    seed13 = next(row for row in standings if row["entry"]["seed"] == 13)
    assert (seed13["match_wins"], seed13["game_wins"], seed13["game_losses"]) == (1, 1, 2)
    csv_body = org.get(f"/api/tournaments/{tid}/standings/?format=csv")
    assert csv_body["Content-Type"].startswith("text/csv")
    assert csv_body.content.decode().splitlines()[1].startswith("1,")
    return champion


def pages_show_it(tid: int, champion: dict) -> None:
    """The bracket as four round columns with the three byes and the winners marked, the
    champion, and the standings with their CSV link."""
    page = Client().get(f"/tournaments/{tid}/").content.decode()
    assert page.count('class="bracket-round"') == 4
    assert page.count("bracket-match status-finished is-bye") == 3  # each bye card says "Bye" once
    assert 'class="bracket-entry bye"' not in page
    assert [name in page for name in ("Final", "Semifinals", "Quarterfinals", "Round 1")] == [
        True
    ] * 4
    assert page.count('class="bracket-entry winner') == 15  # each match (byes too) marks one
    champion_name = champion["entry"]["name"]
    assert f"Champion: <strong>{champion_name}</strong>" in page
    table = Client().get(f"/tournaments/{tid}/standings/").content.decode()
    assert table.count("<td>9-13</td>") == 5
    assert table.count("<td>5-8</td>") == 4
    assert f"/api/tournaments/{tid}/standings/?format=csv" in table


def test_thirteen_entry_event_end_to_end(make_event, org_client, client_for):
    # given 13 entries seeded 1..13 in a best-of-3 single elimination with a 50-minute limit
    tid, players = make_event(13, best_of=3)
    event = Event(tid=tid, org=org_client, client_for=client_for, players=players)

    # when the organizer starts it, then seeds 1-3 have byes and round 1 is running
    start_and_check_round_one(event)

    # when results are reported and confirmed (9 upsets 8; 7 is reported as the winner of 7v10)
    play(event, 1, 9, 8)
    play(event, 1, 7, 10)

    # and three matches run out of time, two decided by life, one by the organizer
    time_runs_out(event)
    tied_life_decided_by_the_organizer(event)

    # then round 2 is known: 1v9, 13v5, 2v7, 3v6
    assert seeds_of(bracket(org_client, tid)[1]) == [[1, 9], [13, 5], [2, 7], [3, 6]]

    # when the organizer corrects 7v10 (10 really won) before round 2 starts
    organizer_corrects_seven_v_ten(event)

    # then the bracket follows: 10 replaces 7 in round 2
    assert seeds_of(bracket(org_client, tid)[1]) == [[1, 9], [13, 5], [2, 10], [3, 6]]

    # when round 2 is started and played
    response = org_client.post(f"/api/tournaments/{tid}/rounds/2/start/")
    assert response.json()["started"] == 4
    for winner, loser in ((1, 9), (5, 13), (2, 10), (3, 6)):
        play(event, 2, winner, loser)

    # then correcting a round-1 match whose next match has a result is refused, naming it
    correction_refused_after_the_next_result(event)

    # when the semi-finals and the final are played
    org_client.post(f"/api/tournaments/{tid}/rounds/3/start/")
    play(event, 3, 1, 5)
    play(event, 3, 3, 2)
    org_client.post(f"/api/tournaments/{tid}/rounds/4/start/")
    play(event, 4, 3, 1)

    # then the tournament is finished with the final standings
    champion = final_standings(event)

    # and the pages show it
    pages_show_it(tid, champion)
