import pytest

from decks.drafting.models import Draft, Pick

from .conftest import draft_to_the_end

pytestmark = pytest.mark.django_db


def create(client, **body):
    payload = {"game": "combat", "seats": 4, "bots": 2, "pick_timer": "off", "seed": "api"}
    payload.update(body)
    return client.post("/api/drafts/", payload, format="json")


def test_create_join_start_and_read_a_pod(client_for, organizer, players):
    # given an organizer who creates a pod with two bots
    host = client_for(organizer)
    response = create(host)
    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["status"] == "open"
    assert [(s["index"], s["is_bot"]) for s in body["seats"]] == [
        (0, False), (1, False), (2, True), (3, True)
    ]  # fmt: skip
    draft_id = body["id"]
    # when two players join and the organizer starts it
    assert client_for(players[0]).post(f"/api/drafts/{draft_id}/join/").status_code == 201
    assert client_for(players[0]).post(f"/api/drafts/{draft_id}/join/").status_code == 200
    assert client_for(players[1]).post(f"/api/drafts/{draft_id}/join/").status_code == 201
    assert client_for(players[1]).post(f"/api/drafts/{draft_id}/start/").status_code == 403
    started = host.post(f"/api/drafts/{draft_id}/start/")
    # then the pod runs, round 1, and each player sees their own pack
    assert started.status_code == 200
    assert started.json()["status"] == "running"
    assert started.json()["round"] == 1
    me = client_for(players[0]).get(f"/api/drafts/{draft_id}/me/").json()
    assert me["seat"] == 0
    assert me["round"] == 1
    assert me["pick_number"] == 1
    assert me["pack"]["origin_seat"] == 0
    assert len(me["pack"]["cards"]) == 15
    assert {"id", "name"} <= set(me["pack"]["cards"][0]["card"])
    assert me["queued_packs"] == 0
    assert me["picks"] == []
    assert me["deadline"] is None


def test_pick_endpoint_201_then_409_for_the_same_request_and_400_for_a_foreign_card(
    client_for, make_draft, players
):
    draft = make_draft(humans=players[:2], seats=2)
    alice, bob = client_for(players[0]), client_for(players[1])
    mine = alice.get(f"/api/drafts/{draft.id}/me/").json()
    theirs = bob.get(f"/api/drafts/{draft.id}/me/").json()
    body = {"pack": mine["pack"]["id"], "pick_number": 1, "card": mine["pack"]["cards"][0]["id"]}
    foreign = dict(body, card=theirs["pack"]["cards"][0]["id"])
    assert alice.post(f"/api/drafts/{draft.id}/picks/", foreign, format="json").status_code == 400
    first = alice.post(f"/api/drafts/{draft.id}/picks/", body, format="json")
    assert first.status_code == 201
    again = alice.post(f"/api/drafts/{draft.id}/picks/", body, format="json")
    assert again.status_code == 409
    assert again.json()["code"] == "stale_pick"
    assert again.json()["state"]["picks"][0]["card"]["id"] == mine["pack"]["cards"][0]["card"]["id"]
    bad = alice.post(f"/api/drafts/{draft.id}/picks/", {"pack": "x"}, format="json")
    assert bad.status_code == 400
    assert "pick_number" in bad.json()["errors"]


def test_public_detail_hides_packs_and_the_log_until_the_end(client_for, make_draft, players):
    draft = make_draft(humans=players[:1], seats=2)
    detail = client_for(players[5]).get(f"/api/drafts/{draft.id}/").json()
    assert "packs" not in detail
    assert "seed" not in detail
    assert detail["status"] == "running"
    assert client_for(players[0]).get(f"/api/drafts/{draft.id}/log/").status_code == 403
    assert client_for(players[5]).get(f"/api/drafts/{draft.id}/me/").status_code == 403
    draft_to_the_end(draft.id, players[:1])
    log = client_for(players[0]).get(f"/api/drafts/{draft.id}/log/").json()
    assert len(log) == 90
    assert {row["kind"] for row in log} <= {"human", "bot", "last", "timeout"}
    assert {"seat", "round", "pick_number", "card", "kind"} <= set(log[0])


def test_organizer_sees_every_pack_and_the_log_at_any_time(client_for, make_draft, organizer):
    draft = make_draft(seats=3)
    host = client_for(organizer)
    pod = host.get(f"/api/drafts/{draft.id}/pod/").json()
    assert [len(seat["queue"]) for seat in pod["seats"]] == [1, 1, 1]
    assert pod["seed"] == "test-seed"
    assert host.get(f"/api/drafts/{draft.id}/log/").status_code == 200


def test_pause_resume_and_replace_with_bot_endpoints(client_for, make_draft, players, organizer):
    draft = make_draft(humans=players[:1], seats=2, pick_timer="competitive")
    host, player = client_for(organizer), client_for(players[0])
    for action in ("pause", "resume", "seats/0/replace-with-bot"):
        assert player.post(f"/api/drafts/{draft.id}/{action}/").status_code == 403
    assert player.get(f"/api/drafts/{draft.id}/pod/").status_code == 403
    assert host.post(f"/api/drafts/{draft.id}/pause/").json()["status"] == "paused"
    assert host.post(f"/api/drafts/{draft.id}/pause/").status_code == 409
    assert host.post(f"/api/drafts/{draft.id}/resume/").json()["status"] == "running"
    replaced = host.post(f"/api/drafts/{draft.id}/seats/0/replace-with-bot/")
    assert replaced.status_code == 200
    assert replaced.json()["seats"][0]["is_bot"] is True
    assert host.post(f"/api/drafts/{draft.id}/seats/9/replace-with-bot/").status_code == 400
    assert client_for(players[0]).get(f"/api/drafts/{draft.id}/me/").json()["is_bot"] is True


def test_unknown_draft_is_404_and_anonymous_pick_is_401(api_client, client_for, players):
    assert client_for(players[0]).get("/api/drafts/999999/").status_code == 404
    assert api_client.post("/api/drafts/1/picks/", {}, format="json").status_code == 401


def test_create_validates_the_timer_and_game(client_for, organizer):
    host = client_for(organizer)
    assert create(host, pick_timer="soon").json()["errors"]["pick_timer"]
    assert create(host, game="chess").status_code == 400
    assert create(host, pick_timer=45).status_code == 201
    assert Draft.objects.get(timer_seconds=45).timer == "fixed"
    assert Pick.objects.count() == 0


def test_draft_list_is_short_rows_in_a_constant_number_of_queries(
    client_for, make_draft, players, django_assert_max_num_queries
):
    for _ in range(3):
        make_draft(seats=2, start=False)
    client = client_for(players[0])
    with django_assert_max_num_queries(4):
        rows = client.get("/api/drafts/").json()
    assert len(rows) == 3
    assert rows[0]["seats"] == 2
    assert rows[0]["filled_seats"] == 2
