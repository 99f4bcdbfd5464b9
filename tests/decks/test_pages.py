"""Card browser and deck builder pages, including building from a sealed pool."""

import re

import pytest

from decks.models import Card, Deck, Game
from decks.services import pool_create

pytestmark = pytest.mark.django_db

PACK = [f"{r}{s}" for s in "SHDC" for r in ["A", *map(str, range(2, 11)), "J", "Q", "K"]]


def test_card_browser_filters_by_border(client):
    html = client.get("/cards/?game=kingdom-combat&border=gold").content.decode()
    assert "border-gold" in html
    assert "border-silver" not in html


def test_card_browser_filters_by_faction_type_and_search_in_place(client):
    # an htmx request gets only the results, filtered by every field at once
    response = client.get(
        "/cards/?game=kingdom-combat&faction=sylvan&type=unit&search=scout",
        headers={"HX-Request": "true"},
    )
    html = response.content.decode()
    assert "<h1>" not in html, "the partial, not the page"
    assert "Glade Scout" in html
    assert "Iron Knight" not in html
    assert "1 card" in html
    empty = client.get("/cards/?game=kingdom-combat&search=zzz").content.decode()
    assert "No card matches" in empty


def test_the_builder_lists_each_card_with_its_count(client, make_user):
    client.force_login(make_user())
    text = "Fortress: Ironhold Keep\n3 Iron Knight\n2 Ironhold Footman"
    body = {"game": "kingdom-combat", "format": "constructed", "text": text}
    html = client.post("/decks/check/", body).content.decode()
    assert re.search(r'<tr [^>]*class="over"', html), "the card over its border limit is marked"
    assert 'aria-label="One fewer Iron Knight"' in html
    assert "starting gold 6" in html
    assert "<h3>Gold curve</h3>" in html


def sealed_pool(user, codes):
    ids = dict(Card.objects.filter(code__in=codes, card_set__code="STD").values_list("code", "id"))
    return pool_create(
        owner=user,
        game_slug="combat",
        cards={ids[c]: 1 for c in codes},
        source="sealed",
        seed="test",
    )


def test_a_player_builds_a_sealed_deck_from_their_pool(client, make_user):
    player = make_user()
    pool = sealed_pool(player, PACK[:40])
    client.force_login(player)
    assert "Build a deck" in client.get("/decks/").content.decode()
    page = client.get(f"/decks/new/?pool={pool.pk}").content.decode()
    assert "Your sealed pool" in page

    outside = "\n".join(f"1 {c}" for c in [*PACK[:29], "KC"])
    check = client.post(
        "/decks/check/", {"game": "combat", "format": "sealed", "text": outside, "pool": pool.pk}
    ).content.decode()
    assert "not in your pool" in check

    legal = "\n".join(f"1 {c}" for c in PACK[:30])
    body = {"name": "Sealed", "game": "combat", "format": "sealed", "text": legal, "pool": pool.pk}
    response = client.post(f"/decks/new/?pool={pool.pk}", body)
    assert response.status_code == 302
    deck = Deck.objects.get(owner=player)
    assert deck.pool_id == pool.pk
    assert "Legal deck" in client.get(response["Location"]).content.decode()


def test_a_pool_id_that_is_not_a_number_is_a_404_not_a_crash(client, make_user):
    client.force_login(make_user())
    assert client.get("/decks/new/?pool=abc").status_code == 404
    assert client.get("/decks/new/?pool=\u00b2").status_code == 404  # a superscript 2
    check = client.post(
        "/decks/check/", {"game": "combat", "format": "sealed", "text": "1 AS", "pool": "abc"}
    ).content.decode()
    assert "No such pool." in check


def test_another_players_pool_is_not_shown(client, make_user):
    owner, other = make_user(), make_user()
    pool = sealed_pool(owner, PACK[:10])
    client.force_login(other)
    assert client.get(f"/decks/new/?pool={pool.pk}").status_code == 404
    check = client.post(
        "/decks/check/", {"game": "combat", "format": "sealed", "text": "1 AS", "pool": pool.pk}
    ).content.decode()
    assert "not yours" in check


def test_a_pool_of_one_card_says_1_card(client, make_user):
    # plurals: "1 card", never "1 cards"; more read "cards"
    player = make_user()
    client.force_login(player)
    one = sealed_pool(player, PACK[:1])
    assert (
        '<h2 id="pool-cards-heading">1 card</h2>'
        in client.get(f"/pools/{one.pk}/").content.decode()
    )
    two = pool_create(
        owner=player,
        game_slug="combat",
        cards=dict.fromkeys(
            Card.objects.filter(code__in=PACK[:2], card_set__code="STD").values_list(
                "id", flat=True
            ),
            1,
        ),
        source="sealed",
        seed="two",
    )
    assert (
        '<h2 id="pool-cards-heading">2 cards</h2>'
        in client.get(f"/pools/{two.pk}/").content.decode()
    )


def test_the_builder_names_the_formats_of_the_chosen_game(client, make_user):
    # given a player opening the builder for Combat
    client.force_login(make_user())
    html = client.get("/decks/new/?game=combat&format=off-the-top").content.decode()
    # then the Format menu shows Combat's formats by name, posting their codes
    assert '<option value="off-the-top" selected>Off the top</option>' in html
    assert '<option value="sealed">Sealed</option>' in html
    assert 'list="format-choices"' not in html, "no free-text code field"


def test_my_decks_names_each_format_in_its_game_s_words(client, make_user):
    # given decks of two games whose formats are stored as codes
    player = make_user()
    Deck.objects.create(
        owner=player, name="Duel", game=Game.objects.get(slug="conventional-combat"),
        format="quick-duel",
    )  # fmt: skip
    Deck.objects.create(
        owner=player, name="Top", game=Game.objects.get(slug="combat"), format="off-the-top"
    )
    client.force_login(player)
    # when the player opens their decks, then each format is named, never its code
    html = client.get("/decks/").content.decode()
    assert "Quick Duel" in html
    assert "Off the top" in html
    assert "Quick-duel" not in html
    assert "Off-the-top" not in html


def test_the_pool_page_names_its_decks_formats(client, make_user):
    # given a sealed pool and a deck built from it
    player = make_user()
    pool = sealed_pool(player, PACK[:40])
    Deck.objects.create(
        owner=player, name="From the pool", game=pool.game, format="sealed", pool=pool
    )
    client.force_login(player)
    # then the pool page names the deck's format, not its code
    html = client.get(f"/pools/{pool.pk}/").content.decode()
    assert "From the pool" in html
    assert '<span class="muted">Sealed</span>' in html


@pytest.mark.parametrize(
    ("game", "playing"), [("combat", True), ("army", True), ("kingdom-combat", False)]
)
def test_cards_show_as_playing_cards_exactly_for_the_playing_card_games(client, game, playing):
    # the games' declaration says which games use playing cards; no template names them
    html = client.get(f"/cards/?game={game}&layout=grid").content.decode()
    assert 'id="card-grid"' in html
    assert ("cf-grid cf-grid-playing" in html) is playing
