"""The Swiss pages: the create form's structure, the detail page's Swiss panel with the
player's own table, a round's pairings by table, and the standings with every figure."""

import pytest
from django.test import Client

from tests.tournaments.helpers import event_form, logged_in, sweep_games
from tournaments.models import Match, Tournament

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_create_form_offers_swiss_with_rounds_and_a_cut(make_user):
    # given a signed-in user on the create form
    user = make_user("sana")
    client = logged_in(user)
    page = client.get("/tournaments/new/").content.decode()
    assert "Swiss rounds" in page
    assert "Top 8" in page
    form = event_form("Swiss Sunday", structure="swiss", swiss_rounds="", top_cut="8")
    # when a cut is asked of an elimination event, then the form says why
    response = client.post("/tournaments/new/", {**form, "structure": "elimination"})
    assert response.status_code == 200
    assert "Only a Swiss event has a top cut." in response.content.decode()
    # when they choose Swiss with a top 8, then the event has that structure
    response = client.post("/tournaments/new/", form)
    tournament = Tournament.objects.get(name="Swiss Sunday")
    assert response.url == f"/tournaments/{tournament.pk}/"
    assert (tournament.structure, tournament.swiss_rounds, tournament.top_cut) == ("swiss", None, 8)


def then_the_detail_page_names_the_round_and_my_table(tid: int, player: Client, players) -> None:
    """The detail page names the round and the player's own table; the last seed has the bye."""
    page = player.get(f"/tournaments/{tid}/").content.decode()
    assert "Round 1 of 3, then a top 4." in page
    assert "Your table: " in page
    assert "Top cut" in page
    # and the seed with the bye (the last) is told so
    last_user, _last_entry = players[-1]
    assert (
        "has the bye this round"
        in logged_in(last_user).get(f"/tournaments/{tid}/").content.decode()
    )


def then_round_one_is_paired_by_table(tid: int, player: Client) -> None:
    """Round 1's pairings by table (two tables and the bye), its matches named by table."""
    page = player.get(f"/tournaments/{tid}/rounds/1/").content.decode()
    assert "Swiss round 1 of 3" in page
    assert page.count("<tr") == 4  # the header and three rows
    assert "Bye: a match win" in page
    assert player.get(f"/tournaments/{tid}/rounds/2/").status_code == 404
    # and a match is named by its Swiss round and table, not as an elimination round
    match = Match.objects.filter(tournament_id=tid, is_bye=False).order_by("index").first()
    page = player.get(f"/matches/{match.pk}/").content.decode()
    assert "Swiss round 1 · Table 1" in page
    assert "Final" not in page


def organizer_reports_round_one(org_client, tid: int) -> None:
    """The organizer enters each result of round 1: the first entry wins its one game."""
    bracket = org_client.get(f"/api/tournaments/{tid}/bracket/").json()["rounds"]
    for match in bracket[0]["matches"]:
        if not match["is_bye"]:
            body = sweep_games(match["entries"][0]["id"], wins=1)
            response = org_client.post(f"/api/matches/{match['id']}/report/", body, format="json")
            assert response.status_code == 200, response.json()


def test_swiss_pages_show_tables_my_table_and_standings(make_event, org_client, organizer):
    # given a started 5-entry Swiss event (3 rounds, top 4)
    tid, players = make_event(5, structure="swiss", top_cut=4, best_of=1)
    org_client.post(f"/api/tournaments/{tid}/start/")
    user, _entry = players[0]
    player = logged_in(user)
    # then the detail page names the round and the player's own table
    then_the_detail_page_names_the_round_and_my_table(tid, player, players)
    # and the round's pairings by table: two tables and the bye
    then_round_one_is_paired_by_table(tid, player)
    # when round 1 is played (the organizer enters each result)
    organizer_reports_round_one(org_client, tid)
    # then the standings show every figure, now and as they were after round 1
    page = Client().get(f"/tournaments/{tid}/standings/").content.decode()
    for heading in ("Points", "OMW%", "GW%", "OGW%", "Match W\u2013D\u2013L"):
        assert heading in page
    assert "33.33" in page
    # and the round's tables give each result as a score
    page = Client().get(f"/tournaments/{tid}/rounds/1/").content.decode()
    assert page.count("1\u20130") == 2
    after = Client().get(f"/tournaments/{tid}/standings/?round=1").content.decode()
    assert 'aria-current="page">1<' in after
    # round 2 is paired, and the detail page moves on to it
    page = player.get(f"/tournaments/{tid}/").content.decode()
    assert "Round 2 of 3" in page
    assert Client().get(f"/tournaments/{tid}/rounds/2/").status_code == 200
