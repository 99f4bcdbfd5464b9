"""The draft room's card faces, sorting, grouping, deck/sideboard split and seat states."""

import re

import pytest
from django.test import Client

from decks.drafting import services
from decks.drafting.models import Pick

from .conftest import draft_to_the_end, human_pick

pytestmark = pytest.mark.django_db


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def data_costs(html: str, container_id: str) -> list[int]:
    section = html.split(f'id="{container_id}"', 1)[1]
    return [int(c) for c in re.findall(r'data-cost="(\d+)"', section.split("</section>", 1)[0])]


def test_a_kingdom_combat_pack_is_drawn_as_framed_faces_sorted_by_the_players_choice(
    make_draft, players
):
    # given a running Kingdom Combat pod with Alice seated
    draft = make_draft(humans=players[:1], seats=2, game="kingdom-combat")
    client = logged_in(players[0])
    # when she has chosen to sort the pack by cost
    client.cookies["draft_pack_sort"] = "cost"
    html = client.get(f"/drafts/{draft.id}/").content.decode()
    # then the pack is card faces framed by border, cheapest first, with the pass direction
    assert 'class="cf cf-kingdom cf-normal cf-border-' in html
    costs = data_costs(html, "pack")
    assert len(costs) >= 10
    assert costs == sorted(costs)
    assert "passing left" in html
    assert "Kingdom Combat, pod 1" in html, "the game's name, not its slug"
    assert 'option value="cost" selected' in html


def test_an_unknown_sort_is_the_pack_order(make_draft, players):
    draft = make_draft(humans=players[:1], seats=2, game="kingdom-combat")
    client = logged_in(players[0])
    client.cookies["draft_pack_sort"] = "<script>"
    response = client.get(f"/drafts/{draft.id}/")
    assert response.status_code == 200
    assert 'option value="pack" selected' in response.content.decode()


def test_picks_are_grouped_sorted_and_split_into_deck_and_sideboard(make_draft, players):
    # given Alice has made three picks in a Kingdom Combat pod
    draft = make_draft(humans=players[:1], seats=2, game="kingdom-combat")
    client = logged_in(players[0])
    for _ in range(3):
        services.draft_bots_run(draft_id=draft.id)
        human_pick(draft.id, players[0])
    picks = list(Pick.objects.filter(seat__player=players[0]))
    assert len(picks) == 3
    # when she groups by border and moves one pick to the sideboard
    client.cookies["draft_picks_group"] = "border"
    client.cookies["draft_picks_sort"] = "cost"
    client.cookies[f"draft_side_{draft.id}"] = f"{picks[0].id}.junk"
    html = client.get(f"/drafts/{draft.id}/", HTTP_HX_REQUEST="true").content.decode()
    # then the deck holds two, the sideboard one, under border headings
    main, side = html.split('data-section="main"')[1].split('data-section="sideboard"')
    assert main.count('class="card-button pick-toggle"') == 2
    assert side.count('class="card-button pick-toggle"') == 1
    assert f'data-pick="{picks[0].id}"' in side
    assert re.search(r"<h4>(Gold|Silver|Black) border", main)


def test_join_disappears_when_every_seat_is_taken(make_draft, players):
    # given an open pod of two where both seats are taken
    draft = make_draft(humans=players[:1], seats=2, start=False)
    visitor = logged_in(players[5])
    # then a visitor is told, instead of a Join button that would fail
    html = visitor.get(f"/drafts/{draft.id}/").content.decode()
    assert "Join this draft" not in html
    assert "Every seat is taken." in html


def test_the_finished_room_is_ready_to_build_from_the_pool(make_draft, players):
    # given a small Kingdom Combat pod Alice drafted to the end
    layout = "1 gold/silver, 2 black"
    draft = make_draft(humans=players[:1], seats=2, game="kingdom-combat", booster_layout=layout)
    draft_to_the_end(draft.id, players[:1])
    alice = logged_in(players[0])
    picks = list(Pick.objects.filter(seat__player=players[0]).select_related("pack_card__card"))
    alice.cookies[f"draft_side_{draft.id}"] = str(picks[0].id)
    html = alice.get(f"/drafts/{draft.id}/").content.decode()
    assert "Ready to build" in html
    link = re.search(r'id="build-deck" href="([^"]+)"', html).group(1).replace("&amp;", "&")
    assert link.startswith("/decks/new/?pool=")
    # and the builder opens on the pool with her deck, not the sideboard, in the list
    builder = alice.get(link).content.decode()
    main_names = {p.pack_card.card.name for p in picks[1:]}
    for name in main_names:
        assert name in builder.split('id="id_text"')[1].split("</textarea>")[0]
    side = picks[0].pack_card.card.name
    if side not in main_names:
        assert side not in builder.split('id="id_text"')[1].split("</textarea>")[0]


def test_the_api_gives_a_packs_cards_with_what_a_face_draws(make_draft, players, client_for):
    draft = make_draft(humans=players[:1], seats=2, game="kingdom-combat")
    body = client_for(players[0]).get(f"/api/drafts/{draft.id}/me/").json()
    cards = [item["card"] for item in body["pack"]["cards"]]
    assert all({"subtype", "keywords", "text", "faction_names"} <= set(card) for card in cards)
    assert any(card["faction_names"] for card in cards)


def test_a_poll_that_has_seen_the_room_gets_nothing_to_swap(make_draft, players):
    # given Alice's room, as her page last showed it
    draft = make_draft(humans=players[:1], seats=2, game="kingdom-combat")
    client = logged_in(players[0])
    html = client.get(f"/drafts/{draft.id}/").content.decode()
    seen = re.search(r"\?since=([^\"&]+)\"", html).group(1)
    # when her page polls with what it has seen, nothing changed: nothing to swap
    poll = client.get(f"/drafts/{draft.id}/?since={seen}", HTTP_HX_REQUEST="true")
    assert poll.status_code == 204
    # and once she picks, the room has changed and the poll gets it
    human_pick(draft.id, players[0])
    poll = client.get(f"/drafts/{draft.id}/?since={seen}", HTTP_HX_REQUEST="true")
    assert poll.status_code == 200
    assert 'id="pick-count">1<' in poll.content.decode()
