"""Army and Conventional Combat through the API: a secret choice stays hidden from the other
player (and spectators' eyes) until both have chosen, then both are revealed together."""

from __future__ import annotations

import pytest

from gameplay.engine import registry
from gameplay.engine.core import replay

pytestmark = pytest.mark.django_db


def two_player_game(ruleset: str, seed: int, make_user, client_for):
    """Two new players' API clients (by seat) and the response creating their game."""
    alice, bob = make_user(), make_user()
    alice.is_staff = True  # a chosen seed with two people at the table: staff only
    alice.save()
    clients = {0: client_for(alice), 1: client_for(bob)}
    created = clients[0].post(
        "/api/games/",
        {"ruleset": ruleset, "seats": [{"user": alice.pk}, {"user": bob.pk}], "seed": seed},
        format="json",
    )
    return clients, created


@pytest.mark.parametrize(
    ("ruleset", "shown"), [("army", "army"), ("conventional-combat", "fighter")]
)
def test_the_other_players_choice_is_hidden_until_both_have_chosen(
    ruleset, shown, make_user, client_for
):
    # given two players in a new game made through the API
    clients, created = two_player_game(ruleset, 5, make_user, client_for)
    assert created.status_code == 201, created.json()
    url = f"/api/games/{created.json()['id']}/"
    first = clients[0].get(url).json()
    # when seat 0 makes its secret choice
    chosen = clients[0].post(
        url + "actions/",
        {"action": first["legal_actions"][0], "version": first["version"]},
        format="json",
    )
    assert chosen.status_code == 200, chosen.json()
    # then seat 1 sees that seat 0 has chosen, but not what; seat 0 sees its own choice
    mine = clients[0].get(url).json()["view"]["players"]["0"]
    theirs = clients[1].get(url).json()
    assert mine["choice"] == first["legal_actions"][0]
    assert theirs["view"]["players"]["0"]["chosen"] is True
    assert "choice" not in theirs["view"]["players"]["0"]
    assert theirs["view"]["players"]["0"][shown] is None  # nothing on the table yet
    # when seat 1 chooses too, both choices are revealed (no secret is pending any more)
    answer = clients[1].post(
        url + "actions/",
        {"action": theirs["legal_actions"][0], "version": theirs["version"]},
        format="json",
    )
    assert answer.status_code == 200, answer.json()
    after = clients[1].get(url).json()["view"]["players"]
    assert not any(p.get("chosen") for p in after.values())
    assert after["0"][shown] is not None
    assert after["1"][shown] is not None


@pytest.mark.parametrize("ruleset", ["army", "conventional-combat"])
def test_two_people_play_the_game_through_the_api_to_the_end(ruleset, make_user, client_for):
    # given two players in a game made through the API
    clients, created = two_player_game(ruleset, 8, make_user, client_for)
    url = f"/api/games/{created.json()['id']}/"
    # when each posts its first legal action whenever it has one
    for _ in range(600):
        bodies = {seat: c.get(url).json() for seat, c in clients.items()}
        if bodies[0]["status"] == "finished":
            break
        seat = next(s for s, body in bodies.items() if body["legal_actions"])
        response = clients[seat].post(
            url + "actions/",
            {"action": bodies[seat]["legal_actions"][0], "version": bodies[seat]["version"]},
            format="json",
        )
        assert response.status_code == 200, response.json()
    # then the game finished with its winner and life totals
    final = clients[1].get(url).json()
    assert final["status"] == "finished"
    assert len(final["result"]["winners"]) <= 1
    assert set(final["result"]["life"]) == {"0", "1"}
    # and its public log replays exactly (every checkpoint hash verified) to the same result
    replayed = replay(clients[1].get(url + "log/").json())
    assert registry.get(ruleset).result(replayed).winners == final["result"]["winners"]


@pytest.mark.parametrize("ruleset", ["army", "conventional-combat"])
def test_both_players_answer_the_same_version_of_a_secret_choice(ruleset, make_user, client_for):
    # given two players who both load the game before either has chosen
    clients, created = two_player_game(ruleset, 5, make_user, client_for)
    url = f"/api/games/{created.json()['id']}/"
    seen = {seat: client.get(url).json() for seat, client in clients.items()}
    assert seen[0]["version"] == seen[1]["version"]

    def choose(seat, body):
        action = {"action": body["legal_actions"][0], "version": body["version"]}
        return clients[seat].post(url + "actions/", action, format="json")

    # when both choose from what they saw, one just after the other
    assert choose(0, seen[0]).status_code == 200
    second = choose(1, seen[1])
    # then the second choice counts too (only a secret choice happened since) and both reveal
    assert second.status_code == 200, second.json()
    after = clients[1].get(url).json()
    assert not any(p.get("chosen") for p in after["view"]["players"].values())
    # but a choice answering the position before that reveal is stale
    again = choose(0, seen[0])
    assert (again.status_code, again.json()["code"]) == (409, "stale_version")
