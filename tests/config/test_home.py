"""The home page lists recent tournaments and drafts."""

import pytest

pytestmark = pytest.mark.django_db


def test_home_lists_a_new_tournament(client, make_user, client_for):
    organizer = make_user()
    body = {
        "name": "Spring Open",
        "game": "combat",
        "deck_format": "off-the-top",
        "entries_per_match": 2,
    }
    assert client_for(organizer).post("/api/tournaments/", body, format="json").status_code == 201
    html = client.get("/").content.decode()
    assert "Spring Open" in html
    assert "No drafts yet." in html


def test_the_home_page_puts_the_players_own_things_first(make_user):
    from django.test import Client

    from gameplay import services as games
    from tournaments import services as events

    # given a player in a running event and in an Army game waiting for their move
    organizer, ann, bob = make_user("orla"), make_user("ann"), make_user("bob")
    event = events.tournament_create(organizer=organizer, name="Friday Cup", seeding="manual")
    for seed, user in enumerate([ann, bob], 1):
        events.entry_add(tournament=event, by_user=organizer, user_id=user.pk, seed=seed)
    events.tournament_start(tournament=event, by_user=organizer)
    game = games.game_create(
        ruleset="army", seats=[{"user": ann.pk}, {"bot": "random"}], created_by=ann, seed=1
    )
    # when Ann opens the home page, then her match (table, opponent, clock) and game come first
    client = Client()
    client.force_login(ann)
    html = client.get("/").content.decode()
    mine = html[html.index('id="my-day"') : html.index("home-tournaments")]
    assert "Final · Match 1" in mine
    assert "vs bob" in mine
    assert "data-deadline" in mine
    assert f"/games/{game.pk}/" in mine
    # and a visitor sees no personal section
    assert 'id="my-day"' not in Client().get("/").content.decode()
    assert "Getting started" in Client().get("/getting-started/").content.decode()
