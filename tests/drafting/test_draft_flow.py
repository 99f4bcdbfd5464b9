"""The whole way through the API: a draft (and a sealed) tournament goes from pods (or pools)
to pools, to validated 30-card decks, to registration, to a started bracket."""

import pytest

from .conftest import draft_to_the_end

pytestmark = pytest.mark.django_db


def tournament_with_players(client_for, organizer, players, deck_format: str) -> int:
    host = client_for(organizer)
    body = {"name": f"{deck_format} night", "game": "combat", "deck_format": deck_format}
    created = host.post("/api/tournaments/", body, format="json")
    assert created.status_code == 201, created.json()
    tournament_id = created.json()["id"]
    for player in players:
        joined = client_for(player).post(f"/api/tournaments/{tournament_id}/entries/")
        assert joined.status_code == 201, joined.json()
    return tournament_id


def build_and_register(client, tournament_id: int, pool_id: int, entry_id: int, fmt: str) -> None:
    """The player builds a 30-card deck from their pool and registers it."""
    pool = client.get(f"/api/pools/{pool_id}/").json()
    cards, left = [], 30
    for row in pool["cards"]:
        count = min(row["count"], left)
        if count:
            cards.append({"name": row["card"]["name"], "count": count})
            left -= count
    deck = client.post(
        "/api/decks/",
        {"game": "combat", "format": fmt, "name": "My deck", "pool": pool_id, "cards": cards},
        format="json",
    )
    assert deck.status_code == 201, deck.json()
    registered = client.post(
        f"/api/tournaments/{tournament_id}/entries/{entry_id}/deck/",
        {"deck": deck.json()["id"]},
        format="json",
    )
    assert registered.status_code == 201, registered.json()


def test_draft_tournament_from_pods_to_a_started_bracket(client_for, organizer, players):
    # given a Combat draft tournament with four players, split into one pod
    tournament_id = tournament_with_players(client_for, organizer, players[:4], "draft")
    host = client_for(organizer)
    pods = host.post(
        "/api/drafts/", {"game": "combat", "tournament": tournament_id}, format="json"
    ).json()["pods"]
    assert len(pods) == 1
    pod_id = pods[0]["id"]
    # the tournament cannot start before the decks are registered
    assert host.post(f"/api/tournaments/{tournament_id}/start/").status_code == 400
    # when the pod is drafted to the end
    assert host.post(f"/api/drafts/{pod_id}/start/").status_code == 200
    draft_to_the_end(pod_id, players[:4])
    # then each player builds a deck from their picks and registers it
    for player in players[:4]:
        client = client_for(player)
        me = client.get(f"/api/drafts/{pod_id}/me/").json()
        seat = next(s for s in pods[0]["seats"] if s["player_id"] == player.id)
        build_and_register(client, tournament_id, me["pool"], seat["entry"], "draft")
    # and the organizer starts the bracket
    started = host.post(f"/api/tournaments/{tournament_id}/start/")
    assert started.status_code == 200, started.json()
    bracket = host.get(f"/api/tournaments/{tournament_id}/bracket/").json()
    assert len(bracket["rounds"][0]["matches"]) == 2


def test_sealed_tournament_from_pools_to_a_started_bracket(client_for, organizer, players):
    tournament_id = tournament_with_players(client_for, organizer, players[:2], "sealed")
    host = client_for(organizer)
    pools = host.post(f"/api/tournaments/{tournament_id}/sealed-pools/", {}, format="json")
    assert pools.status_code == 201, pools.json()
    for ref in pools.json():
        player = next(p for p in players if p.id == ref["user"])
        build_and_register(client_for(player), tournament_id, ref["id"], ref["entry"], "sealed")
    started = host.post(f"/api/tournaments/{tournament_id}/start/")
    assert started.status_code == 200, started.json()
