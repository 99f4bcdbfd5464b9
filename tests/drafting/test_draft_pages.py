import pytest
from django.test import Client

from decks.drafting.models import Draft, PackCard, Pick

from .conftest import _head

pytestmark = pytest.mark.django_db


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_draft_list_page_creates_a_pod(organizer):
    client = logged_in(organizer)
    assert client.get("/drafts/").status_code == 200
    response = client.post(
        "/drafts/", {"game": "combat", "seats": 4, "bots": 3, "pick_timer": "competitive"}
    )
    draft = Draft.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/drafts/{draft.id}/pod/"
    assert draft.timer == "competitive"
    assert "Create a pod" in Client().get("/drafts/").content.decode()
    bad = {"game": "kingdom-combat", "seats": 2, "bots": 2, "pick_timer": "off"}
    page = client.post("/drafts/", {**bad, "booster_layout": "3 purple"}).content.decode()
    assert "borders must be among" in page
    client.post("/drafts/", {**bad, "booster_layout": "1 gold, 4 black"})
    assert Draft.objects.get(game__slug="kingdom-combat").pack_size == 5


def test_room_shows_the_pack_as_card_faces_and_a_click_picks(make_draft, players):
    draft = make_draft(humans=players[:1], seats=2, pick_timer=30)
    client = logged_in(players[0])
    page = client.get(f"/drafts/{draft.id}/").content.decode()
    assert 'class="playing-card' in page
    assert "Time left" in page
    assert "Seat 1: " + players[0].username in page  # people count seats from 1
    assert 'Seat 2: <svg class="icon bot-icon"' in page
    assert "🤖" not in page
    head = _head(draft.id, players[0])
    card = PackCard.objects.filter(pack_id=head.id).order_by("position").first()
    body = {"pack": head.id, "pick_number": 1, "card": card.id}
    response = client.post(f"/drafts/{draft.id}/pick/", body, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert Pick.objects.get(seat__player=players[0]).pack_card == card
    assert 'id="pick-count">1<' in response.content.decode()
    again = client.post(f"/drafts/{draft.id}/pick/", body, HTTP_HX_REQUEST="true")
    assert "not the one in front of you" in again.content.decode()


def test_room_invites_to_join_an_open_pod(make_draft, players):
    draft = make_draft(seats=3, start=False)
    draft.seats.filter(index=0).update(is_bot=False)
    client = logged_in(players[3])
    assert "Join this draft" in client.get(f"/drafts/{draft.id}/").content.decode()
    client.post(f"/drafts/{draft.id}/join/")
    assert draft.seats.get(index=0).player == players[3]


def test_pod_view_and_actions_are_for_the_organizer(make_draft, organizer, players):
    draft = make_draft(humans=players[:1], seats=2, start=False)
    host = logged_in(organizer)
    assert "Start the draft" in host.get(f"/drafts/{draft.id}/pod/").content.decode()
    host.post(f"/drafts/{draft.id}/start/")
    page = host.get(f"/drafts/{draft.id}/pod/").content.decode()
    assert "Pause" in page
    assert "pick 1" in page
    host.post(f"/drafts/{draft.id}/pause/")
    assert Draft.objects.get(pk=draft.id).status == "paused"
    host.post(f"/drafts/{draft.id}/resume/")
    host.post(f"/drafts/{draft.id}/seats/0/replace-with-bot/")
    assert draft.seats.get(index=0).is_bot
    room = logged_in(players[0]).get(f"/drafts/{draft.id}/").content.decode()
    assert "gave your seat to a bot" in room
    player = logged_in(players[0]).get(f"/drafts/{draft.id}/pod/")
    assert player.status_code == 302


def test_home_page_lists_recent_drafts(make_draft):
    draft = make_draft(seats=2, start=False)
    page = Client().get("/").content.decode()
    assert f"/drafts/{draft.id}/" in page
    assert "Open for joining" in page


def test_room_for_visitors_and_unknown_drafts(make_draft, players):
    # given a running pod of bots
    draft = make_draft(seats=2)
    # then a visitor who is not logged in sees the table and is asked to log in
    page = Client().get(f"/drafts/{draft.id}/")
    assert page.status_code == 200
    assert "Log in</a> to join" in page.content.decode()
    assert "Your pack" not in page.content.decode()
    # and an unknown draft is a 404 on every page, never an error
    missing = draft.id + 1000
    assert Client().get(f"/drafts/{missing}/").status_code == 404
    assert logged_in(players[0]).get(f"/drafts/{missing}/pod/").status_code == 404
    body = {"pack": 1, "pick_number": 1, "card": 1}
    assert logged_in(players[0]).post(f"/drafts/{missing}/pick/", body).status_code == 404
