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


def test_a_kingdom_combat_page_shows_the_player_their_hand_and_not_the_opponents(client, make_user):
    # given alice and bob past the Starting Garrison and the mulligans of a Kingdom Combat game
    from gameplay.engine import registry
    from gameplay.engine.kingdom_combat import cards

    alice, bob = make_user("alice"), make_user("bob")
    game = services.game_create(
        ruleset="kingdom-combat",
        seats=[{"user": alice.pk}, {"user": bob.pk}],
        created_by=alice,
        seed=5,
    )
    rules = registry.get("kingdom-combat")
    users = {0: alice, 1: bob}
    for _ in range(40):
        game.refresh_from_db()
        if game.state["phase"] == "turn":
            break
        seat = rules.decision(game.state).seats[0]
        legal = rules.legal_actions(game.state, seat)
        # bob hires while he can, alice hires nothing; both keep their hands
        wanted = ("hire", "done", "keep") if seat == 1 else ("done", "keep")
        action = next(a for kind in wanted for a in legal if a["type"] == kind)
        services.game_act(
            game_id=game.pk, user=users[seat], action=action, expected_version=game.version
        )
    assert game.state["phase"] == "turn"
    # when alice opens the game page
    client.force_login(alice)
    page = client.get(f"/games/{game.pk}/")
    assert page.status_code == 200
    html = page.content.decode()
    # then she sees the board in words: both players, fortress HP, gold, the three zones
    for words in ("alice", "bob", "fortress HP", "Fortress Zone", "Structures Zone"):
        assert words in html
    assert "The Battlefield" in html
    assert "Turn 1:" in html
    # and her own hand drawn as cards, bob's only as a count
    state = game.state
    mine = state["players"]["0"]["hand"]
    assert all(f'data-card="{cid}"' in html for cid in mine)
    theirs = state["players"]["1"]["hand"]
    assert not [cid for cid in theirs if f'data-card="{cid}"' in html]
    assert f"{len(theirs)} hidden cards" in html
    visible = {cards.card(state["cards"][c])["name"] for c in mine}
    visible |= {cards.card(state["cards"][u])["name"] for u in state["units"]}
    visible |= {
        cards.card(k)["name"] for p in state["players"].values() for k in p["fortress"]["cards"]
    }
    secret = {cards.card(state["cards"][c])["name"] for c in theirs} - visible
    assert secret
    assert not [name for name in secret if name in html]
    # and no button names a card by its id
    assert not [cid for cid in state["cards"] if f">Play {cid}<" in html]


def test_the_kingdom_combat_board_counts_an_opponents_face_down_garrison_without_drawing_it():
    # given seat 1 has hired its Starting Garrison face down (seat 2 now hires)
    from gameplay.engine import core, registry
    from gameplay.presentation import kingdom_combat as boards

    rules = registry.get("kingdom-combat")
    state = core.new_game("kingdom-combat", seats=2, seed=11)
    hired = 0
    while (legal := rules.legal_actions(state, 0))[0]["type"] == "hire":
        core.play(state, 0, legal[0])
        hired += 1
    core.play(state, 0, {"type": "done"})
    assert hired
    names = {0: "ann", 1: "ben"}
    # when each player's board is drawn
    theirs = boards.kingdom_combat_board(rules.view(state, 1), names)
    mine = boards.kingdom_combat_board(rules.view(state, 0), names)
    # then ben sees how many units ann hired and where, but not which
    assert theirs["seats"][0]["face_down"] == hired
    assert theirs["seats"][0]["fortress_zone"] == []
    assert theirs["stage"].startswith("Setup: ben hires a Starting Garrison (")
    assert "starting gold left" in theirs["stage"]
    assert mine["stage"] == "Setup: ben hires a Starting Garrison"  # ben's gold is his own
    # and ann sees her own units, marked face down
    assert [u["status"] for u in mine["seats"][0]["fortress_zone"]] == ["face down"] * hired
    assert mine["seats"][0]["face_down"] == 0
    assert theirs["recent"][0] == "ann hires a unit face down"


def test_kingdom_combat_buttons_and_moves_name_cards_zones_and_fortresses_never_ids():
    # given random 2-4 player games, looked at by the seat to act after every action
    import random
    import re

    from gameplay.engine import core, registry
    from gameplay.presentation import kingdom_combat as boards

    rules = registry.get("kingdom-combat")
    raw = re.compile(r"\b\d-\d\d\b|\bt\d+\b|\b[FS]\d\b|fortress-\d|hidden card")
    names = {n: f"Player{n}" for n in range(4)}
    found = []
    for seed in range(6):
        state = core.new_game(
            "kingdom-combat", seats=2 + seed % 3, seed=seed, options={"max_turns": 12}
        )
        rng = random.Random(seed)
        while rules.decision(state).kind != "terminal":
            seat = rules.decision(state).seats[0]
            legal = rules.legal_actions(state, seat)
            view = rules.view(state, seat)
            words = [boards.kingdom_combat_label(view, a, names) for a in legal]
            words += boards.kingdom_combat_board(view, names)["recent"]
            found += [w for w in words if raw.search(w)]
            core.play(state, seat, legal[rng.randrange(len(legal))])
    # then every button and every line of the latest moves is in words
    assert found == []


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


def test_kingdom_combat_pass_buttons_say_which_pass_they_are():
    from gameplay.engine import core, registry
    from gameplay.presentation import kingdom_combat as boards

    rules = registry.get("kingdom-combat")
    view = rules.view(core.new_game("kingdom-combat", seats=2, seed=1), 0)
    labels = [
        boards.kingdom_combat_label(view, action, {0: "ann", 1: "ben"})
        for action in (
            {"type": "pass"},
            {"type": "pass", "window": True},
            {"type": "pass", "turn": True},
        )
    ]
    assert labels == ["Pass", "Pass until the stack resolves", "No responses this turn"]


def _kingdom_combat_in_turns(seed: int) -> dict:
    """A 2-player Kingdom Combat game whose garrisons are hired (first offer each time) and
    hands kept: the first turn, units face up in the Fortress Zones."""
    from gameplay.engine import core, registry

    rules = registry.get("kingdom-combat")
    state = core.new_game("kingdom-combat", seats=2, seed=seed)
    while state["phase"] in ("garrison", "mulligan"):
        seat = rules.decision(state).seats[0]
        core.play(state, seat, rules.legal_actions(state, seat)[0])
    return state


def test_kingdom_combat_cards_name_their_factions_never_the_slug():
    # given a game in turns, each seat's board drawn and rendered
    from django.template.loader import render_to_string

    from gameplay.engine import registry
    from gameplay.presentation import kingdom_combat as boards

    rules = registry.get("kingdom-combat")
    state = _kingdom_combat_in_turns(seed=3)
    names = {0: "ann", 1: "ben"}
    for seat in (0, 1):
        view = rules.view(state, seat)
        board = boards.kingdom_combat_board(view, names)
        me = board["seats"][seat]
        faces = [*me["hand"], *me["fortress_faces"], *(u["face"] for u in me["fortress_zone"])]
        factions = {f for face in faces for f in face["factions"]}
        # then every card names its faction as the set does ("Sylvan Court", not "sylvan")
        assert factions
        assert factions <= {"Ironhold", "Sylvan Court", "Ashen Horde", "Mercenary"}, factions
        html = render_to_string(
            "gameplay/boards/kingdom-combat.html",
            {"detail": {"view": view, "seat": seat}, "names": names, "board": board},
        )
        shown = set(re.findall(r'class="cf-faction">([^<]*)<', html))
        assert shown
        assert not {"ironhold", "sylvan", "ashen", "mercenary"} & shown, shown
    # and an imported set's unknown faction is put in words
    assert boards.kc_faction_name("iron-pact") == "Iron Pact"


def test_the_kingdom_combat_stack_draws_a_ranged_shot_as_its_shooters_card():
    # given a shot on the stack: one unit of seat 1 shooting one of seat 2's for 3
    from gameplay.engine import registry
    from gameplay.presentation import kingdom_combat as boards

    rules = registry.get("kingdom-combat")
    state = _kingdom_combat_in_turns(seed=3)
    view = rules.view(state, 0)
    shooter = next(u for u, unit in view["units"].items() if unit["seat"] == 0)
    target = next(u for u, unit in view["units"].items() if unit["seat"] == 1)
    view["stack"] = [{"seat": 0, "shooter": shooter, "target": target, "amount": 3}]
    # when the board is drawn
    stack = boards.kingdom_combat_board(view, {0: "ann", 1: "ben"})["stack"]
    # then the shot shows the shooter's card and says who shoots whom for how much
    name = boards.kc_cards.card(view["cards"][shooter])["name"]
    target_name = boards.kc_cards.card(view["cards"][target])["name"]
    assert stack[0]["face"]["name"] == name
    assert stack[0]["text"] == f"ann: {name} shoots {target_name} for 3"


def test_kingdom_combat_units_show_what_effects_make_of_their_stats_and_skills():
    # given a unit that gets +2 armor and Charge until the end of the turn (Raise Shields...)
    from django.template.loader import render_to_string

    from gameplay.engine import registry
    from gameplay.presentation import kingdom_combat as boards

    rules = registry.get("kingdom-combat")
    state = _kingdom_combat_in_turns(seed=3)
    uid = next(u for u, unit in state["units"].items() if unit["seat"] == 0)
    printed = boards.kc_cards.card(state["cards"][uid])
    assert "Charge" not in printed["skills"]
    state["effects"].append({"unit": uid, "until": "end of turn", "armor": 2})
    state["effects"].append({"unit": uid, "until": "end of turn", "skill": "Charge"})
    # when either player's board is drawn
    names = {0: "ann", 1: "ben"}
    for seat in (0, 1):
        view = rules.view(state, seat)
        board = boards.kingdom_combat_board(view, names)
        unit = next(u for u in board["seats"][0]["fortress_zone"] if u["face"]["data_card"] == uid)
        # then the unit shows its armor now beside the printed one, and the granted skill
        armor = printed["stats"]["armor"]
        assert unit["changed"] == [{"short": "ARM", "value": armor + 2, "printed": armor}]
        assert unit["granted"] == ["Charge"]
        html = render_to_string(
            "gameplay/boards/kingdom-combat.html",
            {"detail": {"view": view, "seat": seat}, "names": names, "board": board},
        )
        assert f"ARM&nbsp;{armor + 2}</abbr> +Charge" in html
    # and an unchanged unit shows nothing more
    other = next(u for u in board["seats"][1]["fortress_zone"])
    assert other["changed"] == []
    assert other["granted"] == []


def test_the_kingdom_combat_log_scrolls_and_can_be_reached_by_keyboard():
    # given a game with moves made, its board rendered
    from django.template.loader import render_to_string

    from gameplay.engine import registry
    from gameplay.presentation import kingdom_combat as boards

    rules = registry.get("kingdom-combat")
    view = rules.view(_kingdom_combat_in_turns(seed=3), 0)
    names = {0: "ann", 1: "ben"}
    html = render_to_string(
        "gameplay/boards/kingdom-combat.html",
        {
            "detail": {"view": view, "seat": 0},
            "names": names,
            "board": boards.kingdom_combat_board(view, names),
        },
    )
    # then the latest moves (a region that scrolls) take the keyboard's focus (axe:
    # scrollable-region-focusable), newest first
    log = re.search(r'<ol class="kc-story" id="recent-moves"([^>]*)>(.*?)</ol>', html, re.S)
    assert 'tabindex="0"' in log.group(1)
    assert "Turn 1: ann has 3 gold" in log.group(2).split("</li>")[0]


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
