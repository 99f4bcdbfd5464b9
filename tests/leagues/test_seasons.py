"""League editing and seasons on PostgreSQL (leagues/RULINGS.md L8-L10): only the organizer or
staff edits, bad settings change nothing, new scoring re-ranks the leaderboard at once, events
join only within the season's dates, and the next season follows the current one."""

from datetime import date, datetime, timedelta

import pytest
from django.db import IntegrityError, transaction
from django.test import Client
from django.utils import timezone

from leagues.models import League
from leagues.services import league_create, league_event_add
from tests.leagues.test_leagues import finished_event
from tournaments.models import Tournament
from tournaments.services import tournament_create

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

TODAY = timezone.localdate()


def on_day(event: Tournament, day: date) -> Tournament:
    """Move an event's start to noon of `day` (as if it had been played then)."""
    moment = timezone.make_aware(datetime.combine(day, datetime.min.time())) + timedelta(hours=12)
    Tournament.objects.filter(pk=event.pk).update(started_at=moment)
    event.refresh_from_db()
    return event


@pytest.fixture
def season(make_user):
    """A league run by lena, best 2 of 3 at 10/6/3/1, whose one event ann won and ben was 2nd."""
    organizer = make_user("lena")
    players = [make_user(n) for n in ("ann", "ben", "cy", "dee")]
    league = league_create(
        organizer=organizer,
        name="Autumn league",
        placement_points=[10, 6, 3, 1],
        counted_events=2,
        planned_events=3,
        starts_on=TODAY - timedelta(days=30),
    )
    event = finished_event(organizer, players, "Week 1")
    league_event_add(league=league, by_user=organizer, tournament_id=event.pk)
    return organizer, league, event


def signed_in(user) -> Client:
    """A browser session of `user` (for the pages)."""
    client = Client()
    client.force_login(user)
    return client


def board(league) -> list[tuple[str, int]]:
    lines = Client().get(f"/api/leagues/{league.pk}/leaderboard/").json()["lines"]
    return [(line["player"]["username"], line["points"]) for line in lines]


def settings_of(league) -> tuple:
    league.refresh_from_db()
    return (
        league.name,
        league.score_by,
        league.placement_points,
        league.points_per_win,
        league.counted_events,
        league.planned_events,
        league.starts_on,
        league.ends_on,
        league.description,
    )


def test_the_organizer_edits_the_scoring_and_the_leaderboard_follows(client_for, season):
    organizer, league, _ = season
    assert board(league)[:2] == [("ann", 10), ("ben", 6)]
    # when the organizer switches to 5 points per match win and renames the league
    response = client_for(organizer).patch(
        f"/api/leagues/{league.pk}/",
        {"name": "Autumn league 2026", "score_by": "match-wins", "points_per_win": 5,
         "description": "Thursdays at the shop."},
        format="json",
    )  # fmt: skip
    assert response.status_code == 200, response.json()
    assert response.json()["name"] == "Autumn league 2026"
    assert response.json()["description"] == "Thursdays at the shop."
    # then the leaderboard is scored the new way at once: ann won 2 matches, ben 1
    assert board(league)[:2] == [("ann", 10), ("ben", 5)]
    # and new placement points re-rank it too
    client_for(organizer).patch(
        f"/api/leagues/{league.pk}/",
        {"score_by": "placement", "placement_points": [3, 20]},
        format="json",
    )
    assert board(league)[:2] == [("ben", 20), ("ann", 3)]


def test_only_the_organizer_or_staff_edit(client_for, make_user, season):
    organizer, league, _ = season
    before = settings_of(league)
    url = f"/api/leagues/{league.pk}/"
    # another user is refused (403), an anonymous one asked to sign in (401)
    response = client_for(make_user("mallory")).patch(url, {"name": "Mine"}, format="json")
    assert response.status_code == 403
    assert response.json()["code"] == "not_organizer"
    assert Client().patch(url, {"name": "Mine"}, content_type="application/json").status_code == 401
    assert settings_of(league) == before
    # staff may
    staff = make_user("staff", is_staff=True)
    assert client_for(staff).patch(url, {"name": "Fixed"}, format="json").status_code == 200
    # the edit page: the organizer sees the form, another user gets 403, anonymous the log-in
    page = f"/leagues/{league.pk}/edit/"
    assert signed_in(organizer).get(page).status_code == 200
    assert signed_in(make_user("eve")).get(page).status_code == 403
    response = Client().get(page)
    assert response.status_code == 302
    assert response["Location"].startswith("/login/")


@pytest.mark.parametrize(
    ("change", "field", "message"),
    [
        ({"ends_on": "2020-01-01"}, "ends_on", "ends on or after the day it starts"),
        ({"counted_events": 4}, "counted_events", "N <= M"),
        ({"placement_points": [10, -2]}, "placement_points", "0 or more"),
        ({"points_per_win": -1}, "points_per_win", "0 to 100"),
        ({"name": "  "}, "name", "Give the league a name"),
    ],
)
def test_bad_settings_are_a_400_and_change_nothing(client_for, season, change, field, message):
    organizer, league, _ = season
    before = settings_of(league)
    response = client_for(organizer).patch(
        f"/api/leagues/{league.pk}/", {"description": "new", **change}, format="json"
    )
    assert response.status_code == 400
    body = response.json()
    assert message in " ".join(body["errors"][field])
    assert message in body["detail"]
    assert settings_of(league) == before


def test_the_database_refuses_broken_settings(season):
    _, league, _ = season
    broken = [
        {"ends_on": league.starts_on - timedelta(days=1)},
        {"counted_events": 4, "planned_events": 3},
        {"points_per_win": 101},
        {"previous_season_id": league.pk},
    ]
    for values in broken:
        with pytest.raises(IntegrityError), transaction.atomic():
            League.objects.filter(pk=league.pk).update(**values)


def test_events_join_only_within_the_season(client_for, make_user, season):
    organizer, league, event = season
    players = [make_user(n) for n in ("eve", "fay", "gus", "hal")]
    client = client_for(organizer)
    url = f"/api/leagues/{league.pk}/events/"
    # an event started the day before the season is refused; one on its first day joins
    early = on_day(
        finished_event(organizer, players, "Pre-season"), league.starts_on - timedelta(1)
    )
    response = client.post(url, {"tournament": early.pk}, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "outside_season"
    assert "outside the season" in response.json()["detail"]
    on_day(early, league.starts_on)
    assert client.post(url, {"tournament": early.pk}, format="json").status_code == 201
    # the season cannot then shrink past a started event of it
    response = client.patch(
        f"/api/leagues/{league.pk}/",
        {"starts_on": str(league.starts_on + timedelta(1))},
        format="json",
    )
    assert response.status_code == 400
    assert "Pre-season" in response.json()["detail"]
    # once the season has ended, an event not started yet cannot join
    later = tournament_create(organizer=organizer, name="Next week")
    League.objects.filter(pk=league.pk).update(ends_on=TODAY - timedelta(days=1))
    on_day(event, TODAY - timedelta(days=2))
    response = client.post(url, {"tournament": later.pk}, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "season_over"


def test_an_event_that_starts_after_the_season_does_not_score(season):
    _, league, _ = season
    # the event joined before it started; it then started after the season's last day
    League.objects.filter(pk=league.pk).update(ends_on=TODAY - timedelta(days=1))
    body = Client().get(f"/api/leagues/{league.pk}/leaderboard/").json()
    assert body["lines"] == []
    assert body["events"][0]["outside_season"] is True
    assert body["ends_on"] == str(TODAY - timedelta(days=1))
    page = Client().get(f"/leagues/{league.pk}/").content.decode()
    assert "started outside the season: does not score" in page


def test_the_next_season_follows_the_current_one(client_for, make_user, season):
    organizer, league, _ = season
    client = client_for(organizer)
    url = f"/api/leagues/{league.pk}/next-season/"
    starts = TODAY + timedelta(days=7)
    # a stranger cannot start it; anonymous is asked to sign in
    body = {"name": "Winter league", "starts_on": str(starts)}
    assert client_for(make_user("mallory")).post(url, body, format="json").status_code == 403
    assert Client().post(url, body, content_type="application/json").status_code == 401
    # a next season starting on or before this one's first day is refused
    early = {"name": "Winter league", "starts_on": str(league.starts_on)}
    assert client.post(url, early, format="json").status_code == 400
    # the organizer starts it: same scoring, no events, and the open season ends the day before
    response = client.post(url, body, format="json")
    assert response.status_code == 201, response.json()
    winter = response.json()
    assert winter["previous_season"] == league.pk
    assert winter["placement_points"] == [10, 6, 3, 1]
    assert (winter["counted_events"], winter["planned_events"]) == (2, 3)
    assert winter["starts_on"] == str(starts)
    league.refresh_from_db()
    assert league.ends_on == starts - timedelta(days=1)
    assert Client().get(f"/api/leagues/{winter['id']}/leaderboard/").json()["lines"] == []
    assert Client().get(f"/api/leagues/{league.pk}/").json()["next_season"] == winter["id"]
    assert winter["next_season"] is None
    # a second next season is a conflict; the seasons cannot overlap by editing either
    assert client.post(url, body, format="json").status_code == 409
    response = client.patch(f"/api/leagues/{league.pk}/", {"ends_on": str(starts)}, format="json")
    assert response.status_code == 400
    assert "before the next one" in response.json()["detail"]
    response = client.patch(
        f"/api/leagues/{winter['id']}/", {"starts_on": str(league.ends_on)}, format="json"
    )
    assert response.status_code == 400
    # both pages link the seasons
    page = Client().get(f"/leagues/{league.pk}/").content.decode()
    assert "Next season: Winter league" in page
    page = Client().get(f"/leagues/{winter['id']}/").content.decode()
    assert "Previous season: Autumn league" in page


def test_the_edit_form_saves_or_shows_what_is_wrong(season):
    organizer, league, _ = season
    client = signed_in(organizer)
    page = f"/leagues/{league.pk}/edit/"
    form = {
        "name": "Autumn league",
        "score_by": "placement",
        "placement_points": "10, 6, 3, 1",
        "points_per_win": "3",
        "counted_events": "5",
        "planned_events": "3",
        "starts_on": str(league.starts_on),
        "ends_on": "",
        "description": "",
    }
    before = settings_of(league)
    response = client.post(page, form)
    assert response.status_code == 200
    assert "N &lt;= M" in response.content.decode()
    assert settings_of(league) == before
    response = client.post(page, {**form, "ends_on": str(league.starts_on - timedelta(1))})
    assert "ends on or after the day it starts" in response.content.decode()
    assert settings_of(league) == before
    response = client.post(page, {**form, "counted_events": "2", "name": "Autumn cup"})
    assert response.status_code == 302
    league.refresh_from_db()
    assert (league.name, league.counted_events) == ("Autumn cup", 2)
    # the season dates show above the leaderboard
    shown = Client().get(f"/leagues/{league.pk}/").content.decode()
    assert f"Season: {league.starts_on:%-d %b %Y}" in shown
    # the next season from the page
    response = client.post(
        f"/leagues/{league.pk}/next-season/",
        {"name": "Winter cup", "starts_on": str(TODAY + timedelta(days=3))},
    )
    assert response.status_code == 302
    assert League.objects.filter(name="Winter cup", previous_season=league).exists()


def test_two_next_seasons_at_once_make_one(season):
    # given the organizer's two tabs both start the next season at the same moment
    from config.errors import Conflict
    from leagues.services import league_next_season
    from tests.tournaments.test_concurrency import race

    organizer, league, _ = season
    starts = TODAY + timedelta(days=7)
    results = race(
        *[
            (lambda n=n: league_next_season(
                league=league, by_user=organizer, name=f"Winter {n}", starts_on=starts
            ))
            for n in (1, 2)
        ]
    )  # fmt: skip
    # then one season is made, the other request is told it exists (409), nothing half-done
    made = [r for r in results if isinstance(r, League)]
    assert len(made) == 1
    assert [type(r) for r in results if not isinstance(r, League)] == [Conflict]
    assert League.objects.filter(previous_season=league).count() == 1
    league.refresh_from_db()
    assert league.ends_on == starts - timedelta(days=1)
