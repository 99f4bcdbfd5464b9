"""A refused move answers with the game's own reason, through the API and on the game page: one
path (core.play -> ruleset.why_illegal) for all five games (issue 13)."""

from __future__ import annotations

import json

import pytest

from gameplay import services
from gameplay.engine import registry

pytestmark = pytest.mark.django_db

GENERIC = "That action is not allowed now"

# the refused move of the player to act at the start, and what each game answers
REFUSALS = {
    "combat": ({"type": "soldier", "card": "ZZ"}, "That card is not in your hand."),
    "army": (
        {"type": "play", "card": "AS"},
        "First put your army cards in order; fighting cards come after.",
    ),
    "conventional-combat": (
        {"type": "fighter", "card": "9.9", "name": "Nobody"},
        "That card is not in your hand; choose a character from it.",
    ),
    "rune-duel": ({"type": "play", "card": "x", "name": "x"}, "That card is not in your hand."),
    "kingdom-combat": (
        {"type": "hire", "card": "zz"},
        "You can hire only units from your deck that cost 1 or more and fit in your remaining "
        "Starting Gold.",
    ),
}


def _game_between_two(slug, make_user):
    alice, bob = make_user(), make_user()
    game = services.game_create(
        ruleset=slug, seats=[{"user": alice.pk}, {"user": bob.pk}], seed=4, created_by=alice
    )
    mover = registry.get(slug).decision(game.state).seats[0]
    return game, (alice, bob)[mover], (alice, bob)[1 - mover]


@pytest.mark.parametrize("slug", sorted(REFUSALS))
def test_an_illegal_move_is_refused_with_the_games_own_reason(slug, make_user, client_for):
    # given a game between two people, and the player to act
    game, mover, _other = _game_between_two(slug, make_user)
    action, reason = REFUSALS[slug]
    # when they send a move the rules do not allow
    response = client_for(mover).post(
        f"/api/games/{game.pk}/actions/", {"action": action, "version": game.version}, format="json"
    )
    # then the answer is a 400 naming the rule, not the generic refusal, and nothing moved
    assert response.status_code == 400
    body = response.json()
    assert (body["code"], body["detail"], body["errors"]["action"]) == (
        "illegal_action",
        reason,
        [reason],
    )
    assert GENERIC not in body["detail"]
    game.refresh_from_db()
    assert game.version == 0


@pytest.mark.parametrize("slug", sorted(REFUSALS))
def test_the_game_page_shows_the_games_reason(slug, make_user, client):
    # given the player to act, signed in on the game page
    game, mover, _other = _game_between_two(slug, make_user)
    action, reason = REFUSALS[slug]
    client.force_login(mover)
    # when they click a move the rules do not allow
    response = client.post(
        f"/games/{game.pk}/act/",
        {"action": json.dumps(action), "version": str(game.version)},
        headers={"HX-Request": "true"},
    )
    # then the board comes back with the game's reason
    assert response.status_code == 200
    assert reason.replace("'", "&#x27;") in response.content.decode()


def test_a_player_who_has_chosen_is_told_to_wait_in_the_games_words(make_user, client_for):
    # given an Army game where one player has already ordered their line (a secret choice)
    game, first, _second = _game_between_two("army", make_user)
    url = f"/api/games/{game.pk}/actions/"
    detail = client_for(first).get(f"/api/games/{game.pk}/").json()
    chosen = client_for(first).post(
        url, {"action": detail["legal_actions"][0], "version": detail["version"]}, format="json"
    )
    assert chosen.status_code == 200
    # when they try to choose again
    again = client_for(first).post(
        url, {"action": detail["legal_actions"][0], "version": detail["version"] + 1}, format="json"
    )
    # then Army says why (403), not a bare "not your turn"
    assert again.status_code == 403
    assert again.json()["detail"] == "You have already chosen this round; wait for your opponent."
