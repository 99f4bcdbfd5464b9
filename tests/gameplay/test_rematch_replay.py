"""The end of a game: players by name, the result banner, the rematch and the replay viewer."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from config.errors import Conflict, NotAllowed
from gameplay import selectors, services
from gameplay.engine import registry
from gameplay.models import GameRecord
from tests.gameplay.playing import play_to_the_end

pytestmark = pytest.mark.django_db


@pytest.fixture
def finished(human_vs_bot):
    user, game = human_vs_bot
    return user, play_to_the_end(game, user)


def _two_people(make_user, ruleset="army"):
    ann, bob = make_user("ann"), make_user("bob")
    game = services.game_create(
        ruleset=ruleset, seats=[{"user": ann.pk}, {"user": bob.pk}], created_by=ann
    )
    return ann, bob, game


def test_a_player_rematches_with_seats_swapped_options_kept_and_a_new_seed(finished):
    # given a finished game of a user (seat 0) against the random bot (seat 1)
    user, game = finished
    # when the user asks for a rematch
    rematch = services.game_rematch(game_id=game.pk, by_user=user)
    # then a new game of the same ruleset and options starts with the seats swapped
    seats = selectors.seats_of(rematch)
    assert [(s.user_id, s.bot) for s in seats] == [(None, "random"), (user.pk, "")]
    assert rematch.ruleset == game.ruleset
    assert rematch.options == game.options
    assert rematch.pk != game.pk
    assert rematch.rematch_of_id == game.pk
    assert rematch.status == "in_progress"
    assert rematch.seed != game.seed
    # and asking again (a double click, the other player) opens the same rematch
    assert services.game_rematch(game_id=game.pk, by_user=user).pk == rematch.pk
    assert GameRecord.objects.count() == 2


def test_two_people_rematch_the_other_side_starts_and_either_may_ask(make_user):
    ann, bob, game = _two_people(make_user, ruleset="rune-duel")
    game.status, game.result = "finished", {"winners": [0], "facts": {"reason": "life"}}
    game.save()
    rematch = services.game_rematch(game_id=game.pk, by_user=bob)
    assert [s.user_id for s in selectors.seats_of(rematch)] == [bob.pk, ann.pk]
    assert rematch.created_by_id == bob.pk
    # the server drew the seed: two rematches of equal games do not share it
    assert services.game_rematch(game_id=game.pk, by_user=ann).pk == rematch.pk


def test_only_the_games_players_rematch_and_only_once_it_is_over(finished, make_user):
    user, game = finished
    other, staff = make_user("other"), make_user("staff", is_staff=True)
    for who in (other, staff):
        with pytest.raises(NotAllowed):
            services.game_rematch(game_id=game.pk, by_user=who)
    live = services.game_create(
        ruleset="army", seats=[{"user": user.pk}, {"bot": "random"}], created_by=user
    )
    with pytest.raises(Conflict, match="once the game is over"):
        services.game_rematch(game_id=live.pk, by_user=user)
    assert GameRecord.objects.filter(rematch_of__isnull=False).count() == 0


def test_the_banner_says_who_won_and_how_and_offers_rematch_and_replay(client, finished):
    user, game = finished
    client.force_login(user)
    html = client.get(f"/games/{game.pk}/").content.decode()
    banner = html.split('id="game-over"')[1].split("</section>")[0]
    assert re.search(r"(wins|A draw)", banner)
    assert "the last side standing" in banner or "the turn limit was reached" in banner
    assert 'id="rematch"' in banner
    assert f"/games/{game.pk}/replay/?step=0" in banner
    # the rematch button posts, and then the banner links to the new game
    response = client.post(f"/games/{game.pk}/rematch/")
    rematch = GameRecord.objects.get(rematch_of=game)
    assert response.url == f"/games/{rematch.pk}/"
    html = client.get(f"/games/{game.pk}/").content.decode()
    assert "Open the rematch" in html
    assert 'id="rematch"' not in html
    # a visitor sees the banner and the replay, not the rematch button
    visitor = Client().get(f"/games/{game.pk}/").content.decode()
    assert 'id="game-over"' in visitor
    assert 'id="rematch"' not in visitor


def test_the_game_page_names_every_player_and_whose_move_it_is(client, make_user):
    ann, _bob, game = _two_people(make_user, ruleset="combat")
    client.force_login(ann)
    html = client.get(f"/games/{game.pk}/").content.decode()
    players = html.split('id="players"')[1].split("</ul>")[0]
    assert "ann" in players
    assert "bob" in players
    assert "(you)" in players
    assert players.count("to move") == len(registry.get("combat").decision(game.state).seats)


def test_the_rematch_form_refuses_strangers_and_live_games(client, finished, make_user):
    _user, game = finished
    client.force_login(make_user("other"))
    client.post(f"/games/{game.pk}/rematch/")
    assert not GameRecord.objects.filter(rematch_of=game).exists()
    assert Client().post(f"/games/{game.pk}/rematch/").status_code == 302
    assert not GameRecord.objects.filter(rematch_of=game).exists()


def test_the_replay_steps_through_the_log_as_a_spectator(client, finished):
    user, game = finished
    total = len(game.actions)
    client.force_login(user)
    # step 0 is the deal, with next/last links but no first/previous
    html = client.get(f"/games/{game.pk}/replay/?step=0").content.decode()
    assert f"Step 0 of {total}" in html
    assert "The deal" in html
    assert 'rel="next" href="?step=1"' in html
    assert 'rel="prev"' not in html
    # step 1 names the player and the action in words
    html = client.get(f"/games/{game.pk}/replay/?step=1").content.decode()
    seat, _action = game.actions[0]
    name = user.username if seat == 0 else "random bot"
    words = selectors.replay_step(game, 1)["last"]["words"]
    assert f"Action 1: <strong>{name}</strong> · {words}" in html
    assert 'rel="prev" href="?step=0"' in html
    # the last step is the end, the same life totals as the game
    html = client.get(f"/games/{game.pk}/replay/?step={total}").content.decode()
    assert f"Step {total} of {total}" in html
    assert 'rel="next"' not in html
    # no hand is shown at any step: a spectator's view of the replayed state
    for step in (0, 1, total // 2, total):
        page = client.get(f"/games/{game.pk}/replay/?step={step}").content.decode()
        board = page.split('id="replay"')[1]
        hands = re.findall(r"Hand</span>(.*?)</div>", board, flags=re.S)
        assert len(hands) == 2, step
        for hand in hands:
            assert "data-card-face" not in hand, step
            assert re.search(r"\d+ cards?</span>", hand), step


@pytest.mark.parametrize("step", ["-1", "99999", "abc", "1.5"])
def test_a_bad_step_clamps_with_a_message(client, finished, step):
    _, game = finished
    response = Client().get(f"/games/{game.pk}/replay/?step={step}")
    assert response.status_code == 200
    assert 'id="replay-notice"' in response.content.decode()


def test_the_replay_is_hidden_while_the_game_is_played(client, human_vs_bot, make_user):
    user, game = human_vs_bot
    client.force_login(user)
    response = client.get(f"/games/{game.pk}/replay/?step=0")
    assert response.status_code == 302
    assert response.url == f"/games/{game.pk}/"
    assert Client().get(f"/games/{game.pk}/replay/").status_code == 302
    assert Client().get("/games/99999/replay/").status_code == 404


def test_the_replay_costs_a_fixed_number_of_queries(finished, django_assert_max_num_queries):
    _, game = finished
    with django_assert_max_num_queries(6):
        assert Client().get(f"/games/{game.pk}/replay/?step=3").status_code == 200


def test_the_replay_names_no_secret_choice_and_no_face_down_card(finished, make_user):
    # given a finished Combat game: its farms are played face down
    _, game = finished
    ruleset = registry.get(game.ruleset)
    farms = [i for i, (_, a) in enumerate(game.actions, 1) if a.get("type") == "farm"]
    soldiers = [i for i, (_, a) in enumerate(game.actions, 1) if a.get("type") == "soldier"]
    assert farms
    assert soldiers
    for step in farms:
        at = selectors.replay_step(game, step)
        assert at["last"]["words"] == "plays a card face down"
        assert ruleset.describe_action(game.actions[step - 1][1]) not in at["last"]["words"]
    # a soldier is played face up: named
    at = selectors.replay_step(game, soldiers[0])
    assert at["last"]["words"] == ruleset.describe_action(game.actions[soldiers[0] - 1][1])
    # and in Army both sides choose in secret: the choice is not named
    ann, _bob, army = _two_people(make_user, ruleset="army")
    first = registry.get("army").legal_actions(army.state, 0)[0]
    services.game_act(game_id=army.pk, user=ann, action=first, expected_version=0)
    army.refresh_from_db()
    assert selectors.replay_step(army, 1)["last"]["words"].startswith("chooses in secret")


# What each board draws only for the viewer's own hand (cards face up). Conventional Combat's
# forces are open (its RULINGS.md: only the pending choices are secret), so nothing to hide.
OWN_HAND = {
    "army": "army-hand",
    "conventional-combat": "<no hidden hand>",
    "rune-duel": "rd-me",
    "combat": "seat card me",
}


@pytest.mark.parametrize("ruleset", ["army", "conventional-combat", "rune-duel", "combat"])
def test_every_game_replays_step_by_step_with_players_named(ruleset):
    # given a finished game between two bots
    game = services.game_create(
        ruleset=ruleset, seats=[{"bot": "random"}, {"bot": "greedy"}], seed=21
    )
    while GameRecord.objects.get(pk=game.pk).status == "in_progress":
        services.game_bots_play(game_id=game.pk)
    game.refresh_from_db()
    total = len(game.actions)
    # then every page of its replay draws the board with both players named, hiding hands
    for step in sorted({0, 1, total // 2, total - 1, total}):
        html = Client().get(f"/games/{game.pk}/replay/?step={step}").content.decode()
        assert f"Step {step} of {total}" in html
        assert "random bot" in html
        assert "greedy bot" in html
        assert 'id="replay-notice"' not in html
        # a hand is drawn face up only for its own seat: never in a replay
        assert OWN_HAND[ruleset] not in html, step
    # and the game page's banner says who won and how, in words (no raw codes)
    html = Client().get(f"/games/{game.pk}/").content.decode()
    banner = html.split('id="game-over"')[1].split("</section>")[0]
    assert "_" not in banner.split("result-headline")[1].split("</p>")[0]
    assert re.search(r"(wins|A draw)", banner)


def test_staff_who_do_not_play_may_replay_a_live_game_as_the_log_rule_says(human_vs_bot, make_user):
    # the log's rule (selectors.may_read_log): an organizer who does not play may read it live
    _, game = human_vs_bot
    client = Client()
    client.force_login(make_user("staff", is_staff=True))
    html = client.get(f"/games/{game.pk}/replay/?step=0").content.decode()
    assert "still being played" in html
    assert "Step 0 of" in html


def test_the_rematch_api_creates_once_and_refuses_others(finished, make_user):
    from rest_framework.test import APIClient

    user, game = finished
    player = APIClient()
    player.force_authenticate(user=user)
    first = player.post(f"/api/games/{game.pk}/rematch/")
    assert first.status_code == 201
    assert first.json()["id"] == GameRecord.objects.get(rematch_of=game).pk
    again = player.post(f"/api/games/{game.pk}/rematch/")
    assert again.status_code == 200
    assert again.json()["id"] == first.json()["id"]
    stranger = APIClient()
    stranger.force_authenticate(user=make_user("other"))
    assert stranger.post(f"/api/games/{game.pk}/rematch/").status_code == 403
    assert APIClient().post(f"/api/games/{game.pk}/rematch/").status_code in (401, 403)
    assert player.post("/api/games/99999/rematch/").status_code == 404
    live = services.game_create(
        ruleset="army", seats=[{"user": user.pk}, {"bot": "random"}], created_by=user
    )
    refused = player.post(f"/api/games/{live.pk}/rematch/")
    assert refused.status_code == 409
    assert refused.json()["code"] == "game_not_over"
