"""The tournament and match form posts answer bad input with a message, never a 500 and
never a change (found by crawling every form as every kind of user)."""

import pytest
from django.test import Client

from tournaments.models import Entry

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]

HUGE = "9" * 20


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"username": "a\x00b"}, "Null characters are not allowed."),
        ({"name": "Gail\x00"}, "Null characters are not allowed."),
        ({"members": "a\x00"}, "Null characters are not allowed."),
        ({"name": "Gail", "seed": HUGE}, "Seed: Ensure this value is less than or equal to"),
        ({"name": "Gail", "seed": "abc"}, "Seed: Enter a whole number."),
        ({"name": "G" * 121}, "Name: Ensure this value has at most 120 characters"),
    ],
)
def test_adding_an_entry_with_bad_input_says_why(make_event, organizer, body, message):
    tid, _players = make_event(1)
    response = logged_in(organizer).post(f"/tournaments/{tid}/add-entry/", body, follow=True)
    assert response.status_code == 200
    assert message in response.content.decode()
    assert Entry.objects.filter(tournament_id=tid).count() == 1
