"""The play pages: list, start a game, the board partial (htmx), clicking a move."""

from __future__ import annotations

import json
import re
from html import unescape

import pytest
from django.contrib.messages import get_messages

from gameplay import selectors, services
from gameplay.models import GameInvite, GameRecord
from tests.gameplay.playing import play_to_the_end

pytestmark = pytest.mark.django_db


def test_list_page_offers_a_game_against_a_bot(client, make_user):
    user = make_user()
    client.force_login(user)
    page = client.get("/games/")
    assert page.status_code == 200
    assert b"Play against a bot" in page.content


def test_start_a_game_and_see_cards_and_moves(client, make_user):
    user = make_user()
    client.force_login(user)
    response = client.post("/games/new/", {"ruleset": "combat", "bot": "random", "max_turns": "5"})
    game = GameRecord.objects.get()
    assert response.status_code == 302
    assert response.url == f"/games/{game.pk}/"
    services.game_bots_play(game_id=game.pk)
    page = client.get(f"/games/{game.pk}/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "playing-card" in html
    assert 'class="action"' in html
    assert "life-total" in html


def test_board_partial_is_204_while_nothing_changed(client, human_vs_bot):
    user, game = human_vs_bot
    services.game_bots_play(game_id=game.pk)
    game.refresh_from_db()
    client.force_login(user)
    same = client.get(f"/games/{game.pk}/board/?version={game.version}")
    assert same.status_code == 204
    changed = client.get(f"/games/{game.pk}/board/?version={game.version - 1}")
    assert changed.status_code == 200


def test_clicking_a_move_plays_it_and_a_stale_click_says_why(client, human_vs_bot):
    user, game = human_vs_bot
    services.game_bots_play(game_id=game.pk)
    game.refresh_from_db()
    client.force_login(user)
    page = client.get(f"/games/{game.pk}/board/")
    action = page.context["actions"][0]["value"]
    played = client.post(
        f"/games/{game.pk}/act/",
        {"action": action, "version": game.version},
        HTTP_HX_REQUEST="true",
    )
    assert played.status_code == 200
    assert GameRecord.objects.get(pk=game.pk).actions[-1][1] == json.loads(action)
    stale = client.post(
        f"/games/{game.pk}/act/", {"action": action, "version": 0}, HTTP_HX_REQUEST="true"
    )
    assert b"moved on" in stale.content


@pytest.mark.parametrize("depth", [40, 100_000])
def test_a_move_nested_thousands_deep_is_a_400_with_the_error_shape(client, human_vs_bot, depth):
    # given a player at the board
    user, game = human_vs_bot
    client.force_login(user)
    before = GameRecord.objects.get(pk=game.pk).actions
    # when the move form's action nests lists 100,000 deep
    answer = client.post(
        f"/games/{game.pk}/act/",
        {"action": "[" * depth + "]" * depth, "version": game.version},
        HTTP_HX_REQUEST="true",
    )
    # then it is refused with the error shape and nothing was played
    assert answer.status_code == 400
    body = answer.json()
    assert body["code"] == "malformed"
    assert list(body["errors"]) == ["action"]
    assert GameRecord.objects.get(pk=game.pk).actions == before


def test_spectator_sees_no_hand_and_no_moves(client, human_vs_bot):
    _user, game = human_vs_bot
    page = client.get(f"/games/{game.pk}/")
    assert page.status_code == 200
    assert page.context["actions"] == []
    assert all(s["hand"] is None for s in page.context["board"]["seats"])


def test_unknown_game_page_is_404(client):
    assert client.get("/games/424242/").status_code == 404


def test_players_start_their_match_game_from_the_games_page(client, make_user):
    from tournaments import services as tournament_services
    from tournaments.models import Match

    organizer, alice, bob = make_user(), make_user(), make_user()
    tournament = tournament_services.tournament_create(organizer=organizer, name="Cup", best_of=1)
    for user in (alice, bob):
        tournament_services.entry_add(tournament=tournament, by_user=organizer, user_id=user.pk)
    tournament_services.tournament_start(tournament=tournament, by_user=organizer)
    match = Match.objects.get(tournament=tournament)
    client.force_login(alice)
    page = client.get("/games/")
    assert b"Play on the engine" in page.content
    started = client.post(f"/games/match/{match.pk}/start/")
    game = GameRecord.objects.get(match=match)
    assert started.url == f"/games/{game.pk}/"
    assert b"Open the game" in client.get("/games/").content


def test_board_lists_the_latest_moves_in_words():
    from gameplay.presentation.combat import combat_events

    events = [
        {"e": "turn", "number": 3, "seats": [1]},
        {"chance": "reshuffle shared", "n": 4},
        {"e": "attack", "seat": 1, "card": "KS", "target": 0},
        {"e": "damage", "seat": 1, "card": "KS", "player": 0, "amount": 4},
        {"e": "farm", "seat": 1},
    ]
    lines = combat_events(events, {0: "ann", 1: "greedy bot"})
    assert lines == [
        "greedy bot plays a farm",
        "The king of spades deals 4 damage to ann",
        "greedy bot attacks ann with the king of spades",
        "Turn 3: greedy bot",
    ]


def test_a_tournament_match_page_offers_to_play_it_on_the_engine(make_user):
    from django.test import Client

    from tournaments import services as events
    from tournaments.models import Match

    organizer, ann, ben = make_user(), make_user(), make_user()
    event = events.tournament_create(organizer=organizer, name="Engine night", best_of=1)
    for user in (ann, ben):
        events.entry_add(tournament=event, by_user=organizer, user_id=user.pk)
    events.tournament_start(tournament=event, by_user=organizer)
    match = Match.objects.get(tournament=event)
    client = Client()
    client.force_login(ann)
    page = client.get(f"/matches/{match.pk}/").content.decode()
    assert "Play this match on the engine" in page
    client.post(f"/games/match/{match.pk}/start/")
    page = client.get(f"/matches/{match.pk}/").content.decode()
    assert "Open this match&#x27;s game" in page or "Open this match's game" in page
    # a visitor can open the game too (to watch), but not start one
    visitor = Client().get(f"/matches/{match.pk}/").content.decode()
    assert "Play this match on the engine" not in visitor


@pytest.mark.parametrize(
    "ruleset", ["army", "conventional-combat", "rune-duel", "combat", "kingdom-combat"]
)
def test_every_board_names_players_by_name_and_titles_by_game_name(client, make_user, ruleset):
    # given a user playing a game against a bot
    user = make_user("zoe")
    client.force_login(user)
    client.post("/games/new/", {"ruleset": ruleset, "bot": "random"})
    game = GameRecord.objects.get()
    # when they open it, then the players are their names and the title the game's name
    html = client.get(f"/games/{game.pk}/").content.decode()
    assert "zoe" in html
    assert "random bot" in html
    assert "Seat 0" not in html
    assert "Seat 1" not in html
    assert "seat 1 " not in html
    name = {
        "army": "Army",
        "conventional-combat": "Conventional Combat",
        "kingdom-combat": "Kingdom Combat",
    }.get(ruleset)
    name = name or {"rune-duel": "Rune Duel", "combat": "Combat"}[ruleset]
    assert f"<title>{name} game {game.pk}" in html
    assert ruleset not in html.split("<title>")[1].split("</title>")[0]


def test_the_recent_games_list_names_games_players_and_statuses_in_words(client, make_user):
    user = make_user("yves")
    client.force_login(user)
    client.post("/games/new/", {"ruleset": "rune-duel", "bot": "greedy"})
    game = GameRecord.objects.get()
    html = client.get("/games/").content.decode()
    assert f"Rune Duel #{game.pk}" in html
    assert "yves vs greedy bot" in html
    assert "In progress" in html
    assert f"rune-duel #{game.pk}" not in html


@pytest.mark.parametrize(
    "ruleset", ["army", "conventional-combat", "rune-duel", "combat", "kingdom-combat"]
)
def test_no_board_or_replay_names_a_player_by_seat_during_play(client, make_user, ruleset):
    # given a game against the random bot, played on for a while (every board and its story
    # of moves in use), then to its end
    user = make_user("zoe")
    client.force_login(user)
    client.post("/games/new/", {"ruleset": ruleset, "bot": "random"})
    pages = _pages_during_play(client, user, GameRecord.objects.get())
    # then no page names anyone "Seat N" or "seat N": players are their names
    for text in pages:
        assert not re.search(r"\b[Ss]eat \d", text), re.search(r".{60}\b[Ss]eat \d.{60}", text)


@pytest.mark.parametrize(
    ("seed", "whose"), [(48, "random bot"), (146, "zoe")], ids=["their-creature", "own-creature"]
)
def test_rune_duel_spell_target_moves_name_the_player_whose_line(client, make_user, seed, whose):
    # given Rune Duel games against the random bot (seeds where zoe's spell has two or more
    # creatures to target: the opponent's for a damage spell, her own for a boost)
    user = make_user("zoe")
    client.force_login(user)
    game = services.game_create(
        ruleset="rune-duel",
        seats=[{"user": user.pk}, {"bot": "random"}],
        seed=seed,
        created_by=user,
    )
    # when she plays on through the pages
    pages = _pages_during_play(client, user, game)
    # then her target moves name the player whose line the creature is on, never "seat N"
    assert any(f"Target the creature in slot 1 of {whose}'s line" in text for text in pages)
    for text in pages:
        assert not re.search(r"\b[Ss]eat \d", text), re.search(r".{60}\b[Ss]eat \d.{60}", text)


def _pages_during_play(client, user, game: GameRecord) -> list[str]:
    """The text (tags, scripts and styles left out) of the game page after each of the user's
    moves (the last legal one) for a while, then at the end, and of replay steps 1 and 5."""
    pages = []
    for _ in range(12):
        services.game_bots_play(game_id=game.pk)
        game.refresh_from_db()
        if game.status == GameRecord.Status.FINISHED:
            break
        detail = selectors.game_detail(game, user)
        if detail["legal_actions"]:
            services.game_act(
                game_id=game.pk,
                user=user,
                action=detail["legal_actions"][-1],
                expected_version=game.version,
            )
        pages.append(client.get(f"/games/{game.pk}/").content.decode())
    game = play_to_the_end(game, user)
    pages += [client.get(f"/games/{game.pk}/").content.decode()]
    pages += [client.get(f"/games/{game.pk}/replay/?step={s}").content.decode() for s in (1, 5)]
    return [
        unescape(re.sub(r"(?s)<[^>]*>", " ", re.sub(r"(?is)<(script|style)\b.*?</\1>", " ", html)))
        for html in pages
    ]


@pytest.mark.parametrize(
    ("url", "back"), [("/games/new/", "/games/"), ("/games/lobby/offer/", "/games/lobby/")]
)
def test_a_turn_limit_that_is_not_a_number_is_refused_and_nothing_starts(
    client, make_user, url, back
):
    # given a signed-in player on the new-game form or the lobby's offer form
    client.force_login(make_user())
    # when the turn limit is not a whole number
    response = client.post(url, {"ruleset": "combat", "bot": "random", "max_turns": "ten"})
    # then they are sent back with the reason, and no game or seat was made
    assert response.status_code == 302
    assert response.url == back
    shown = [str(m) for m in get_messages(response.wsgi_request)]
    assert shown == ["The turn limit must be a whole number."]
    assert not GameRecord.objects.exists()
    assert not GameInvite.objects.exists()
