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
