"""Engine games of tournament matches: seating, results into the bracket, the time rule."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from config.errors import Conflict, NotAllowed
from gameplay import selectors, services
from gameplay.models import GameRecord
from tournaments import services as tournament_services
from tournaments.models import Match

pytestmark = pytest.mark.django_db


def _tournament(organizer, *, guests=(), users=(), best_of=1):
    tournament = tournament_services.tournament_create(
        organizer=organizer, name="Cup", best_of=best_of, time_limit_minutes=50
    )
    for name in guests:
        tournament_services.entry_add(tournament=tournament, by_user=organizer, name=name)
    for user in users:
        tournament_services.entry_add(tournament=tournament, by_user=organizer, user_id=user.pk)
    return tournament_services.tournament_start(tournament=tournament, by_user=organizer)


def _play_out(game_id: int) -> None:
    while GameRecord.objects.get(pk=game_id).status == "in_progress":
        services.game_bots_play(game_id=game_id)


def test_bot_matches_record_results_and_advance_the_bracket(make_user):
    # given a 4-guest bracket, best of 3 (guests are played by bots)
    organizer = make_user()
    tournament = _tournament(organizer, guests=["Ann", "Bob", "Cid", "Dee"], best_of=3)
    first_round = list(Match.objects.filter(tournament=tournament, round__number=1))
    # when the organizer starts each first-round match on the engine and the bots play it out
    for match in first_round:
        game = services.match_game_create(match_id=match.pk, by_user=organizer)
        assert [s.entry_id for s in selectors.seats_of(game)] == [
            s.entry_id for s in match.slots.order_by("slot")
        ]
        for _ in range(5):  # at most 3 games; each next game starts by itself
            live = GameRecord.objects.filter(match=match, status="in_progress").first()
            if live is None:
                break
            _play_out(live.pk)
        match.refresh_from_db()
        # then the match finished by play, its games recorded from the engine
        assert match.status == Match.Status.FINISHED
        assert match.decided_by == Match.DecidedBy.PLAYED
        games = list(match.games.filter(superseded=False))
        assert 2 <= len(games) <= 3
        assert all(g.source == "engine" for g in games)
        assert sorted(GameRecord.objects.filter(match=match).values_list("game_number", flat=True))
    # and the final now holds both winners
    final = Match.objects.get(tournament=tournament, round__number=2)
    winners = {m.winner_id for m in Match.objects.filter(tournament=tournament, round__number=1)}
    assert set(final.slots.values_list("entry_id", flat=True)) == winners


def test_match_game_needs_a_player_or_the_organizer_and_one_game_at_a_time(make_user):
    organizer, alice, bob = make_user(), make_user(), make_user()
    tournament = _tournament(organizer, users=[alice, bob])
    match = Match.objects.get(tournament=tournament, round__number=1)
    with pytest.raises(NotAllowed):
        services.match_game_create(match_id=match.pk, by_user=make_user())
    game = services.match_game_create(match_id=match.pk, by_user=alice)
    users = {s.user_id for s in selectors.seats_of(game)}
    assert users == {alice.pk, bob.pk}
    assert game.game_number == 1
    with pytest.raises(Conflict):
        services.match_game_create(match_id=match.pk, by_user=bob)


def test_live_game_time_facts_and_the_time_rule_decide_from_life(make_user):
    # given a match between two users with a game in progress where seat 1 has lost 5 life
    organizer, alice, bob = make_user(), make_user(), make_user()
    tournament = _tournament(organizer, users=[alice, bob])
    match = Match.objects.get(tournament=tournament, round__number=1)
    game = services.match_game_create(match_id=match.pk, by_user=organizer)
    state = game.state
    state["life"]["1"] -= 5
    state["damage_taken"]["1"] += 5
    state["first_damage"] = 0
    GameRecord.objects.filter(pk=game.pk).update(state=state)
    entries = {s.number: s.entry_id for s in selectors.seats_of(game)}
    # then the live facts are keyed by entry
    facts = selectors.live_game_time_facts(match_id=match.pk)
    assert facts == {"life": {entries[0]: 20, entries[1]: 15}, "first_damage": entries[0]}
    assert selectors.live_game_time_facts(match_id=match.pk + 1000) is None
    # when the match's time runs out, the tournaments time rule uses them
    Match.objects.filter(pk=match.pk).update(deadline=timezone.now() - timedelta(minutes=1))
    assert tournament_services.match_deadline_enforce(match_id=match.pk) is True
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    assert match.winner_id == entries[0]
    assert match.decided_by == Match.DecidedBy.TIME
    # and the live game ends with the match: a further move is refused, the game is finished
    seat_of = {s.user_id: s.number for s in selectors.seats_of(game)}
    mover = alice if seat_of[alice.pk] in game.state["units"][game.state["turn"]["unit"]] else bob
    with pytest.raises(Conflict, match="over"):
        services.game_act(game_id=game.pk, user=mover, action={"type": "end"}, expected_version=0)
    game.refresh_from_db()
    assert game.status == "finished"
    assert game.result["winners"] == [0]
    assert game.result["life"] == {"0": 20, "1": 15}
    assert game.result["facts"]["reason"] == "the match was decided (time)"


def test_api_starts_match_games_by_both_paths(make_user, client_for):
    organizer, alice, bob = make_user(), make_user(), make_user()
    tournament = _tournament(organizer, users=[alice, bob], best_of=3)
    match = Match.objects.get(tournament=tournament, round__number=1)
    # POST /api/matches/{id}/games/ by a player seats the match's entries
    first = client_for(alice).post(f"/api/matches/{match.pk}/games/")
    assert first.status_code == 201
    body = first.json()
    assert {s["user"] for s in body["seats"]} == {alice.pk, bob.pk}
    assert body["match"] == match.pk
    assert body["game_number"] == 1
    # a second live game is refused (409); a stranger is refused (403)
    assert client_for(bob).post(f"/api/matches/{match.pk}/games/").status_code == 409
    assert client_for(make_user()).post(f"/api/matches/{match.pk}/games/").status_code == 403
    # POST /api/games/ with a match id is the same flow
    GameRecord.objects.filter(pk=body["id"]).delete()
    second = client_for(bob).post("/api/games/", {"match": match.pk}, format="json")
    assert second.status_code == 201
    assert second.json()["match"] == match.pk


def test_two_players_play_their_match_through_the_api_and_the_result_counts(make_user, client_for):
    # given a two-player final, best of 1
    organizer, alice, bob = make_user(), make_user(), make_user()
    tournament = _tournament(organizer, users=[alice, bob], best_of=1)
    match = Match.objects.get(tournament=tournament, round__number=1)
    clients = {alice.pk: client_for(alice), bob.pk: client_for(bob)}
    game = clients[alice.pk].post(f"/api/matches/{match.pk}/games/").json()
    seat_user = {s["seat"]: s["user"] for s in game["seats"]}
    # when both play the first legal action whenever it is their turn
    for _ in range(3000):
        if game["status"] == "finished":
            break
        client = clients[seat_user[game["to_act"][0]]]
        game = client.get(f"/api/games/{game['id']}/").json()
        response = client.post(
            f"/api/games/{game['id']}/actions/",
            {"action": game["legal_actions"][0], "version": game["version"]},
            format="json",
        )
        assert response.status_code == 200
        game = response.json()
    # then the game's result finished the match and the tournament
    assert game["status"] == "finished"
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    entry_of = {s["seat"]: s["entry"] for s in game["seats"]}
    winner_entry = entry_of[game["result"]["winners"][0]]
    assert match.winner_id == winner_entry
    # the match recorded the game with no confirmation: winner, life totals, first damage
    recorded = match.games.get(number=1)
    assert recorded.source == "engine"
    assert recorded.winner_id == winner_entry
    life = {str(entry_of[int(seat)]): value for seat, value in game["result"]["life"].items()}
    assert recorded.life == life
    assert recorded.first_damage_id == entry_of[game["result"]["first_damage"]]
    tournament.refresh_from_db()
    assert tournament.status == "finished"


@pytest.mark.parametrize(("mode", "team_life"), [("as-one", 30), ("alliance", 40)])
def test_team_matches_seat_members_apart_and_report_team_life(make_user, mode, team_life):
    # given a team event (two teams of two) in this team mode
    organizer = make_user()
    players = [make_user() for _ in range(4)]
    tournament = tournament_services.tournament_create(
        organizer=organizer, name="Teams", team_size=2, team_mode=mode, best_of=1
    )
    for pair in (players[:2], players[2:]):
        tournament_services.entry_add(
            tournament=tournament,
            by_user=organizer,
            name=f"Team {pair[0].pk}",
            member_ids=[p.pk for p in pair],
        )
    tournament_services.tournament_start(tournament=tournament, by_user=organizer)
    match = Match.objects.get(tournament=tournament, round__number=1)
    # when its game starts
    game = services.match_game_create(match_id=match.pk, by_user=organizer)
    seats = selectors.seats_of(game)
    # then teammates sit apart (A B A B) and play as a team on the engine
    assert [s.entry_id for s in seats][:2] == [s.entry_id for s in seats][2:]
    assert game.options["teams"] == mode
    facts = selectors.live_game_time_facts(match_id=match.pk)
    assert sorted(facts["life"].values()) == [team_life, team_life]


def test_match_game_organizer_sees_the_public_view_and_the_log_players_wait(make_user, client_for):
    # given a live game of a match between two users
    organizer, alice, bob = make_user(), make_user(), make_user()
    tournament = _tournament(organizer, users=[alice, bob])
    match = Match.objects.get(tournament=tournament, round__number=1)
    game = services.match_game_create(match_id=match.pk, by_user=alice)
    # the organizer gets the public view: every hand as a count, no moves to make
    public = client_for(organizer).get(f"/api/games/{game.pk}/").json()
    assert public["seat"] is None
    assert public["legal_actions"] == []
    assert all(isinstance(n, int) for n in public["view"]["hands"].values())
    # a player sees its own hand only
    mine = client_for(alice).get(f"/api/games/{game.pk}/").json()
    own = str(mine["seat"])
    assert isinstance(mine["view"]["hands"][own], list)
    assert all(isinstance(n, int) for k, n in mine["view"]["hands"].items() if k != own)
    # the log (its seed reveals every shuffle) is the organizer's until the game is over
    assert client_for(alice).get(f"/api/games/{game.pk}/log/").status_code == 403
    log = client_for(organizer).get(f"/api/games/{game.pk}/log/")
    assert log.status_code == 200
    assert log.json()["seed"] == game.seed


def test_an_organizer_who_plays_sees_other_games_of_the_event_as_a_spectator(make_user, client_for):
    # given an organizer who plays in their own 4-player event, and a live game of the
    # other first-round match (not theirs)
    olga, alice, bob, cid = make_user(), make_user(), make_user(), make_user()
    tournament = _tournament(olga, users=[olga, alice, bob, cid])
    others = [
        m
        for m in Match.objects.filter(tournament=tournament, round__number=1)
        if not m.slots.filter(entry__user=olga).exists()
    ]
    game = services.match_game_create(match_id=others[0].pk, by_user=olga)
    # then she sees it only as a spectator: no log (its seed), no replay, no hand
    log = client_for(olga).get(f"/api/games/{game.pk}/log/")
    assert log.status_code == 403
    assert log.json()["code"] == "game_in_progress"
    public = client_for(olga).get(f"/api/games/{game.pk}/").json()
    assert public["seat"] is None
    assert all(isinstance(n, int) for n in public["view"]["hands"].values())
    page = Client()
    page.force_login(olga)
    assert page.get(f"/games/{game.pk}/replay/").status_code == 302
    # and once the game is over its log is public
    GameRecord.objects.filter(pk=game.pk).update(status="finished", result={"winner": 0})
    assert client_for(olga).get(f"/api/games/{game.pk}/log/").status_code == 200


def test_game_detail_query_count_does_not_grow_with_seats_or_moves(
    make_user, client_for, django_assert_max_num_queries
):
    # given a short two-player bot game and a six-player bot game further on
    user = make_user()
    client = client_for(user)
    small = services.game_create(
        ruleset="combat", seats=[{"bot": "random"}] * 2, seed=1, created_by=user
    )
    big = services.game_create(
        ruleset="combat", seats=[{"bot": "random"}] * 6, seed=1, created_by=user
    )
    services.game_bot_step(game_id=big.pk, max_actions=60)
    # then reading either costs the same handful of queries
    with django_assert_max_num_queries(6) as small_queries:
        assert client.get(f"/api/games/{small.pk}/").status_code == 200
    with django_assert_max_num_queries(len(small_queries)):
        assert client.get(f"/api/games/{big.pk}/").status_code == 200


def _off_the_engine(monkeypatch, slug: str) -> None:
    """Declare the game as not played on the engine, for this test (every game is today)."""
    import dataclasses

    from games import declarations

    game = declarations.get(slug)
    off = dataclasses.replace(
        game, play=None, engine_note=f"The engine does not play {game.name} here."
    )
    monkeypatch.setitem(declarations._BY_SLUG, slug, off)


def test_play_on_the_engine_is_offered_only_for_games_the_engine_plays(
    client, make_user, monkeypatch
):
    # given two users in a running Combat event, then the event turned out to be Kingdom Combat
    from django.test import Client

    from tournaments import services as tournament_services
    from tournaments.models import Tournament

    organizer, alice, bob = make_user("org"), make_user("alice"), make_user("bob")
    event = tournament_services.tournament_create(organizer=organizer, name="Cup", best_of=1)
    for user in (alice, bob):
        tournament_services.entry_add(tournament=event, by_user=organizer, user_id=user.pk)
    tournament_services.tournament_start(tournament=event, by_user=organizer)
    page = Client()
    page.force_login(alice)
    assert "Play on the engine" in page.get("/games/").content.decode()
    Tournament.objects.filter(pk=event.pk).update(game="kingdom-combat")
    # when alice opens her games, then Kingdom Combat (on the engine) offers it too
    html = page.get("/games/").content.decode()
    assert "Play on the engine" in html
    assert "Kingdom Combat" in html
    # but a game the declaration says the engine does not play offers no engine button
    _off_the_engine(monkeypatch, "kingdom-combat")
    html = page.get("/games/").content.decode()
    assert "Play on the engine" not in html
    assert "Kingdom Combat" in html


def test_a_game_the_engine_does_not_play_is_refused_in_its_own_words(make_user, monkeypatch):
    # given a running event whose game the declaration says the engine does not play
    from config.errors import ServiceError
    from tournaments import services as tournament_services
    from tournaments.models import Match, Tournament

    organizer, alice, bob = make_user("org2"), make_user("alice2"), make_user("bob2")
    event = tournament_services.tournament_create(organizer=organizer, name="KC", best_of=1)
    for user in (alice, bob):
        tournament_services.entry_add(tournament=event, by_user=organizer, user_id=user.pk)
    tournament_services.tournament_start(tournament=event, by_user=organizer)
    Tournament.objects.filter(pk=event.pk).update(game="kingdom-combat")
    _off_the_engine(monkeypatch, "kingdom-combat")
    match = Match.objects.get(tournament=event)
    # when a player asks to play it on the engine, then the refusal names the game, not a slug
    with pytest.raises(ServiceError) as refused:
        services.match_game_create(match_id=match.pk, by_user=alice)
    assert refused.value.code == "not_on_engine"
    assert "Kingdom Combat" in refused.value.message
    assert "kingdom-combat" not in refused.value.message
