"""An event's announcement: date and time in its own zone, venue, description (Markdown,
sanitized), cap, registration hours, visibility; each bad input refused with a message that
says what to do, by the service, the API and the form."""

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.test import Client
from django.utils import timezone

from config.errors import ServiceError
from tournaments import services
from tournaments.models import Tournament
from tournaments.reads.describe import description_html

pytestmark = [pytest.mark.postgres, pytest.mark.django_db]
NEXT_YEAR = timezone.now().year + 1


def on_event_clock(*parts: int) -> datetime:
    """A naive date and time: the service reads it on the event's clock (its time zone)."""
    return datetime(*parts)  # noqa: DTZ001


def problems(**given) -> dict:
    with pytest.raises(ServiceError) as refused:
        services.tournament_create(
            organizer=given.pop("organizer"),
            name="Bad",
            announcement=services.Announcement(**given),
        )
    return refused.value.errors


def test_a_naive_start_is_on_the_events_clock(organizer):
    event = services.tournament_create(
        organizer=organizer,
        name="Paris open",
        announcement=services.Announcement(
            starts_at=on_event_clock(NEXT_YEAR, 7, 4, 10, 0), time_zone="Europe/Paris"
        ),
    )
    event.refresh_from_db()
    # 10:00 in Paris in July is 08:00 UTC (summer time)
    assert event.starts_at == datetime(NEXT_YEAR, 7, 4, 8, 0, tzinfo=ZoneInfo("UTC"))
    assert event.time_zone == "Europe/Paris"


def test_each_bad_input_is_named_with_what_to_do(organizer):
    past = timezone.now() - timedelta(hours=1)
    opens = timezone.now() + timedelta(days=2)
    errors = problems(
        organizer=organizer,
        starts_at=past,
        time_zone="Mars/Olympus",
        registration_opens_at=opens,
        registration_closes_at=opens - timedelta(hours=1),
        description="Come! <script>alert(1)</script>",
        entry_cap=1,
        visibility="secret",
    )
    assert "time zone" in errors["time_zone"][0]
    assert "Europe/Paris" in errors["time_zone"][0]
    assert "closes before it opens" in errors["registration_closes_at"][0]
    assert "script" in errors["description"][0]
    assert "2 to 4096" in errors["entry_cap"][0]
    assert "unlisted" in errors["visibility"][0]
    errors = problems(organizer=organizer, starts_at=past)
    assert "The start is in the past" in errors["starts_at"][0]
    for sneaky in ("[x](javascript:alert(1))", '<img src=x onerror="alert(1)">'):
        assert "script" in problems(organizer=organizer, description=sneaky)["description"][0]
    assert not Tournament.objects.exists()


def test_an_edit_keeps_a_start_already_past_but_refuses_a_new_one(organizer):
    event = services.tournament_create(organizer=organizer, name="Old")
    Tournament.objects.filter(pk=event.pk).update(starts_at=timezone.now() - timedelta(days=1))
    event.refresh_from_db()
    kept = services.Announcement(starts_at=event.starts_at, venue_name="The club")
    services.tournament_update(tournament=event, by_user=organizer, name="Old", announcement=kept)
    moved = services.Announcement(starts_at=event.starts_at - timedelta(hours=1))
    with pytest.raises(ServiceError) as refused:
        services.tournament_update(
            tournament=event, by_user=organizer, name="Old", announcement=moved
        )
    assert "starts_at" in refused.value.errors


def test_a_stored_script_renders_inert():
    # a description written before the check (or straight into the table) still runs nothing
    html = description_html(
        "# Rules\n\n**Bring** a deck. <script>alert(1)</script> [x](javascript:alert(1)) "
        '<img src=x onerror="alert(1)">\n\n<a href="javascript:alert(2)">y</a>'
    )
    assert "<h1>Rules</h1>" in html
    assert "<strong>Bring</strong>" in html
    assert "<script" not in html
    assert "<img" not in html
    assert '<a href="javascript' not in html
    assert "&lt;script&gt;" in html  # shown as text, not run


def test_the_page_shows_the_announcement_in_the_events_zone(organizer):
    event = services.tournament_create(
        organizer=organizer,
        name="Tokyo night",
        announcement=services.Announcement(
            starts_at=on_event_clock(NEXT_YEAR, 1, 9, 19, 30),
            time_zone="Asia/Tokyo",
            venue_name="Akiba Hall",
            venue_address="1-2-3 Sotokanda",
            description="Bring **sleeves**.",
            entry_cap=16,
        ),
    )
    Tournament.objects.filter(pk=event.pk).update(description="Hi <script>alert(1)</script>")
    page = Client().get(f"/tournaments/{event.pk}/").content.decode()
    assert "19:30 (Asia/Tokyo)" in page
    assert "Akiba Hall" in page
    assert "1-2-3 Sotokanda" in page
    assert "0 entries of 16" in page
    assert f'href="/tournaments/{event.pk}/calendar.ics"' in page
    assert "<script>alert" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page


def test_the_api_takes_and_gives_the_announcement(org_client):
    body = {
        "name": "API event",
        "starts_at": f"{NEXT_YEAR}-03-01T09:00",
        "time_zone": "America/New_York",
        "venue_name": "Hall",
        "description": "*Hello*",
        "entry_cap": 8,
        "visibility": "unlisted",
        "publish_decklists": True,
    }
    created = org_client.post("/api/tournaments/", body, format="json")
    assert created.status_code == 201, created.json()
    got = created.json()
    assert got["starts_at"].startswith(f"{NEXT_YEAR}-03-01T14:00")  # 09:00 EST is 14:00 UTC
    assert got["description_html"] == "<p><em>Hello</em></p>\n"
    assert (got["entry_cap"], got["visibility"], got["publish_decklists"]) == (8, "unlisted", True)
    pk = got["id"]
    # unlisted: not in the list, reachable by its address
    listed = org_client.get("/api/tournaments/").json()["results"]
    assert pk not in [t["id"] for t in listed]
    assert org_client.get(f"/api/tournaments/{pk}/").status_code == 200
    bad = org_client.put(
        f"/api/tournaments/{pk}/",
        {
            **body,
            "registration_opens_at": f"{NEXT_YEAR}-02-10T10:00",
            "registration_closes_at": f"{NEXT_YEAR}-02-01T10:00",
        },
        format="json",
    )
    assert bad.status_code == 400
    assert "closes before it opens" in bad.json()["errors"]["registration_closes_at"][0]
    edited = org_client.put(f"/api/tournaments/{pk}/", {**body, "entry_cap": 12}, format="json")
    assert edited.status_code == 200
    assert edited.json()["entry_cap"] == 12


def test_the_forms_show_each_problem_beside_its_field(organizer, make_user):
    client = Client()
    client.force_login(organizer)
    event = services.tournament_create(organizer=organizer, name="Club")
    for _ in range(3):
        services.entry_add(tournament=event, by_user=organizer, name=f"Guest {_}")
    past = (timezone.now() - timedelta(days=1)).strftime("%Y-%m-%dT%H:%M")
    page = client.post(
        f"/tournaments/{event.pk}/edit/",
        {
            "name": "Club",
            "time_zone": "UTC",
            "visibility": "public",
            "entry_cap": "2",
            "starts_at": past,
            "description": "<script>x()</script>",
            "registration_opens_at": f"{NEXT_YEAR}-05-02T10:00",
            "registration_closes_at": f"{NEXT_YEAR}-05-01T10:00",
        },
    ).content.decode()
    for words in (
        "3 entries are in already, more than a cap of 2",
        "The start is in the past",
        "has a script in it",
        "Registration closes before it opens",
    ):
        assert words in page
    # someone else may not open the form
    other = Client()
    other.force_login(make_user())
    assert other.get(f"/tournaments/{event.pk}/edit/").status_code == 403
