"""Opening a form's action URL (from the history, a shared link, or the page one lands on after
logging in from a form) goes back to the page the form is on, never a blank 405."""

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("url", "page"),
    [
        ("/tournaments/7/start/", "/tournaments/7/"),
        ("/matches/9/report/", "/matches/9/"),
        ("/drafts/3/pick/", "/drafts/3/"),
        ("/drafts/3/join/", "/drafts/3/"),
        ("/drafts/3/start/", "/drafts/3/pod/"),
        ("/drafts/3/seats/0/replace-with-bot/", "/drafts/3/pod/"),
        ("/tournaments/7/draft/pods/", "/tournaments/7/"),
        ("/tournaments/7/sealed/pools/", "/tournaments/7/"),
        ("/pools/4/register/", "/pools/4/"),
        ("/games/new/", "/games/"),
        ("/games/match/9/start/", "/matches/9/"),
        ("/games/5/act/", "/games/5/"),
    ],
)
def test_a_get_on_an_action_url_goes_back_to_its_page(url, page, make_user):
    client = Client()
    client.force_login(make_user())
    response = client.get(url)
    assert (response.status_code, response["Location"]) == (302, page)
    assert client.put(url).status_code == 405


def test_after_logging_in_from_a_form_the_player_lands_on_the_page(make_user):
    make_user("lena", password="correct-horse-battery")
    client = Client()
    response = client.post(
        "/login/?next=/matches/9/report/",
        {"username": "lena", "password": "correct-horse-battery"},
        follow=True,
    )
    assert response.redirect_chain[-1][0] == "/matches/9/"
