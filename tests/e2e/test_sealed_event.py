"""A sealed Combat event in real browsers: the organizer deals the pools, a player builds a
30-card deck from their pool in the deck builder and registers it, the organizer starts."""

import re

from django.test import Client
from playwright.sync_api import Browser, expect

from decks.models import DeckRegistration, Pool
from decks.selectors import pool_cards
from tests.drafting.test_draft_tournament_pages import build_and_register_in_pages
from tournaments.models import Entry, Tournament

from .draft_room import browser_page_for


def test_sealed_event_from_pools_to_a_started_bracket_in_the_browser(
    live_server, browser: Browser, transactional_db, make_user
):
    # given a Combat sealed tournament with two entries
    organizer, alice, bob = make_user("host"), make_user("alice"), make_user("bob")
    tournament = Tournament.objects.create(
        name="Sealed night", game="combat", deck_format="sealed", organizer=organizer, rng_seed=3
    )
    for seed, user in enumerate((alice, bob), start=1):
        Entry.objects.create(tournament=tournament, user=user, seed=seed)
    url = f"{live_server.url}/tournaments/{tournament.id}/"
    # when the organizer deals the pools from the tournament page
    host = browser_page_for(browser, live_server, organizer)
    host.goto(url)
    host.get_by_label("Seed (optional)").fill("browser-seed")
    host.get_by_role("button", name="Deal the sealed pools").click()
    expect(host.locator("#sealed-seed")).to_have_text("browser-seed")
    # then Alice opens her pool from the tournament page and builds a deck from it
    pool = Pool.objects.get(owner=alice)
    page = browser_page_for(browser, live_server, alice)
    page.goto(url)
    page.get_by_role("link", name=f"sealed pool #{pool.id}").click()
    expect(page.locator("#pool-cards .playing-card")).not_to_have_count(0)
    page.get_by_role("link", name="Build a deck from this pool").click()
    # the pool is the grid of faces; its list beside the form shows only in text mode
    expect(page.locator("#pool-list")).to_be_hidden()
    expect(page.locator("#visual-builder .vb-item")).not_to_have_count(0)
    page.get_by_role("button", name="Text only").click()
    expect(page.locator("#pool-list")).to_be_visible()
    expect(page.locator("#visual-builder")).to_be_hidden()
    buttons, left = page.locator(".pool-add"), 30
    for index, row in enumerate(pool_cards(pool)):
        for _ in range(min(row.count, left)):
            buttons.nth(index).click()
        left -= min(row.count, left)
        if not left:
            break
    expect(page.locator("#deck-check")).to_contain_text("Legal deck")
    page.get_by_label("Name").fill("Alice sealed")
    page.get_by_role("button", name="Save deck").click()
    expect(page).to_have_url(re.compile(r"/decks/\d+/$"))
    # and registers it from her pool page
    page.goto(f"{live_server.url}/pools/{pool.id}/")
    page.get_by_label(re.compile("Deck to play in")).select_option(label="Alice sealed")
    page.get_by_role("button", name="Register this deck").click()
    expect(page.locator("#registered-deck")).to_contain_text("Alice sealed")
    assert DeckRegistration.objects.get(entry__user=alice).deck.name == "Alice sealed"
    # when Bob registers too (through the same pages, without a browser) the organizer starts
    bob_client = Client()
    bob_client.force_login(bob)
    build_and_register_in_pages(bob_client, Pool.objects.get(owner=bob), "sealed")
    host.goto(url)
    host.get_by_text("Start tournament…").click()  # a two-step confirmation
    host.get_by_role("button", name="Yes, start now").click()
    expect(host.locator("#tournament-status")).to_have_text("Running")
    for tab in (host, page):
        tab.context.close()
