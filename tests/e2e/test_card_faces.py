"""Card faces in the browser: every card's text readable on every border, in every game."""

import pytest
from playwright.sync_api import Browser, expect

from decks.models import Card
from decks.services import pool_create

from .contrast import low_contrast
from .test_draft_room import browser_page_for


def kingdom_pool(owner):
    """A sealed Kingdom Combat pool holding one of each card of every border."""
    cards = Card.objects.filter(card_set__code="KC1").exclude(type__in=["fortress", "token"])
    return pool_create(
        owner=owner,
        game_slug="kingdom-combat",
        cards={card.id: 1 for card in cards},
        source="sealed",
        seed="faces",
    )


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)])
def test_every_border_of_a_kingdom_combat_pool_is_readable(
    live_server, browser: Browser, transactional_db, make_user, size
):
    # given a pool with gold, silver and black cards
    alice = make_user("alice")
    pool = kingdom_pool(alice)
    assert {"gold", "silver", "black"} <= set(pool.cards.values_list("card__border", flat=True))
    # when its owner opens the pool page
    page = browser_page_for(browser, live_server, alice)
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(f"{live_server.url}/pools/{pool.id}/")
    expect(page.get_by_text("Ironhold Footman").first).to_be_visible()
    # then every text of every card stands out from its background (WCAG AA, 4.5:1)
    measured, low = low_contrast(page, "#pool-cards .pool-card")
    assert measured > 40
    assert low == []
