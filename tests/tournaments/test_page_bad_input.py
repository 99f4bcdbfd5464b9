"""The tournament and match form posts answer bad input with a message, never a 500 and
never a change (found by crawling every form as every kind of user)."""

import pytest

from tests.tournaments.helpers import logged_in
from tournaments.models import Entry, Match

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]

HUGE = "9" * 20


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


def test_a_cancelled_events_match_page_offers_nothing_to_do(make_event, organizer):
    # given a match that was running when its tournament was cancelled
    tid, players = make_event(2, best_of=1)
    client = logged_in(organizer)
    client.post(f"/tournaments/{tid}/start/")
    client.post(f"/tournaments/{tid}/cancel/")
    match_id = Match.objects.get(tournament_id=tid).pk
    # then neither the organizer nor a player sees forms the services would refuse, nor a clock
    for user in (organizer, players[0][0]):
        html = logged_in(user).get(f"/matches/{match_id}/").content.decode()
        assert "The tournament is cancelled" in html
        assert f"/matches/{match_id}/" + "report/" not in html
        assert "Organizer controls" not in html
        assert 'id="match-clock"' not in html
    # and the engine's list of matches to play leaves it out
    html = logged_in(players[0][0]).get("/games/").content.decode()
    assert f"/games/match/{match_id}/start/" not in html


def test_after_the_sealed_deal_the_page_offers_no_join_or_add_entry(organizer, make_user):
    from decks.drafting.services import sealed_pools_create
    from tournaments import services

    tournament = services.tournament_create(
        organizer=organizer, name="Sealed", game="kingdom-combat", deck_format="sealed"
    )
    for user in (make_user(), make_user()):
        services.entry_add(tournament=tournament, by_user=organizer, user_id=user.pk)
    sealed_pools_create(tournament_id=tournament.pk, user=organizer)
    url = f"/tournaments/{tournament.pk}/"
    for user in (organizer, make_user()):
        html = logged_in(user).get(url).content.decode()
        assert "The sealed pools are already dealt" in html
        assert f"{url}join/" not in html
        assert f"{url}add-entry/" not in html
