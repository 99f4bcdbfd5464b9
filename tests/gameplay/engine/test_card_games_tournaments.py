"""Army, Conventional Combat and Rune Duel as tournaments: `simulate` runs a bot event to the
end, and a timed-out engine game is decided by the time rule through the deadline code."""

from __future__ import annotations

import json
import random
from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import call_command
from django.utils import timezone

from decks.legality import load_builtin
from gameplay import selectors, services
from gameplay.engine import registry
from gameplay.models import GameRecord
from tournaments import services as tournament_services
from tournaments.models import Match, Tournament

pytestmark = pytest.mark.django_db
GAMES = ("army", "conventional-combat", "rune-duel")


@pytest.mark.parametrize("game", GAMES)
def test_simulate_runs_a_bot_tournament_of_the_game_to_the_end(game):
    # when a four-entry, best-of-3 bot tournament of the game is simulated
    out = StringIO()
    call_command("simulate", game, "--tournament", "--entries", "4", "--best-of", "3", stdout=out)
    summary = json.loads(out.getvalue().strip().splitlines()[-2])
    # then it finishes with a champion, every match decided by engine games of that game
    tournament = Tournament.objects.get(pk=summary["tournament"])
    assert (tournament.game, tournament.status) == (game, "finished")
    assert summary["winner"] in {f"Bot {n}" for n in range(1, 5)}
    matches = Match.objects.filter(tournament=tournament)
    assert matches.count() == 3
    assert not matches.filter(winner__isnull=True).exists()
    records = GameRecord.objects.filter(match__tournament=tournament)
    assert set(records.values_list("ruleset", flat=True)) == {game}
    assert set(records.values_list("status", flat=True)) == {"finished"}
    assert records.count() == summary["games"] >= 3 * 2


def _play_until_life_differs(record: GameRecord, seed: int) -> dict:
    """The players post random legal actions through the service until one side is ahead on
    the game's "life" while the game is still running; returns the seat-keyed time facts."""
    rules = registry.get(record.ruleset)
    users = {s.number: s.user for s in selectors.seats_of(record)}
    rng = random.Random(seed)
    for _ in range(2000):
        record = GameRecord.objects.get(pk=record.pk)
        assert record.status == "in_progress", "the game ended before anyone was ahead"
        facts = rules.time_facts(record.state)
        if len(set(facts["life"].values())) > 1:
            return facts
        seat = rules.decision(record.state).seats[0]
        actions = rules.legal_actions(record.state, seat)
        services.game_act(
            game_id=record.pk,
            user=users[seat],
            action=actions[rng.randrange(len(actions))],
            expected_version=record.version,
        )
    raise AssertionError("nobody got ahead in 2,000 actions")


@pytest.mark.parametrize("game", GAMES)
def test_a_timed_out_engine_game_is_decided_by_the_time_rule(game, make_user):
    # given a two-player tournament of the game whose match is being played on the engine
    organizer, alice, bob = make_user(), make_user(), make_user()
    tournament = tournament_services.tournament_create(
        organizer=organizer, name="Timed", game=game, best_of=1, time_limit_minutes=30
    )
    for user in (alice, bob):
        tournament_services.entry_add(tournament=tournament, by_user=organizer, user_id=user.pk)
    tournament_services.tournament_start(tournament=tournament, by_user=organizer)
    match = Match.objects.get(tournament=tournament)
    record = services.match_game_create(match_id=match.pk, by_user=alice)
    # and, mid-game, one side is ahead on the game's life (Army: SP left; Conventional Combat:
    # characters left; Rune Duel: life total)
    facts = _play_until_life_differs(record, seed=7)
    entries = {s.number: s.entry_id for s in selectors.seats_of(record)}
    ahead = max(facts["life"], key=lambda seat: facts["life"][seat])
    # when the match's deadline passes and the deadline code runs
    Match.objects.filter(pk=match.pk).update(deadline=timezone.now() - timedelta(minutes=1))
    assert tournament_services.match_deadline_enforce(match_id=match.pk) is True
    # then the side ahead on life wins the match on time, from the live game
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    assert match.decided_by == Match.DecidedBy.TIME
    assert match.winner_id == entries[int(ahead)]
    recorded = match.games.get(superseded=False)
    assert recorded.winner_id == entries[int(ahead)]


def _event_with_registered_decks(game, deck_format, decks, make_user, client_for):
    """A started two-player event of the game whose entries registered these decks (bodies
    {name, cards: [{name, count}]}, in entry order); returns (organizer, match)."""
    organizer = make_user()
    body = {"name": "Deck Cup", "game": game, "deck_format": deck_format, "best_of": 1}
    event = client_for(organizer).post("/api/tournaments/", body, format="json").json()["id"]
    for deck in decks:
        player = client_for(make_user())
        entry = player.post(f"/api/tournaments/{event}/entries/", {}, format="json").json()
        saved = player.post(
            "/api/decks/", {"game": game, "format": deck_format, **deck}, format="json"
        )
        assert saved.status_code == 201, saved.json()
        registered = player.post(
            f"/api/tournaments/{event}/entries/{entry['id']}/deck/", {"deck": saved.json()["id"]}
        )
        assert registered.status_code == 201, registered.json()
    started = client_for(organizer).post(f"/api/tournaments/{event}/start/")
    assert started.status_code == 200, started.json()
    return organizer, Match.objects.get(tournament_id=event)


def test_a_conventional_combat_event_plays_its_format_and_the_registered_forces(
    make_user, client_for
):
    # given a Quick Duel event whose two entries registered different six-card forces
    set_cards = load_builtin("conventional-combat")["cards"]
    characters = [c["name"] for c in set_cards if c["type"] == "character"]
    actions = [c["name"] for c in set_cards if c["type"] == "action" and c["name"] != "Null"]
    forces = [characters[:3] + actions[:3], characters[3:6] + actions[3:6]]
    decks = [
        {"name": f"Force {n}", "cards": [{"name": c, "count": 1} for c in force]}
        for n, force in enumerate(forces)
    ]
    organizer, match = _event_with_registered_decks(
        "conventional-combat", "quick-duel", decks, make_user, client_for
    )
    # when the match is started on the engine
    record = services.match_game_create(match_id=match.pk, by_user=organizer)
    # then it is a Quick Duel, and each seat holds its own entry's registered force
    state = record.state
    assert state["mode"] == "quick-duel"
    by_entry = {e: set(f) for e, f in zip(_entry_order(match), forces, strict=True)}
    for seat in selectors.seats_of(record):
        hand = {state["cards"][c]["name"] for c in state["players"][str(seat.number)]["hand"]}
        assert hand == by_entry[seat.entry_id]


def _entry_order(match: Match) -> list[int]:
    """Entry ids in the order they entered (the order the decks were registered)."""
    from tournaments.models import Entry

    return list(
        Entry.objects.filter(tournament_id=match.tournament_id)
        .order_by("id")
        .values_list("id", flat=True)
    )


def test_a_rune_duel_event_plays_the_registered_decks(make_user, client_for):
    # given a Constructed event whose entries registered 30-card decks (the starter has 56)
    starter = load_builtin("rune-duel")["decks"][0]["cards"]
    cards, size = [], 0
    for count, name in starter:
        take = min(count, 30 - size)
        if take:
            cards.append({"name": name, "count": take})
            size += take
    decks = [{"name": f"Thirty {n}", "cards": cards} for n in range(2)]
    organizer, match = _event_with_registered_decks(
        "rune-duel", "constructed", decks, make_user, client_for
    )
    # when the match is started on the engine, each seat plays its 30 registered cards
    record = services.match_game_create(match_id=match.pk, by_user=organizer)
    names = {card["name"] for card in record.state["catalogue"]}
    assert names == {c["name"] for c in cards}
    zones = record.state["zones"]["0"]
    assert len(zones["hand"]) + len(zones["deck"]) == 30
