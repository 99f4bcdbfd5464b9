"""Fixtures for the tournaments tests: an organizer, players and events built through the API."""

import pytest


@pytest.fixture
def organizer(make_user):
    return make_user("organizer")


@pytest.fixture
def org_client(client_for, organizer):
    return client_for(organizer)


@pytest.fixture
def make_event(make_user, org_client):
    """make_event(n, **settings) -> (tournament id, [players by registration order]).

    Each entry is a user registered by the organizer, with a seed equal to its order when the
    seeding is manual (the default here).
    """

    def make(n: int, **settings):
        body = {"name": f"Event of {n}", "seeding": "manual", "time_limit_minutes": 50, **settings}
        response = org_client.post("/api/tournaments/", body, format="json")
        assert response.status_code == 201, response.json()
        tournament_id = response.json()["id"]
        players = []
        for i in range(1, n + 1):
            user = make_user()
            response = org_client.post(
                f"/api/tournaments/{tournament_id}/entries/",
                {"user": user.pk, "seed": i} if body["seeding"] == "manual" else {"user": user.pk},
                format="json",
            )
            assert response.status_code == 201, response.json()
            players.append((user, response.json()["id"]))
        return tournament_id, players

    return make
