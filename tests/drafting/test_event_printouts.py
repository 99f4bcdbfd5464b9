"""The decks app's event-day printouts: each draft pod's seating, and the registered deck
lists by card name for deck checks (the organizer's only)."""

import pytest
from django.test import Client

from decks.drafting import services
from decks.models import DeckRegistration
from decks.services import deck_create
from decks.services.decks import deck_list_from_input

pytestmark = pytest.mark.django_db


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_seating_lists_every_pod_and_seat(organizer, make_tournament):
    # given a draft event of 11 entries split into two pods
    tournament = make_tournament("draft", 11)
    services.tournament_pods_create(tournament_id=tournament.id, user=organizer)
    # when its seating is printed
    page = Client().get(f"/tournaments/{tournament.id}/print/seating/").content.decode()
    # then both pods are there with every entry once
    assert "Pod 1" in page
    assert "Pod 2" in page
    for entry in tournament.entries.select_related("user"):
        assert page.count(f'<td class="name">{entry.display_name}</td>') == 1
    assert '<td class="num">6</td>' in page


def test_deck_lists_name_the_cards_for_the_organizer(organizer, make_tournament):
    # given an entry of a constructed event with a registered deck
    tournament = make_tournament("constructed", 2)
    entry = tournament.entries.order_by("seed").first()
    codes = [f"{r}{s}" for s in "SHDC" for r in ["A", *map(str, range(2, 11))]]
    deck = deck_create(
        owner=entry.user,
        game_slug="combat",
        format_slug="constructed",
        name="Forty spots",
        deck_list=deck_list_from_input(text="\n".join(f"1 {c}" for c in codes)),
    )
    DeckRegistration.objects.create(entry=entry, deck=deck)
    # when the organizer prints the lists
    page = logged_in(organizer).get(f"/tournaments/{tournament.id}/print/decklists/")
    html = page.content.decode()
    # then the deck is listed by card name, and the entry without a deck is named
    assert "Forty spots" in html
    assert "40 cards" in html
    assert "1 \u00d7 Ace of Spades" in html  # by name, not by the code AS
    other = tournament.entries.order_by("seed").last()
    assert "No deck registered:</strong> " + other.display_name in html
