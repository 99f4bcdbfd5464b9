"""The rating rule and the per-event reading rule (ratings/RULINGS.md R8, issue 34), for every
role, each both outside the event and playing in it (anonymous plays nowhere)."""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.test import APIClient

from gameplay import services as games
from tournaments import services as events
from tournaments.models import Match

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]

ROLES = ("anonymous", "player", "other", "organizer", "other_organizer", "staff")
ORGANIZER = frozenset({"organizer", "staff"})

PLAYS = [
    (role, plays) for role in ROLES for plays in (False, True) if role != "anonymous" or not plays
]


class FairEvent:
    """A running 4-entry event of `organizer`'s, with a live engine game in `a`'s match; the
    role plays in the other match when `plays`, else `c` has that seat."""

    def __init__(self, make_user, role: str, plays: bool):
        names = ("player", "other", "organizer", "other_organizer", "staff")
        self.users = {name: make_user(name, is_staff=name == "staff") for name in names}
        a, b, c, d = (make_user(name) for name in "abcd")
        org = self.users["organizer"]
        # seeds 1-4 meet 1 v 4 and 2 v 3: `a` (1) plays `d`, the role or `c` (2) plays `b`
        seated = [a, self.users[role] if plays else c, b, d]
        self.event = events.tournament_create(
            organizer=org, name="Fair", seeding="manual", best_of=1
        )
        for seed, user in enumerate(seated, 1):
            events.entry_add(tournament=self.event, by_user=org, user_id=user.pk, seed=seed)
        events.tournament_start(tournament=self.event, by_user=org)
        a_entry = self.event.entries.get(user=a).pk
        self.match = Match.objects.get(tournament=self.event, slots__entry=a_entry)
        self.winner = a_entry
        self.live = games.match_game_create(match_id=self.match.pk, by_user=org).pk


def fair_client(world: FairEvent, role: str) -> APIClient:
    client = APIClient()
    if role != "anonymous":
        client.force_authenticate(user=world.users[role])
    return client


@pytest.mark.parametrize(("role", "plays"), PLAYS)
def test_a_result_rates_only_when_decided_by_someone_outside_the_event(role, plays, make_user):
    from ratings.selectors import outcome_of

    # given a match of two other players in a running event
    world = FairEvent(make_user, role, plays)
    # when the role decides it
    decided = fair_client(world, role).post(
        f"/api/matches/{world.match.pk}/decide/", {"winner": world.winner}, format="json"
    )
    # then only the organizer and staff may; the result rates unless the decider plays in the
    # event, which makes the whole event unrated and says so
    world.event.refresh_from_db()
    match = Match.objects.select_related("tournament").get(pk=world.match.pk)
    if role not in ORGANIZER:
        assert decided.status_code in (401, 403), decided.content
        assert match.status != "finished"
        assert world.event.rated
        return
    assert decided.status_code == 200, decided.content
    assert world.event.rated is not plays
    assert (outcome_of(match) is not None) is not plays
    shown = fair_client(world, role).get(f"/api/tournaments/{world.event.pk}/").json()
    assert shown["rated"] is not plays


@pytest.mark.parametrize(("role", "plays"), PLAYS)
def test_a_live_game_of_an_event_is_hidden_from_whoever_plays_in_it(role, plays, make_user):
    # given a live engine game of a match of two other players
    world = FairEvent(make_user, role, plays)
    client = fair_client(world, role)
    # then everyone sees it as a spectator: no seat, no hand, no move
    seen = client.get(f"/api/games/{world.live}/").json()
    assert seen["seat"] is None
    assert seen["legal_actions"] == []
    # and its log (the seed, so every hidden card) is only for the event's organizer or
    # staff, and never while they play in the event
    log = client.get(f"/api/games/{world.live}/log/")
    may_read = role in ORGANIZER and not plays
    assert (log.status_code == 200) is may_read, (role, plays, log.status_code)
    page = Client()
    if role != "anonymous":
        page.force_login(world.users[role])
    replay = page.get(f"/games/{world.live}/replay/")
    assert (replay.status_code == 200) is may_read, (role, plays, replay.status_code)
