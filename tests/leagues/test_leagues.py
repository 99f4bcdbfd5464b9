"""Leagues on PostgreSQL through the API and pages: settings checked, events added only by their
organizer, the leaderboard (best N of M, per placement or per match win) in JSON and CSV, and a
player's history with the decks registered (leagues/RULINGS.md)."""

import csv
import io

import pytest
from django.test import Client

from decks.models import DeckRegistration
from decks.services import deck_create
from decks.services.decks import deck_list_from_input
from tournaments.models import Match, Tournament
from tournaments.services import entry_add, match_decide, tournament_create, tournament_start

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def finished_event(organizer, users, name, **settings):
    """A 4-player single-elimination event the lower seed wins throughout: seeds = order."""
    event = tournament_create(
        organizer=organizer, name=name, seeding="manual", best_of=1, **settings
    )
    for seed, user in enumerate(users, 1):
        entry_add(tournament=event, by_user=organizer, user_id=user.pk, seed=seed)
    tournament_start(tournament=event, by_user=organizer)
    playable = Match.objects.filter(tournament=event, status__in=["ready", "in_progress"])
    while (match := playable.order_by("round__number", "index").first()) is not None:
        seeds = list(match.slots.order_by("entry__seed").values_list("entry_id", flat=True))
        match_decide(match=match, by_user=organizer, winner_id=seeds[0])
    event.refresh_from_db()
    assert event.status == "finished"
    return event


@pytest.fixture
def people(make_user):
    return make_user("lena"), [make_user(n) for n in ("ann", "ben", "cy", "dee")]


def test_league_settings_are_checked(client_for, people):
    organizer, _ = people
    client = client_for(organizer)
    response = client.post(
        "/api/leagues/",
        {"name": " ", "counted_events": 5, "planned_events": 3, "placement_points": [0, 0]},
        format="json",
    )
    assert response.status_code == 400
    assert set(response.json()["errors"]) == {"name", "counted_events", "placement_points"}
    assert Client().post("/api/leagues/", {"name": "x"}).status_code in (401, 403)


def test_a_season_leaderboard_counts_the_best_two_of_three(client_for, people):
    # given a league scoring 10/6/3/1 per place, best 2 of 3 events
    organizer, (ann, ben, cy, dee) = people
    client = client_for(organizer)
    response = client.post(
        "/api/leagues/",
        {
            "name": "Spring league",
            "placement_points": [10, 6, 3, 1],
            "counted_events": 2,
            "planned_events": 3,
        },
        format="json",
    )
    assert response.status_code == 201, response.json()
    league = response.json()["id"]
    # and three finished events: ann wins twice, ben once
    orders = [[ann, ben, cy, dee], [ben, ann, dee, cy], [ann, cy, ben, dee]]
    events = [finished_event(organizer, order, f"Week {n}") for n, order in enumerate(orders, 1)]
    for event in events:
        response = client.post(
            f"/api/leagues/{league}/events/", {"tournament": event.pk}, format="json"
        )
        assert response.status_code == 201, response.json()
    # when the leaderboard is read
    board = Client().get(f"/api/leagues/{league}/leaderboard/").json()
    lines = {line["player"]["username"]: line for line in board["lines"]}
    # then ann has 10 + 10 (her 6 not counted), ben 10 + 6, and places 3-4 share 3 points
    assert lines["ann"]["points"] == 20
    assert lines["ann"]["rank"] == 1
    assert [e["counted"] for e in lines["ann"]["by_event"]] == [True, False, True]
    assert lines["ben"]["points"] == 16
    assert lines["ann"]["events_played"] == 3
    assert lines["ann"]["events_counted"] == 2
    # and the CSV has a column per event, uncounted points starred
    then_the_csv_has_a_column_per_event(league)
    # and the page shows the board, each event's start and the season
    then_the_pages_show_the_board(league, events[0], board)


def then_the_csv_has_a_column_per_event(league: int) -> None:
    """The leaderboard's CSV: a column per event, uncounted points starred."""
    response = Client().get(f"/api/leagues/{league}/leaderboard/?format=csv")
    table = list(csv.reader(io.StringIO(response.content.decode())))
    assert table[0] == [
        "rank", "player", "points", "events_played", "events_counted", "Week 1", "Week 2", "Week 3"
    ]  # fmt: skip
    assert table[1][:3] == ["1", "ann", "20"]
    assert table[1][5:] == ["10", "6*", "10"]


def then_the_pages_show_the_board(league: int, first_event: Tournament, board: dict) -> None:
    """The league's page shows the board and when each event started; the list, the season."""
    page = Client().get(f"/leagues/{league}/").content.decode()
    assert "Leaderboard" in page
    assert "best 2 of 3 events count" in page
    # and each event says what its date is: the day it started, not a bare date beside
    # "finished" that reads as the day it ended
    started = first_event.started_at
    day = f"{started:%a} {started.day} {started:%b %Y}"
    assert f'<span class="event-date">started {day}</span> · finished' in page
    assert board["events"][0]["started_at"] is not None
    assert "starts_at" in board["events"][0]
    # and the list of leagues names its dates as the season's
    assert "· season " in Client().get("/leagues/").content.decode()


def test_points_per_match_win(client_for, people):
    organizer, players = people
    client = client_for(organizer)
    league = client.post(
        "/api/leagues/", {"name": "Wins", "score_by": "match-wins", "points_per_win": 2},
        format="json",
    ).json()["id"]  # fmt: skip
    event = finished_event(organizer, players, "Week 1")
    client.post(f"/api/leagues/{league}/events/", {"tournament": event.pk}, format="json")
    lines = Client().get(f"/api/leagues/{league}/leaderboard/").json()["lines"]
    # the champion won 2 matches (4 points), the finalist 1 (2), the others none
    assert [(line["player"]["username"], line["points"]) for line in lines][:2] == [
        ("ann", 4),
        ("ben", 2),
    ]


def test_only_the_organizer_adds_their_own_events_once(client_for, people, make_user):
    organizer, players = people
    client = client_for(organizer)
    league = client.post("/api/leagues/", {"name": "L"}, format="json").json()["id"]
    event = finished_event(organizer, players, "Mine")
    stranger = make_user("stranger")
    theirs = tournament_create(organizer=stranger, name="Theirs")
    army = tournament_create(organizer=organizer, name="Army night", game="army")
    url = f"/api/leagues/{league}/events/"
    # a stranger cannot add to the league; the organizer cannot add another's event
    assert (
        client_for(stranger).post(url, {"tournament": event.pk}, format="json").status_code == 403
    )
    assert client.post(url, {"tournament": theirs.pk}, format="json").status_code == 403
    # nor an event of another game, nor one twice, nor one that does not exist
    assert client.post(url, {"tournament": army.pk}, format="json").status_code == 400
    assert client.post(url, {"tournament": event.pk}, format="json").status_code == 201
    response = client.post(url, {"tournament": event.pk}, format="json")
    assert response.status_code == 409
    assert response.json()["code"] == "already_in_a_league"
    assert client.post(url, {"tournament": 999999}, format="json").status_code == 404
    # and only the organizer takes an event out
    assert client_for(stranger).delete(f"{url}{event.pk}/").status_code == 403
    assert client.delete(f"{url}{event.pk}/").status_code == 204
    assert client.delete(f"{url}{event.pk}/").status_code == 404


def test_a_players_history_names_events_results_and_decks(client_for, people):
    organizer, players = people
    ann = players[0]
    event = finished_event(organizer, players, "Week 1")
    deck = deck_create(
        owner=ann,
        game_slug="combat",
        format_slug="constructed",
        name="Red aggro",
        deck_list=deck_list_from_input(text=""),
    )
    DeckRegistration.objects.create(entry=event.entries.get(user=ann), deck=deck)
    body = Client().get("/api/players/ann/history/").json()
    assert [(h["name"], h["placement"], h["match_wins"], h["deck"]) for h in body] == [
        ("Week 1", "1", 2, "Red aggro")
    ]
    page = Client().get("/players/ann/history/").content.decode()
    assert "Red aggro" in page
    assert "Week 1" in page
    assert Client().get("/players/nobody/history/").status_code == 404


def test_an_upcoming_event_reads_its_start_on_its_own_clock(people):
    # given a league with an event announced for a start in Paris, on a UTC server
    from datetime import timedelta
    from zoneinfo import ZoneInfo

    from django.utils import timezone

    from leagues.services import league_create, league_event_add
    from tournaments.services.announce import Announcement

    organizer, _ = people
    starts = (timezone.now() + timedelta(days=10)).replace(microsecond=0)
    league = league_create(organizer=organizer, name="Winter league")
    event = tournament_create(
        organizer=organizer,
        name="Harbour night",
        announcement=Announcement(time_zone="Europe/Paris", starts_at=starts),
    )
    league_event_add(league=league, by_user=organizer, tournament_id=event.pk)
    # when anyone opens the league's page
    page = Client().get(f"/leagues/{league.pk}/").content.decode()
    # then the start reads as the venue's clock does, naming the zone
    paris = starts.astimezone(ZoneInfo("Europe/Paris"))
    assert f"starts {paris:%a %-d %b %Y, %H:%M} (Europe/Paris)" in page
