"""Card faces for every game, the card browser's grid, the visual builder and "My decks"."""

import pytest
from django.template.loader import render_to_string

from decks.faces import card_face, engine_face
from decks.models import Card, Deck
from decks.services import deck_create
from decks.services.decks import deck_list_from_input

pytestmark = pytest.mark.django_db


def test_a_kingdom_combat_face_has_its_frame_cost_type_faction_stats_and_skills():
    # given a gold-border knight with two skills whose text repeats them
    card = Card.objects.get(name="Lord Commander Aldric", card_set__code="KC1")
    face = card_face(card, "kingdom-combat")
    # then the face has the facts a player reads, labelled in words
    assert face["border"] == "gold"
    assert face["border_label"] == "Gold border"
    assert face["cost"] == card.cost
    assert (face["type_label"], face["subtype"]) == ("Unit", "Knight")
    assert face["factions"] == ["Ironhold"]
    assert [s["short"] for s in face["stats"]] == ["ATK", "DEF", "ARM", "HP"]
    assert [s["name"] for s in face["skills"]] == ["Mounted", "Alert"]
    assert all(s["icon"] and s["reminder"] for s in face["skills"])
    # and the rules text no longer repeats the reminders the skills show
    assert "Mounted (" not in face["text"]
    assert face["text"].startswith("Other units you control")
    html = render_to_string("decks/_card_face.html", {"face": face})
    assert "cf-border-gold" in html
    assert "Ironhold" in html
    assert "(Cannot be targeted by your opponent" in html


def test_rune_duel_keywords_read_as_the_cards_print_them():
    # given the engine's view of a creature with its engine keywords
    card = {"id": "c1", "name": "Twinfang Panther", "type": "creature", "rank": 4}
    card |= {"rune_label": "V", "attack": 2, "health": 3, "keywords": ["double_attack"]}
    face = engine_face(card, "rune-duel")
    html = render_to_string("decks/_card_face.html", {"face": face, "data_card": "c1"})
    # then the face says "Twin Strike", never the engine's word
    assert "Twin Strike" in html
    assert "double_attack" not in html
    assert "<b>4</b> <i>V</i>" in html
    assert 'data-card="c1"' in html


def test_a_conventional_combat_face_shows_its_elements():
    card = Card.objects.get(name="Lantern Paladin")
    face = card_face(card, "conventional-combat")
    assert face["attack"] == {"key": "light", "name": "Light", "value": 6}
    assert [(d["name"], d["value"]) for d in face["defenses"]] == [
        ("Light", 4),
        ("Dark", 2),
        ("Fire", 3),
        ("Water", 3),
    ]
    html = render_to_string("decks/_card_face.html", {"face": face})
    assert '<span class="cf-el cf-el-light">Light 6</span>' in html


def test_a_playing_card_is_drawn_as_before():
    face = card_face(Card.objects.filter(code="QH").first(), "combat")
    html = render_to_string("decks/_card_face.html", {"face": face})
    assert 'class="playing-card cf-playing cf-normal red"' in html
    assert "Q♥" in html


def test_the_card_browser_shows_a_grid_or_a_table(client):
    grid = client.get("/cards/?game=kingdom-combat").content.decode()
    assert 'id="card-grid"' in grid
    assert "cf-border-black" in grid
    table = client.get("/cards/?game=kingdom-combat&layout=table").content.decode()
    assert 'class="cards-table"' in table
    assert 'id="card-grid"' not in table


def test_the_visual_builder_offers_the_fortresses_and_combats_52(client, make_user):
    client.force_login(make_user())
    html = client.get("/decks/new/?game=kingdom-combat").content.decode()
    # named by its content (WCAG 2.5.3, label in name): "Fortress: " then the face's text
    assert '<span class="sr-only">Fortress: </span>' in html
    assert 'data-name="Ironhold Keep"' in html
    assert 'data-label="Ironhold Footman"' in html
    assert 'data-limit="4"' in html, "a black card: up to 4 copies"
    combat = html.split('class="vb-panel" data-game="combat"')[1].split('class="vb-panel"')[0]
    assert combat.count('class="vb-toggle') == 52


def test_my_decks_shows_legality_and_size_in_a_constant_number_of_queries(
    client, make_user, django_assert_max_num_queries
):
    # given a legal Combat deck and an illegal Kingdom Combat one
    player = make_user()
    codes = [f"{r}{s}" for s in "SHDC" for r in ["A", *map(str, range(2, 11))]]
    for name, game, text in [
        ("Legal", "combat", "\n".join(f"1 {c}" for c in codes)),
        ("Too small", "kingdom-combat", "Fortress: Ironhold Keep\n4 Ironhold Footman"),
    ]:
        deck_create(
            owner=player,
            game_slug=game,
            format_slug="constructed",
            name=name,
            deck_list=deck_list_from_input(text=text),
        )
    client.force_login(player)
    with django_assert_max_num_queries(30) as few:
        html = client.get("/decks/").content.decode()
    # then each row says how many cards and whether the deck is legal
    assert '<td class="deck-size">40</td>' in html
    assert '<td class="deck-size">4</td>' in html
    assert '<span class="badge ok">Legal</span>' in html
    assert "Illegal · " in html
    # and more decks cost no more queries
    for number in range(5):
        deck_create(
            owner=player,
            game_slug="kingdom-combat",
            format_slug="constructed",
            name=f"more {number}",
            deck_list=deck_list_from_input(text="Fortress: Ironhold Keep\n2 Iron Knight"),
        )
    with django_assert_max_num_queries(len(few.captured_queries)):
        client.get("/decks/")
    assert Deck.objects.filter(owner=player).count() == 7
