"""Kingdom Combat tournament matches on the engine: the registered decks and fortresses are
played, and the bots' result is recorded into the match (PostgreSQL)."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from django.test import Client

from decks.legality import load_builtin
from gameplay import selectors, services
from gameplay.engine.kingdom_combat import cards
from gameplay.models import GameRecord
from tests.gameplay.engine.kingdom_combat.helpers import SQUIRE, STORM_LANCER
from tests.gameplay.playing import bots_play_out
from tournaments import services as tournament_services
from tournaments.models import Match

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]


def _starter(index: int) -> dict:
    deck = load_builtin("kingdom-combat")["decks"][index]
    return {
        "name": deck["name"],
        "fortresses": deck["fortresses"],
        "cards": [{"name": name, "count": count} for count, name in deck["cards"]],
    }


def _guest_event_with_decks(
    organizer, client_for, deck_format: str, decks: list[dict], players=(None, None)
):
    """A started event of two entries with these registered decks: guests (played by bots)
    registered by the organizer, or the given players registering their own."""
    event = tournament_services.tournament_create(
        organizer=organizer,
        name="Kingdom Cup",
        game="kingdom-combat",
        deck_format=deck_format,
        best_of=1,
    )
    entries = []
    for n, (deck, player) in enumerate(zip(decks, players, strict=True)):
        api = client_for(player or organizer)
        named = {"user_id": player.pk} if player else {"name": f"G{n}"}
        entry = tournament_services.entry_add(tournament=event, by_user=organizer, **named)
        saved = api.post(
            "/api/decks/",
            {"game": "kingdom-combat", "format": deck_format, **deck},
            format="json",
        )
        assert saved.status_code == 201, saved.json()
        registered = api.post(
            f"/api/tournaments/{event.pk}/entries/{entry.pk}/deck/", {"deck": saved.json()["id"]}
        )
        assert registered.status_code == 201, registered.json()
        entries.append(entry.pk)
    tournament_services.tournament_start(tournament=event, by_user=organizer)
    return Match.objects.get(tournament=event), entries


def _keys(deck: dict) -> tuple[list[str], Counter]:
    forts = [cards.key_of(name) for name in deck["fortresses"]]
    main = Counter({cards.key_of(c["name"]): c["count"] for c in deck["cards"]})
    return forts, main


def test_a_kingdom_combat_match_plays_the_registered_decks_and_records_the_result(
    make_user, client_for
):
    # given a Constructed event whose two guest entries registered decks the engine would not
    # pick by itself (its default is Ironhold for seat 1, Sylvan for seat 2): Ashen Raid and
    # the dual-faction Iron Forest Alliance
    organizer = make_user()
    decks = [_starter(2), _starter(3)]
    match, entries = _guest_event_with_decks(organizer, client_for, "constructed", decks)
    # when the organizer starts the match on the engine
    record = services.match_game_create(match_id=match.pk, by_user=organizer)
    # then each seat holds its own entry's fortress(es) and exactly its registered cards
    state = record.state
    deck_of = dict(zip(entries, decks, strict=True))
    for seat in selectors.seats_of(record):
        forts, main = _keys(deck_of[seat.entry_id])
        me = state["players"][str(seat.number)]
        assert me["fortress"]["cards"] == forts
        owned = Counter(k for c, k in state["cards"].items() if state["owner"][c] == seat.number)
        assert owned == main
    # when the bots play the match out
    bots_play_out(record)
    # then the game finished and its result is in the match, from the engine
    record.refresh_from_db()
    assert record.status == "finished"
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    assert match.decided_by == Match.DecidedBy.PLAYED
    game = match.games.get(superseded=False)
    assert game.source == "engine"
    won = record.result["winners"]
    winners = [s.entry_id for s in selectors.seats_of(record) if s.number in won]
    assert match.winner_id == game.winner_id == winners[0]


def test_a_kingdom_combat_match_without_locked_decks_is_refused_in_words(make_user):
    # given a running event turned into Kingdom Combat after its start (no deck was locked)
    from config.errors import ServiceError
    from tournaments.models import Tournament

    organizer = make_user()
    event = tournament_services.tournament_create(organizer=organizer, name="KC", best_of=1)
    for name in ("Ann", "Bob"):
        tournament_services.entry_add(tournament=event, by_user=organizer, name=name)
    tournament_services.tournament_start(tournament=event, by_user=organizer)
    Tournament.objects.filter(pk=event.pk).update(game="kingdom-combat", deck_format="constructed")
    match = Match.objects.get(tournament=event)
    # when it is started on the engine, then it is refused, saying to report it by hand
    with pytest.raises(ServiceError) as refused:
        services.match_game_create(match_id=match.pk, by_user=organizer)
    assert refused.value.code == "decks_needed"
    assert "report this match's results by hand" in refused.value.message


def test_a_kingdom_combat_match_page_offers_its_players_to_play_it_on_the_engine(
    make_user, client_for
):
    # given a Constructed event of two users with their own registered decks
    organizer, alice, bob = make_user(), make_user(), make_user()
    match, _entries = _guest_event_with_decks(
        organizer, client_for, "constructed", [_starter(0), _starter(1)], players=(alice, bob)
    )
    page = Client()
    page.force_login(alice)
    # when alice opens her match, then she is offered to play it on the engine
    assert "Play this match on the engine" in page.get(f"/matches/{match.pk}/").content.decode()
    # and clicking it opens the game, seated with her registered deck
    started = page.post(f"/games/match/{match.pk}/start/")
    record = GameRecord.objects.get(match=match)
    assert started.url == f"/games/{record.pk}/"
    mine = next(s for s in selectors.seats_of(record) if s.user_id == alice.pk)
    fortress = record.state["players"][str(mine.number)]["fortress"]["cards"]
    assert fortress == [cards.key_of(_starter(0)["fortresses"][0])]
    assert page.get(started.url).status_code == 200


@pytest.mark.parametrize("deck_format", ["sealed", "draft"])
def test_limited_kingdom_combat_events_pass_the_locked_decks_too(
    make_user, client_for, deck_format
):
    # given the locked decks of a started event, the event being Sealed or Draft (its decks
    # built from pools are locked in the same shape)
    from gameplay.engine import registry
    from gameplay.services.matches import match_options, match_seats
    from tournaments.models import Tournament

    organizer = make_user()
    decks = [_starter(1), _starter(2)]
    match, entries = _guest_event_with_decks(organizer, client_for, "constructed", decks)
    Tournament.objects.filter(pk=match.tournament_id).update(deck_format=deck_format)
    tournament = Tournament.objects.get(pk=match.tournament_id)
    # when the engine options of its match are worked out
    seats = match_seats(match)
    options = match_options(tournament, registry.get("kingdom-combat"), seats)
    # then each seat gets its entry's fortress and cards, as the engine takes them
    deck_of = dict(zip(entries, decks, strict=True))
    for seat, deck in zip(seats, options["decks"], strict=True):
        forts, main = _keys(deck_of[seat["entry"]])
        assert deck["fortresses"] == forts
        assert Counter(dict(deck["cards"])) == main


def test_a_timed_out_kingdom_combat_game_goes_to_the_higher_fortress_hp(make_user, client_for):
    # given a Kingdom Combat match of two users being played on the engine with a time limit
    from datetime import timedelta

    from django.utils import timezone

    from tests.gameplay.engine.test_card_games_tournaments import _play_until_life_differs
    from tournaments.models import Tournament

    organizer, alice, bob = make_user(), make_user(), make_user()
    match, _entries = _guest_event_with_decks(
        organizer, client_for, "constructed", [_starter(0), _starter(2)], players=(alice, bob)
    )
    Tournament.objects.filter(pk=match.tournament_id).update(time_limit_minutes=30)
    record = services.match_game_create(match_id=match.pk, by_user=alice)
    # and, mid-game, one fortress has fewer hit points than the other
    facts = _play_until_life_differs(record, seed=3)
    entries = {s.number: s.entry_id for s in selectors.seats_of(record)}
    ahead = max(facts["life"], key=lambda seat: facts["life"][seat])
    # when the match's deadline passes and the deadline code runs
    Match.objects.filter(pk=match.pk).update(deadline=timezone.now() - timedelta(minutes=1))
    assert tournament_services.match_deadline_enforce(match_id=match.pk) is True
    # then the fortress with more HP wins the match on time, from the live game
    match.refresh_from_db()
    assert match.decided_by == Match.DecidedBy.TIME
    assert match.winner_id == entries[int(ahead)]
    # and the live game is then closed with the match's winner and the HP it had
    from gameplay.services.matches import match_game_close_if_decided

    match_game_close_if_decided(game_id=record.pk)
    record.refresh_from_db()
    assert record.status == "finished"
    assert record.result["life"] == {str(k): v for k, v in facts["life"].items()}


LANCER = {
    **STORM_LANCER,
    "text": "When it enters play, put a Squire token into play at your Fortress, exhausted.",
    "effects": [{"when": "enters", "op": "create_token", "token": "squire", "count": 1}],
}


def test_a_deck_with_cards_of_an_imported_set_plays_on_the_engine(make_user, client_for):
    # given an organizer's imported set, allowed in its event, and a guest deck using it
    organizer = make_user()
    api = client_for(organizer)
    body = {"game": "kingdom-combat", "code": "STORM", "name": "Storm set", "format": "json"}
    content = json.dumps({"cards": [LANCER, SQUIRE]})
    imported = api.post("/api/card-sets/import/", {**body, "content": content}, format="json")
    assert imported.status_code == 201, imported.json()
    event = tournament_services.tournament_create(
        organizer=organizer,
        name="Storm Cup",
        game="kingdom-combat",
        deck_format="constructed",
        best_of=1,
    )
    allowed = api.put(
        f"/api/tournaments/{event.pk}/card-sets/",
        {"card_sets": [imported.json()["id"], *_official_set_ids()]},
        format="json",
    )
    assert allowed.status_code == 200, allowed.json()
    storm = _starter(0)
    first = storm["cards"][0]
    storm["cards"] = [{**first, "count": first["count"] - 3}, *storm["cards"][1:]]
    storm["cards"].append({"name": "Storm Lancer", "count": 3})
    entries = []
    for n, deck in enumerate([storm, _starter(1)]):
        entry = tournament_services.entry_add(tournament=event, by_user=organizer, name=f"G{n}")
        saved = api.post(
            "/api/decks/", {"game": "kingdom-combat", "format": "constructed", **deck}, "json"
        )
        assert saved.status_code == 201, saved.json()
        registered = api.post(
            f"/api/tournaments/{event.pk}/entries/{entry.pk}/deck/", {"deck": saved.json()["id"]}
        )
        assert registered.status_code == 201, registered.json()
        entries.append(entry)
    tournament_services.tournament_start(tournament=event, by_user=organizer)
    match = Match.objects.get(tournament=event)
    # when the match is played on the engine
    record = services.match_game_create(match_id=match.pk, by_user=organizer)
    # then the imported cards (and the token they make) came with the deck that uses them
    state = record.state
    assert set(state["card_data"]) == {"storm-lancer", "squire"}
    lancers = [c for c, k in state["cards"].items() if k == "storm-lancer"]
    assert len(lancers) == 3
    bots_play_out(record)
    record.refresh_from_db()
    assert record.status == "finished"
    # and its result is in the match, from the engine
    game = match.games.get(number=1, superseded=False)
    assert game.source == "engine"


def _official_set_ids() -> list[int]:
    from decks.models import CardSet

    return list(
        CardSet.objects.filter(
            games__slug="kingdom-combat", visibility=CardSet.Visibility.OFFICIAL
        ).values_list("pk", flat=True)
    )
