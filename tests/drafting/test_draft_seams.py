"""Seams of a draft: creating a pod from the page seats its creator unless they say
otherwise; a finished Kingdom Combat draft opens the builder on an empty deck beside the pool."""

import re

import pytest
from django.test import Client

from decks.drafting.models import Draft, Seat

from .conftest import draft_to_the_end

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


def test_a_finished_draft_builds_from_an_empty_deck_beside_the_pool(make_draft, players):
    # given a small Kingdom Combat pod Alice drafted to the end, nothing moved to a sideboard
    layout = "1 gold/silver, 2 black"
    draft = make_draft(humans=players[:1], seats=2, game="kingdom-combat", booster_layout=layout)
    draft_to_the_end(draft.id, players[:1])
    alice = logged_in(players[0])
    html = alice.get(f"/drafts/{draft.id}/").content.decode()
    link = re.search(r'id="build-deck" href="([^"]+)"', html).group(1).replace("&amp;", "&")
    # then "build" opens the builder with the pool and no card in the list
    assert "main=" not in link
    builder = alice.get(link).content.decode()
    assert builder.split('id="id_text"')[1].split(">", 1)[1].split("</textarea>")[0].strip() == ""
