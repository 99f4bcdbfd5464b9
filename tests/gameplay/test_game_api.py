"""The gameplay API: paths, status codes and field names of issue 6."""

from __future__ import annotations

import pytest

from gameplay import services
from gameplay.models import GameRecord

pytestmark = pytest.mark.django_db


def test_rulesets_lists_slug_version_players_and_options(api_client):
    response = api_client.get("/api/rulesets/")
    assert response.status_code == 200
    combat = next(r for r in response.json() if r["slug"] == "combat")
    assert combat["min_players"] == 2
    assert combat["options"]["teams"]["choices"] == ["none", "alliance", "as-one"]
    assert set(combat) >= {"slug", "version", "min_players", "max_players", "options"}


def test_create_game_then_get_it_as_player_and_as_spectator(make_user, client_for, api_client):
    user = make_user()
    client = client_for(user)
    response = client.post(
        "/api/games/",
        {
            "ruleset": "combat",
            "seats": [{"user": user.pk}, {"bot": "random"}],
            "seed": 4,
            "options": {"max_turns": 10},
            "match": None,
        },
        format="json",
    )
    assert response.status_code == 201
    body = response.json()
    assert set(body) >= {"id", "ruleset", "status", "version", "view", "legal_actions", "result"}
    assert body["status"] == "in_progress"
    assert body["seat"] == 0
    mine = client.get(f"/api/games/{body['id']}/").json()
    assert isinstance(mine["view"]["hands"]["0"], list)
    public = api_client.get(f"/api/games/{body['id']}/").json()
    assert public["seat"] is None
    assert public["legal_actions"] == []
    assert isinstance(public["view"]["hands"]["0"], int)


def test_create_game_rejects_bad_input_with_400(make_user, client_for, api_client):
    user = make_user()
    client = client_for(user)
    bad = client.post("/api/games/", {"ruleset": "combat"}, format="json")
    assert bad.status_code == 400
    unknown = client.post(
        "/api/games/", {"ruleset": "go", "seats": [{"user": user.pk}]}, format="json"
    )
    assert unknown.status_code == 400
    assert unknown.json()["code"] == "unknown_ruleset"
    assert api_client.post("/api/games/", {}, format="json").status_code == 401


def test_a_user_cannot_start_a_game_for_other_users_alone(make_user, client_for):
    alice, bob, carol = make_user(), make_user(), make_user()
    seats = [{"user": bob.pk}, {"user": carol.pk}]
    body = {"ruleset": "combat", "seats": seats}
    refused = client_for(alice).post("/api/games/", body, format="json")
    assert refused.status_code == 403
    assert refused.json()["code"] == "not_your_seat"
    assert not GameRecord.objects.exists()
    # sitting down with another player, or watching two bots, is fine; staff may seat anyone
    with_bob = {"ruleset": "combat", "seats": [{"user": alice.pk}, {"user": bob.pk}]}
    assert client_for(alice).post("/api/games/", with_bob, format="json").status_code == 201
    bots = {"ruleset": "combat", "seats": [{"bot": "random"}, {"bot": "greedy"}]}
    assert client_for(alice).post("/api/games/", bots, format="json").status_code == 201
    staff = make_user(is_staff=True)
    assert client_for(staff).post("/api/games/", body, format="json").status_code == 201


def test_actions_200_400_403_409(make_user, client_for):
    # given a game between two users
    alice, bob = make_user(), make_user()
    game = services.game_create(
        ruleset="combat", seats=[{"user": alice.pk}, {"user": bob.pk}], seed=6, created_by=alice
    )
    first = game.state["turn"]["unit"]
    mover, waiter = (alice, bob) if first == 0 else (bob, alice)
    detail = client_for(mover).get(f"/api/games/{game.pk}/").json()
    action = detail["legal_actions"][0]
    url = f"/api/games/{game.pk}/actions/"
    # 403: not your turn, and not your seat
    waiting = client_for(waiter).post(url, {"action": action, "version": 0}, format="json")
    assert waiting.status_code == 403
    stranger = client_for(make_user()).post(url, {"action": action, "version": 0}, format="json")
    assert stranger.status_code == 403
    # 400: illegal, saying why
    illegal = client_for(mover).post(url, {"action": {"type": "x"}, "version": 0}, format="json")
    assert illegal.status_code == 400
    assert illegal.json()["detail"]
    not_held = {"type": "soldier", "card": "ZZ"}
    why = client_for(mover).post(url, {"action": not_held, "version": 0}, format="json")
    assert why.status_code == 400
    assert why.json()["detail"] == "That card is not in your hand."
    for junk in ({"type": {"x": 1}}, {"card": [1]}, [None], "end"):  # malformed: 400, not 500
        response = client_for(mover).post(url, {"action": junk, "version": 0}, format="json")
        assert response.status_code == 400
        assert response.json()["code"] == "illegal_action"
    # 409: stale, with the current game
    stale = client_for(mover).post(url, {"action": action, "version": 7}, format="json")
    assert stale.status_code == 409
    assert stale.json()["game"]["version"] == 0
    # 200: the new view
    ok = client_for(mover).post(url, {"action": action, "version": 0}, format="json")
    assert ok.status_code == 200
    assert ok.json()["version"] == 1


def test_log_is_public_after_the_game_and_for_the_organizer_before(make_user, client_for):
    user = make_user()
    game = services.game_create(
        ruleset="combat", seats=[{"bot": "random"}, {"bot": "random"}], seed=3, created_by=user
    )
    other = client_for(make_user())
    assert other.get(f"/api/games/{game.pk}/log/").status_code == 403
    assert client_for(user).get(f"/api/games/{game.pk}/log/").status_code == 200
    while GameRecord.objects.get(pk=game.pk).status == "in_progress":
        services.game_bots_play(game_id=game.pk)
    log = other.get(f"/api/games/{game.pk}/log/").json()
    assert log["actions"]
    assert set(log) >= {"seed", "options", "seats", "actions", "result"}
    assert log["seed"] == 3


def test_unknown_game_is_404(api_client):
    assert api_client.get("/api/games/999999/").status_code == 404


def test_a_player_cannot_read_the_log_of_their_game_in_progress(human_vs_bot, client_for):
    # the creator plays against a bot: the seed would show the bot's hand and every draw
    user, game = human_vs_bot
    response = client_for(user).get(f"/api/games/{game.pk}/log/")
    assert response.status_code == 403
    assert response.json()["code"] == "game_in_progress"


def test_a_player_cannot_choose_the_seed_of_a_game_against_a_person(make_user, client_for):
    from gameplay.models import GameRecord

    alice, bob = make_user(), make_user()
    body = {"ruleset": "combat", "seats": [{"user": alice.pk}, {"user": bob.pk}], "seed": 6}
    # a chosen seed would predict every shuffle, so bob's hand
    refused = client_for(alice).post("/api/games/", body, format="json")
    assert refused.status_code == 403
    assert refused.json()["code"] == "seed_not_allowed"
    assert not GameRecord.objects.exists()
    # the server draws one instead, shown to nobody until the game is over
    del body["seed"]
    created = client_for(alice).post("/api/games/", body, format="json")
    assert created.status_code == 201
    game_id = created.json()["id"]
    assert "seed" not in str(created.json()["view"])
    assert client_for(alice).get(f"/api/games/{game_id}/log/").status_code in (403, 404)
    # against bots only, a chosen seed is still fine (reproducible practice)
    practice = {"ruleset": "combat", "seats": [{"user": alice.pk}, {"bot": "random"}], "seed": 6}
    assert client_for(alice).post("/api/games/", practice, format="json").status_code == 201
