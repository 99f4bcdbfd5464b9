"""An event offers and accepts only what its game allows (the games' declaration), at creation."""

import pytest
from django.test import Client

from tests.tournaments.helpers import event_form
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("settings", "field"),
    [
        ({"game": "army", "entries_per_match": 4}, "entries_per_match"),
        ({"game": "rune-duel", "entries_per_match": 3}, "entries_per_match"),
        ({"game": "conventional-combat", "entries_per_match": 2, "team_size": 2}, "team_size"),
        ({"game": "army", "deck_format": "off-the-top"}, "deck_format"),
        ({"game": "kingdom-combat", "deck_format": "off-the-top"}, "deck_format"),
        ({"game": "rune-duel", "deck_format": "quick-duel"}, "deck_format"),
    ],
)
def test_the_api_refuses_what_the_game_does_not_allow(org_client, settings, field):
    # when an organizer asks for 3-4 entries, teams or another game's format
    response = org_client.post("/api/tournaments/", {"name": "Cup", **settings}, format="json")
    # then nothing is created and the field says why
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "invalid"
    assert field in body["errors"], body
    assert not Tournament.objects.exists()


@pytest.mark.parametrize(
    ("entries_per_match", "team_size", "allowed"),
    [(2, 2, True), (2, 3, True), (3, 2, True), (4, 2, False), (3, 3, False), (4, 3, False)],
)
def test_combat_teams_only_in_four_and_six_player_games(
    org_client, entries_per_match, team_size, allowed
):
    # rulebook 8: "Players in four and six-player games can play teams with two to three
    # players per team" (RULINGS.md ruling 9): 8 or 9 players in a match cannot be teams
    body = {
        "name": "Teams",
        "game": "combat",
        "entries_per_match": entries_per_match,
        "team_size": team_size,
        "team_mode": "alliance",
    }
    response = org_client.post("/api/tournaments/", body, format="json")
    if allowed:
        assert response.status_code == 201, response.json()
    else:
        assert response.status_code == 400
        assert "team_size" in response.json()["errors"]
        assert not Tournament.objects.exists()


def test_the_api_gives_each_game_its_first_format_by_default(org_client):
    expected = {
        "army": "standard",
        "combat": "off-the-top",
        "rune-duel": "starter",
        "conventional-combat": "starter",
    }
    for game, fmt in expected.items():
        response = org_client.post("/api/tournaments/", {"name": game, "game": game}, format="json")
        assert response.status_code == 201, response.json()
        assert response.json()["deck_format"] == fmt


def test_the_form_groups_the_formats_under_their_game_and_refuses_a_two_player_trio(organizer):
    client = Client()
    client.force_login(organizer)
    page = client.get("/tournaments/new/").content.decode()
    # the formats come grouped by game, the script shows the chosen game's group only
    assert 'data-groups-follow="id_game"' in page
    army = page[page.index('<optgroup label="Army">') :]
    army = army[: army.index("</optgroup>")]
    assert ">Standard<" in army
    assert "off-the-top" not in army
    assert page.count('value="off-the-top"') == 1
    # when a three-entry Army event is submitted, the form says why and nothing is created
    form = event_form("Army trio", game="army", deck_format="standard", entries_per_match=3)
    response = client.post("/tournaments/new/", form)
    assert response.status_code == 200
    assert "two-player game" in response.content.decode()
    assert not Tournament.objects.exists()
    # and with two entries it is created
    response = client.post("/tournaments/new/", {**form, "entries_per_match": 2})
    assert response.status_code == 302
    assert Tournament.objects.get().game == "army"


@pytest.mark.parametrize(
    ("game", "fmt", "words", "absent"),
    [
        ("army", "standard", ["Time: stamina points (SP)", "{player}'s stamina"], "life totals"),
        (
            "combat",
            "off-the-top",
            ["Time: life totals", "First to deal damage", "{player}'s life"],
            "stamina",
        ),
        (
            "rune-duel",
            "starter",
            ["Time: life totals", "First to deal damage", "{player}'s life"],
            "stamina",
        ),
        (
            "conventional-combat",
            "starter",
            ["Time: characters left", "Winner of the first duel", "{player}'s characters left"],
            "life totals",
        ),
    ],
)
def test_the_time_form_asks_each_game_for_its_own_facts(
    make_event, org_client, organizer, game, fmt, words, absent
):
    # given a running match of that game where time was called
    tid, players = make_event(2, game=game, deck_format=fmt, best_of=1)
    assert org_client.post(f"/api/tournaments/{tid}/start/").status_code == 200
    match = org_client.get(f"/api/tournaments/{tid}/bracket/").json()["rounds"][0]["matches"][0]
    client = Client()
    client.force_login(organizer)
    client.post(f"/matches/{match['id']}/call-time/")
    # when a player opens the match page, then the time form speaks the game's words
    client.force_login(players[0][0])
    page = client.get(f"/matches/{match['id']}/").content.decode()
    for word in words:
        assert word.format(player=players[0][0].username) in page
    assert absent not in page


def test_the_games_api_says_what_each_game_allows(org_client):
    rows = {row["slug"]: row for row in org_client.get("/api/games/").json()}
    assert rows["army"]["entries_per_match"] == [2]
    assert rows["army"]["time_facts"] == "stamina points (SP)"
    assert rows["combat"]["team_sizes"] == [1, 2, 3]
    assert rows["kingdom-combat"]["on_engine"] is True
    assert rows["kingdom-combat"]["time_facts"] == "fortress hit points"
    assert [f["slug"] for f in rows["rune-duel"]["formats"]] == ["starter", "constructed"]
