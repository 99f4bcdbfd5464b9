"""Small helpers for driving events through the API in tests."""

from datetime import timedelta

from django.test import Client
from django.utils import timezone

from tournaments.models import Match


def bracket(client, tournament_id: int) -> list[dict]:
    """The bracket's rounds."""
    response = client.get(f"/api/tournaments/{tournament_id}/bracket/")
    assert response.status_code == 200
    return response.json()["rounds"]


def ready_matches(client, tournament_id: int) -> list[dict]:
    """The bracket's matches that both entries can play now."""
    return [
        m
        for r in bracket(client, tournament_id)
        for m in r["matches"]
        if m["status"] in ("ready", "in_progress") and len(m["entries"]) == 2
    ]


def decide(client, match_id: int, winner: int) -> None:
    """The organizer decides a match for `winner` through the API."""
    response = client.post(f"/api/matches/{match_id}/decide/", {"winner": winner}, format="json")
    assert response.status_code == 200, response.json()


def best_seed(match: dict) -> int:
    """The entry id of the match's better (lower) seed."""
    return min(match["entries"], key=lambda e: e["seed"])["id"]


def better_seeds_win(client, rounds: list[dict]) -> None:
    """Decide every match of these rounds for its better seed."""
    for r in rounds:
        for match in r["matches"]:
            decide(client, match["id"], best_seed(match))


def play_out(client, tournament_id: int, winner_of, *, before_round: int = 10**6) -> None:
    """Decide every match (of the rounds before `before_round`) as it becomes ready:
    `winner_of(match)` names the winner."""
    for _ in range(100):
        ready = [m for m in ready_matches(client, tournament_id) if m["round"] < before_round]
        if not ready:
            return
        for match in ready:
            decide(client, match["id"], winner_of(match))


def seeds_of(round_body: dict) -> list[list[int]]:
    """Each match of a round as its entries' seeds."""
    return [[e["seed"] for e in m["entries"]] for m in round_body["matches"]]


def match_with(client, tournament_id: int, round_number: int, seed: int) -> dict:
    """The match of a round where the entry with this seed plays."""
    for m in bracket(client, tournament_id)[round_number - 1]["matches"]:
        if seed in [e["seed"] for e in m["entries"]]:
            return m
    raise AssertionError(f"seed {seed} is not in round {round_number}")


def entry_by_seed(match: dict, seed: int) -> int:
    """The entry id of the seed in a match."""
    return next(e["id"] for e in match["entries"] if e["seed"] == seed)


def sweep_games(winner: int, wins: int = 2) -> dict:
    """A report body where `winner` wins `wins` straight games."""
    return {"games": [{"winner": winner, "life": {}, "first_damage": None}] * wins}


def team_duel(org_client, make_user, mode: str):
    """A started best-of-1 event of two 2-player teams: (match id, [(entry, user a, user b)])."""
    body = {"name": "Pairs", "team_size": 2, "team_mode": mode, "seeding": "manual", "best_of": 1}
    tid = org_client.post("/api/tournaments/", body, format="json").json()["id"]
    teams = []
    for seed in (1, 2):
        a, b = make_user(), make_user()
        response = org_client.post(
            f"/api/tournaments/{tid}/entries/",
            {"name": f"Team {seed}", "members": [a.pk, b.pk], "seed": seed},
            format="json",
        )
        teams.append((response.json()["id"], a, b))
    org_client.post(f"/api/tournaments/{tid}/start/")
    return match_with(org_client, tid, 1, 1)["id"], teams


def make_overdue(match_id: int) -> None:
    """Move a running match's deadline into the past (as if its time ran out)."""
    Match.objects.filter(pk=match_id).update(deadline=timezone.now() - timedelta(seconds=1))


def bulk_event(organizer, n: int, **settings):
    """A started event of n guest entries built with bulk inserts (fast, for big fields)."""
    from tournaments.models import Entry
    from tournaments.services import tournament_create, tournament_start

    tournament = tournament_create(
        organizer=organizer, name=f"Big {n}", seeding="manual", **settings
    )
    Entry.objects.bulk_create(
        [Entry(tournament=tournament, name=f"Guest {i}", seed=i) for i in range(1, n + 1)]
    )
    return tournament_start(tournament=tournament, by_user=organizer)


def signed_in_player_of_seed(tournament, seed: int, user):
    """Make `user` the player of the entry at `seed`; (that entry, a client signed in as them)."""
    from django.test import Client

    from tournaments.models import Entry, EntryMember

    entry = Entry.objects.get(tournament=tournament, seed=seed)
    EntryMember.objects.create(entry=entry, user=user, tournament=tournament)
    client = Client()
    client.force_login(user)
    return entry, client


def logged_in(user) -> Client:
    """A page client signed in as `user`."""
    client = Client()
    client.force_login(user)
    return client


def event_form(name: str, **fields) -> dict:
    """The create form's fields as a person fills them: a Combat bracket of single players,
    randomly seeded, 50 minutes a round; `fields` change or add to them."""
    return {
        "name": name,
        "game": "combat",
        "deck_format": "off-the-top",
        "entries_per_match": 2,
        "team_size": 1,
        "team_mode": "alliance",
        "best_of": "",
        "time_limit_minutes": 50,
        "pairing": "bracket",
        "seeding": "random",
        **fields,
    }


def decide_for_seeds(org_client, tournament_id: int, round_number: int, seeds) -> None:
    """The organizer decides, through the API, each match of the round for the given seed."""
    for seed in seeds:
        match = match_with(org_client, tournament_id, round_number, seed)
        org_client.post(
            f"/api/matches/{match['id']}/decide/",
            {"winner": entry_by_seed(match, seed)},
            format="json",
        )
