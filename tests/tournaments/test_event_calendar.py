"""The event list (tabs, filters, search, pages), the calendar feeds read back with the
`icalendar` parser, an organizer's archive and an event's results page."""

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.test import Client
from django.utils import timezone
from icalendar import Calendar

from decks.legality import load_builtin
from leagues import services as leagues
from tournaments import services
from tournaments.models import Match, Tournament

pytestmark = [pytest.mark.postgres, pytest.mark.django_db]


def event(organizer, name: str, *, days: int | None = 3, **announced):
    starts = timezone.now() + timedelta(days=days) if days is not None else None
    return services.tournament_create(
        organizer=organizer,
        name=name,
        announcement=services.Announcement(starts_at=starts, **announced),
    )


def test_the_list_tabs_filter_and_search(organizer, make_user):
    other = make_user("rosa")
    event(organizer, "Later cup", days=9)
    sooner = event(organizer, "Sooner cup", days=2)
    event(other, "Rosa open", days=3)
    event(organizer, "Hidden night", visibility="unlisted")
    done = event(organizer, "Old cup")
    Tournament.objects.filter(pk=done.pk).update(status="finished", finished_at=timezone.now())
    Tournament.objects.filter(name="Rosa open").update(game="army")
    client = Client()
    upcoming = client.get("/tournaments/").content.decode()
    # upcoming, soonest first, with dates; the unlisted and finished ones are not there
    assert upcoming.index("Sooner cup") < upcoming.index("Rosa open") < upcoming.index("Later cup")
    assert "Hidden night" not in upcoming
    assert "Old cup" not in upcoming
    assert f"{sooner.starts_at.astimezone(ZoneInfo('UTC')):%a %-d %b %Y, %H:%M} (UTC)" in upcoming
    finished = client.get("/tournaments/?tab=finished").content.decode()
    assert "Old cup" in finished
    assert "Sooner cup" not in finished
    assert f'href="/tournaments/{done.pk}/results/"' in finished
    by_game = client.get("/tournaments/?game=army").content.decode()
    assert "Rosa open" in by_game
    assert "Later cup" not in by_game
    by_organizer = client.get("/tournaments/?organizer=ROSA").content.decode()
    assert "Rosa open" in by_organizer
    assert "Sooner cup" not in by_organizer
    searched = client.get("/tournaments/?q=later").content.decode()
    assert "Later cup" in searched
    assert "Sooner cup" not in searched
    # the unlisted event opens by its link
    hidden = Tournament.objects.get(name="Hidden night")
    assert client.get(f"/tournaments/{hidden.pk}/").status_code == 200


def test_the_list_is_paged(organizer):
    for n in range(27):
        Tournament.objects.create(name=f"Event {n:02}", organizer=organizer, rng_seed=n)
    client = Client()
    first = client.get("/tournaments/").content.decode()
    assert "Page 1 of 2" in first
    assert "Next page" in first
    second = client.get("/tournaments/?page=2").content.decode()
    assert second.count('data-label="Date"') == 2


def test_an_events_calendar_file_reads_back(organizer):
    paris = ZoneInfo("Europe/Paris")
    year = timezone.now().year + 1
    cup = services.tournament_create(
        organizer=organizer,
        name="Paris, Cup; 2",
        announcement=services.Announcement(
            starts_at=datetime(year, 6, 6, 10, 0, tzinfo=paris),
            time_zone="Europe/Paris",
            venue_name="Salle Pleyel",
            venue_address="252 rue du Faubourg",
            description="Bring a deck.",
        ),
    )
    response = Client().get(f"/tournaments/{cup.pk}/calendar.ics")
    assert response["Content-Type"].startswith("text/calendar")
    calendar = Calendar.from_ical(response.content)
    (vevent,) = calendar.walk("VEVENT")
    assert str(vevent["SUMMARY"]) == "Paris, Cup; 2"
    start = vevent.decoded("DTSTART")
    assert start == datetime(year, 6, 6, 10, 0, tzinfo=paris)
    assert str(start.tzinfo) == "Europe/Paris"
    assert vevent.decoded("DTEND") > start
    assert str(vevent["LOCATION"]) == "Salle Pleyel, 252 rue du Faubourg"
    assert f"/tournaments/{cup.pk}/" in str(vevent["URL"])
    assert [tz["TZID"] for tz in calendar.walk("VTIMEZONE")] == ["Europe/Paris"]
    # an event with no date has no calendar file
    undated = event(organizer, "Someday", days=None)
    assert Client().get(f"/tournaments/{undated.pk}/calendar.ics").status_code == 404


def test_an_organizers_feed_and_page_hold_their_public_events(organizer, make_user):
    event(organizer, "One", days=2)
    event(organizer, "Two", days=5)
    event(organizer, "Unlisted", visibility="unlisted")
    event(organizer, "Undated", days=None)
    event(make_user(), "Someone else's")
    feed = Calendar.from_ical(Client().get("/organizers/organizer/calendar.ics").content)
    assert [str(e["SUMMARY"]) for e in feed.walk("VEVENT")] == ["One", "Two"]
    page = Client().get("/organizers/organizer/").content.decode()
    assert 'href="/organizers/organizer/calendar.ics"' in page
    assert "Undated" in page
    assert "Unlisted" not in page
    assert "Someone else" not in page
    mine = Client()
    mine.force_login(organizer)
    assert "Unlisted" in mine.get("/organizers/organizer/").content.decode()
    assert Client().get("/organizers/nobody/").status_code == 404


def test_the_results_page_shows_standings_matches_and_the_published_decks(
    organizer, make_user, client_for
):
    # given a finished constructed event of two players with registered decks, in a league
    cup = services.tournament_create(
        organizer=organizer,
        name="Deck cup",
        game="kingdom-combat",
        deck_format="constructed",
        best_of=1,
        announcement=services.Announcement(publish_decklists=True),
    )
    starter = load_builtin("kingdom-combat")["decks"][0]
    deck = {
        "game": "kingdom-combat",
        "format": "constructed",
        "name": "Ironhold",
        "fortresses": starter.get("fortresses", []),
        "cards": [{"name": name, "count": count} for count, name in starter["cards"]],
    }
    players = [make_user("ann"), make_user("bob")]
    for player in players:
        entry = services.entry_add(tournament=cup, by_user=player)
        saved = client_for(player).post("/api/decks/", deck, format="json").json()
        url = f"/api/tournaments/{cup.pk}/entries/{entry.pk}/deck/"
        assert client_for(player).post(url, {"deck": saved["id"]}).status_code == 201
    league = leagues.league_create(organizer=organizer, name="Spring", game="kingdom-combat")
    leagues.league_event_add(league=league, by_user=organizer, tournament_id=cup.pk)
    services.tournament_start(tournament=cup, by_user=organizer)
    final = Match.objects.get(tournament=cup)
    ann_entry = cup.entries.get(user=players[0])
    services.match_decide(match=final, by_user=organizer, winner_id=ann_entry.pk)
    # when anyone opens its results
    page = Client().get(f"/tournaments/{cup.pk}/results/").content.decode()
    # then the final standings, each player's matches and the top decks' lists are there
    assert "Final standings" in page
    assert page.index("ann") < page.index("bob")
    assert "Won against bob (by the organizer&#x27;s decision)" in page
    assert "Lost" in page
    assert "Top decks" in page
    assert f"{starter['cards'][0][0]} \u00d7 {starter['cards'][0][1]}" in page
    assert f'href="/leagues/{league.pk}/"' in page
    # and it is reachable from the event, the organizer's archive and the league
    for where in (f"/tournaments/{cup.pk}/", "/organizers/organizer/", f"/leagues/{league.pk}/"):
        assert f'href="/tournaments/{cup.pk}/results/"' in Client().get(where).content.decode()
    # without the option, no decklists
    Tournament.objects.filter(pk=cup.pk).update(publish_decklists=False, version=cup.version + 99)
    assert "Top decks" not in Client().get(f"/tournaments/{cup.pk}/results/").content.decode()


def test_the_results_api_gives_the_same_rows(organizer):
    cup = services.tournament_create(organizer=organizer, name="Cup", best_of=1)
    for name in ("Ann", "Bob"):
        services.entry_add(tournament=cup, by_user=organizer, name=name)
    before = Client().get(f"/api/tournaments/{cup.pk}/results/").json()
    assert before == {"final": False, "entries": []}
    services.tournament_start(tournament=cup, by_user=organizer)
    final = Match.objects.get(tournament=cup)
    ann = cup.entries.get(name="Ann")
    services.match_decide(match=final, by_user=organizer, winner_id=ann.pk)
    got = Client().get(f"/api/tournaments/{cup.pk}/results/").json()
    assert got["final"] is True
    assert [(e["name"], e["place"], e["record"]) for e in got["entries"]] == [
        ("Ann", "1", "1-0"),
        ("Bob", "2", "0-1"),
    ]
    (played,) = got["entries"][0]["matches"]
    assert (played["round"], played["outcome"], played["opponents"]) == ("Final", "Won", ["Bob"])
    assert got["entries"][0]["decklist"] is None
