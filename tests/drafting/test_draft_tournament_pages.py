"""The pages' path: a sealed and a draft tournament go from pools (or pods) to decks built in
the deck builder, registered from the pool page, to a started bracket, all by form posts."""

import pytest
from django.test import Client

from decks.drafting.models import Draft, Seat
from decks.models import DeckRegistration, Pool
from tournaments.models import Tournament

from .conftest import draft_to_the_end

pytestmark = pytest.mark.django_db


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def build_and_register_in_pages(client: Client, pool: Pool, fmt: str) -> None:
    """Open the pool page, build a 30-card deck in the builder, register it from the pool."""
    page = client.get(f"/pools/{pool.id}/")
    assert page.status_code == 200
    assert f"/decks/new/?pool={pool.id}" in page.content.decode()
    lines, left = [], 30
    for row in pool.cards.select_related("card").order_by("card_id"):
        count = min(row.count, left)
        if count:
            lines.append(f"{count} {row.card.code or row.card.name}")
            left -= count
    body = {"name": "Pool deck", "game": "combat", "format": fmt, "text": "\n".join(lines)}
    saved = client.post(f"/decks/new/?pool={pool.id}", {**body, "pool": pool.id})
    assert saved.status_code == 302, saved.content.decode()[:2000]
    deck_id = pool.decks.get().id
    assert "Register this deck" in client.get(f"/pools/{pool.id}/").content.decode()
    registered = client.post(f"/pools/{pool.id}/register/", {"deck": deck_id}, follow=True)
    assert "Your deck is registered." in registered.content.decode()
    assert DeckRegistration.objects.get(entry=pool.entry).deck_id == deck_id


def register_all_then_start(host: Client, tournament, players, fmt: str, linked_from: str):
    """Each player follows the link to their pool, builds and registers a deck; the organizer
    then starts the tournament from its page."""
    for player in players:
        client = logged_in(player)
        pool = Pool.objects.get(owner=player, entry__tournament=tournament)
        assert f"/pools/{pool.id}/" in client.get(linked_from).content.decode()
        build_and_register_in_pages(client, pool, fmt)
    host.post(f"/tournaments/{tournament.id}/start/")
    assert Tournament.objects.get(pk=tournament.id).status == "running"


def test_sealed_tournament_through_the_pages(make_tournament, players):
    # given a Combat sealed tournament of two entries
    tournament = make_tournament("sealed", 2)
    host = logged_in(tournament.organizer)
    url = f"/tournaments/{tournament.id}/"
    entrants = [entry.user for entry in tournament.entries.order_by("id")]
    assert "Deal the sealed pools" in host.get(url).content.decode()
    player_page = logged_in(entrants[0]).get(url).content.decode()
    assert "Deal the sealed pools" not in player_page
    assert "has not dealt the pools yet" in player_page
    # a player cannot deal the pools
    logged_in(entrants[0]).post(f"/tournaments/{tournament.id}/sealed/pools/", {"seed": "x"})
    assert not Pool.objects.exists()
    # when the organizer deals them, the seed is published on the page
    host.post(f"/tournaments/{tournament.id}/sealed/pools/", {"seed": "pages-seed"})
    assert Pool.objects.filter(entry__tournament=tournament).count() == 2
    assert "pages-seed" in host.get(url).content.decode()
    assert "pages-seed" not in logged_in(entrants[0]).get(url).content.decode()
    # then a player sees their own pool of 52 cards, not the other one
    mine = Pool.objects.get(owner=entrants[0])
    other = Pool.objects.get(owner=entrants[1])
    assert "52 cards" in logged_in(entrants[0]).get(f"/pools/{mine.id}/").content.decode()
    assert logged_in(entrants[0]).get(f"/pools/{other.id}/").status_code == 404
    # and each builds and registers a deck from it; the organizer starts the bracket
    register_all_then_start(host, tournament, entrants, "sealed", linked_from=url)


def test_draft_tournament_through_the_pages(make_tournament):
    # given a Combat draft tournament of three entries
    tournament = make_tournament("draft", 3)
    host = logged_in(tournament.organizer)
    url = f"/tournaments/{tournament.id}/"
    # when the organizer creates the pods from the tournament page and starts the pod
    host.post(f"/tournaments/{tournament.id}/draft/pods/", {"pick_timer": "competitive"})
    pod = Draft.objects.get(tournament=tournament)
    assert pod.timer == "competitive"
    assert f"/drafts/{pod.id}/pod/" in host.get(url).content.decode()
    host.post(f"/drafts/{pod.id}/start/")
    players = [seat.player for seat in Seat.objects.filter(draft=pod).select_related("player")]
    assert f"/drafts/{pod.id}/" in logged_in(players[0]).get(url).content.decode()
    draft_to_the_end(pod.id, players)
    # then each player's room links their pool, they build and register a deck from it,
    # and the organizer starts the bracket
    register_all_then_start(host, tournament, players, "draft", linked_from=f"/drafts/{pod.id}/")


def test_pool_registration_refuses_a_deck_not_built_from_the_pool(make_tournament):
    tournament = make_tournament("sealed", 2)
    host = logged_in(tournament.organizer)
    host.post(f"/tournaments/{tournament.id}/sealed/pools/", {})
    pool = Pool.objects.filter(entry__tournament=tournament).first()
    response = logged_in(pool.owner).post(f"/pools/{pool.id}/register/", {"deck": 999}, follow=True)
    assert "Choose a deck built from this pool." in response.content.decode()
    assert not DeckRegistration.objects.exists()


def test_a_posted_number_in_non_ascii_digits_is_a_message_not_a_crash(make_tournament):
    tournament = make_tournament("sealed", 2)
    host = logged_in(tournament.organizer)
    host.post(f"/tournaments/{tournament.id}/sealed/pools/", {})
    pool = Pool.objects.filter(entry__tournament=tournament).first()
    response = logged_in(pool.owner).post(
        f"/pools/{pool.id}/register/", {"deck": "\u00b2"}, follow=True
    )
    assert "Choose a deck built from this pool." in response.content.decode()
    assert not DeckRegistration.objects.exists()
