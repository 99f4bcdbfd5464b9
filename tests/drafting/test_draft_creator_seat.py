"""Creating a pod from the page seats its creator unless they say otherwise."""

import pytest
from django.test import Client

from decks.drafting.models import Draft, Seat

pytestmark = pytest.mark.django_db

POD = {"game": "combat", "seats": 4, "bots": 3, "pick_timer": "off"}


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_form_offers_the_seat_ticked(organizer):
    page = logged_in(organizer).get("/drafts/").content.decode()
    assert "I will draft in this pod" in page
    assert 'id="id_organizer_plays" checked' in page


def test_the_creator_takes_seat_1_when_ticked_and_no_seat_when_not(organizer):
    client = logged_in(organizer)
    client.post("/drafts/", {**POD, "organizer_plays": "on"})
    seated = Draft.objects.get()
    assert Seat.objects.get(draft=seated, index=0).player == organizer
    # when they start it, then the seat is theirs, not a bot's
    client.post(f"/drafts/{seated.pk}/start/")
    assert not Seat.objects.get(draft=seated, index=0).is_bot
    # an unticked box: a pod run for others
    client.post("/drafts/", POD)
    other = Draft.objects.exclude(pk=seated.pk).get()
    assert not Seat.objects.filter(draft=other, player=organizer).exists()


def test_no_seat_left_for_the_creator_is_refused_with_the_fix(organizer):
    page = logged_in(organizer).post("/drafts/", {**POD, "bots": 4, "organizer_plays": "on"})
    assert "none is left for you" in page.content.decode()
    assert not Draft.objects.exists()
