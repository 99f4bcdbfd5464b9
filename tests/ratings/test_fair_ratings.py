"""Ratings nobody can farm (ratings/RULINGS.md R8, R9), on PostgreSQL: a match rates only when
both sides agreed its result, the engine played it, or someone outside it entered it; an event
whose organizer plays in it and decides results is unrated and says so; seeding by rating
reads only established ratings. The sock-puppet event of issue 34, end to end."""

import pytest
from django.test import Client

from ratings import tasks
from ratings.models import RatedMatch, Rating
from ratings.rules import DEFAULT_MU
from tournaments.models import Match, Tournament
from tournaments.services import (
    entry_add,
    match_decide,
    match_result_confirm,
    match_result_report,
    match_time_call,
    match_time_enter,
    tournament_create,
    tournament_start,
)

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def event(organizer, users, **settings) -> Tournament:
    settings = {"name": "Local", "seeding": "manual", "best_of": 1, **settings}
    tournament = tournament_create(organizer=organizer, **settings)
    for seed, user in enumerate(users, 1):
        entry_add(tournament=tournament, by_user=organizer, user_id=user.pk, seed=seed)
    return tournament_start(tournament=tournament, by_user=organizer)


def entry(tournament, user) -> int:
    return tournament.entries.get(user=user).pk


def one_game(winner: int) -> list[dict]:
    return [{"winner": winner}]


def round_one(tournament) -> list[Match]:
    return list(Match.objects.filter(tournament=tournament, round__number=1).order_by("index"))


def established(user, mu: float, game: str = "combat") -> None:
    """A rating with many matches behind it (sigma below R9's 6.5)."""
    Rating.objects.update_or_create(
        user=user, game=game, defaults={"mu": mu, "sigma": 4.0, "matches": 40}
    )


def test_the_sock_puppet_event_rates_nobody_and_seeds_nobody_first(make_user):
    # given mallory's own event: himself and three fresh accounts, started
    mallory = make_user("mallory")
    puppets = [make_user(f"puppet{n}") for n in range(3)]
    mine = event(mallory, [mallory, *puppets], name="Mallory's cup")
    (his, theirs) = round_one(mine)
    web = Client()
    web.force_login(mallory)
    # when he decides his own match "as organizer" through the API and the other by ruling
    api = web.post(
        f"/api/matches/{his.pk}/report/",
        {"games": one_game(entry(mine, mallory)), "as_organizer": True},
        content_type="application/json",
    )
    assert api.status_code == 200, api.content
    match_decide(match=theirs, by_user=mallory, winner_id=entry(mine, puppets[1]))
    (final,) = Match.objects.filter(tournament=mine, round__number=2)
    match_decide(match=final, by_user=mallory, winner_id=entry(mine, mallory))
    # and the ratings sweep runs (every finished match, as the worker would)
    tasks.ratings_sweep()
    # then nobody in that event is rated, and the event says it is unrated (page and API)
    mine.refresh_from_db()
    assert mine.rated is False
    assert not Rating.objects.filter(user__in=[mallory, *puppets]).exists()
    assert RatedMatch.objects.filter(match__tournament=mine).exclude(players=[]).count() == 0
    assert web.get(f"/api/tournaments/{mine.pk}/").json()["rated"] is False
    page = web.get(f"/tournaments/{mine.pk}/").content.decode()
    assert 'id="unrated-why"' in page
    assert "unrated" in page

    # when another organizer's event is seeded by rating with him and two established players
    other = make_user("fair-organizer")
    ann, ben = make_user("ann"), make_user("ben")
    established(ann, 30.0)
    established(ben, 27.0)
    seeded = tournament_create(organizer=other, name="Open", seeding="rating", best_of=1)
    for user in (mallory, ben, ann):
        entry_add(tournament=seeded, by_user=other, user_id=user.pk)
    tournament_start(tournament=seeded, by_user=other)
    # then the established players are seeded first and he comes after them
    assert [e.user.username for e in seeded.entries.order_by("seed")] == ["ann", "ben", "mallory"]


def test_a_confirmed_sock_puppet_event_rates_but_does_not_seed_first(make_user):
    # given mallory reports his wins and confirms them from his puppets' accounts
    mallory = make_user("mallory")
    puppets = [make_user(f"puppet{n}") for n in range(3)]
    mine = event(mallory, [mallory, *puppets])
    for match in round_one(mine):
        users = [slot.entry.user for slot in match.slots.select_related("entry__user")]
        winner = mallory if mallory in users else users[0]
        (loser,) = [user for user in users if user != winner]
        match_result_report(match=match, by_user=winner, games=one_game(entry(mine, winner)))
        match_result_confirm(match=match, by_user=loser)
    (final,) = Match.objects.filter(tournament=mine, round__number=2)
    (finalist,) = [
        s.entry.user for s in final.slots.select_related("entry__user") if s.entry.user != mallory
    ]
    match_result_report(match=final, by_user=mallory, games=one_game(entry(mine, mallory)))
    match_result_confirm(match=final, by_user=finalist)
    tasks.ratings_sweep()
    # then the agreed results rate (R8) and the event stays rated
    mine.refresh_from_db()
    assert mine.rated is True
    rating = Rating.objects.get(user=mallory, game="combat")
    assert rating.mu > DEFAULT_MU
    # but two farmed wins do not establish a rating: seeding puts him after an established
    # player whose conservative rating is lower than his (R9)
    ann = make_user("ann")
    established(ann, 12.0 + 3 * 4.0)  # ordinal 12
    assert rating.ordinal < 12 or rating.sigma > 6.5
    other = make_user("fair-organizer")
    seeded = tournament_create(organizer=other, name="Open", seeding="rating", best_of=1)
    for user in (mallory, ann):
        entry_add(tournament=seeded, by_user=other, user_id=user.pk)
    tournament_start(tournament=seeded, by_user=other)
    assert [e.user.username for e in seeded.entries.order_by("seed")] == ["ann", "mallory"]


def test_an_organizer_who_plays_and_only_reports_keeps_the_event_rated(make_user):
    # given an organizer who plays in their own event, and reports like any player
    olga, pat = make_user("olga"), make_user("pat")
    tournament = event(olga, [olga, pat])
    (match,) = round_one(tournament)
    page = Client()
    page.force_login(olga)
    assert 'id="unrated-warning"' in page.get(f"/tournaments/{tournament.pk}/").content.decode()
    # when pat confirms olga's report
    match_result_report(match=match, by_user=olga, games=one_game(entry(tournament, olga)))
    match_result_confirm(match=match, by_user=pat)
    tasks.ratings_sweep()
    # then both are rated and the event stays rated
    tournament.refresh_from_db()
    assert tournament.rated is True
    assert Rating.objects.filter(user__in=[olga, pat]).count() == 2


def test_a_rated_event_becomes_unrated_when_its_playing_organizer_decides(make_user):
    # given a rated match already in the ratings (confirmed by both sides)
    olga = make_user("olga")
    players = [make_user() for _ in range(3)]
    tournament = event(olga, [olga, *players])
    first, second = round_one(tournament)
    one, other = [slot.entry.user for slot in second.slots.select_related("entry__user")]
    match_result_report(match=second, by_user=one, games=one_game(entry(tournament, one)))
    match_result_confirm(match=second, by_user=other)
    tasks.ratings_sweep()
    assert Rating.objects.filter(user__in=[one, other]).count() == 2
    # when olga (who plays) decides her own match by ruling
    match_decide(match=first, by_user=olga, winner_id=entry(tournament, olga))
    tasks.tournament_unrate(tournament.pk)
    tasks.ratings_sweep()
    # then the event is unrated, and the ratings forget its match rated before
    tournament.refresh_from_db()
    assert tournament.rated is False
    assert not Rating.objects.filter(user__in=[olga, *players]).exists()
    assert tasks.tournament_unrate(tournament.pk) == 0  # idempotent


def test_an_organizer_outside_the_event_decides_a_rated_result(make_user):
    # given an event whose organizer does not play
    olga, pat, quin = make_user("olga"), make_user("pat"), make_user("quin")
    tournament = event(olga, [pat, quin])
    (match,) = round_one(tournament)
    # when she decides it, then it rates both players and the event stays rated
    match_decide(match=match, by_user=olga, winner_id=entry(tournament, pat))
    tasks.ratings_sweep()
    tournament.refresh_from_db()
    assert tournament.rated is True
    assert Rating.objects.filter(user__in=[pat, quin]).count() == 2
    page = Client()
    page.force_login(olga)
    body = page.get(f"/tournaments/{tournament.pk}/").content.decode()
    assert 'id="unrated-why"' not in body
    assert 'id="unrated-warning"' not in body


def test_life_totals_at_time_entered_by_one_player_alone_rate_nobody(make_user):
    # given a table match whose time is called
    olga, pat, quin = make_user("olga"), make_user("pat"), make_user("quin")
    tournament = event(olga, [pat, quin], time_limit_minutes=30)
    (match,) = round_one(tournament)
    Match.objects.filter(pk=match.pk).update(status="in_progress")
    match_time_call(match=match, by_user=olga)
    # when pat alone enters the totals that make him the winner
    life = {str(entry(tournament, pat)): 20, str(entry(tournament, quin)): 1}
    match_time_enter(match=match, by_user=pat, life=life, first_damage=None)
    tasks.ratings_sweep()
    # then the match counts for the event but rates nobody (one side's word, R8)
    match.refresh_from_db()
    assert match.status == "finished"
    assert match.winner_id == entry(tournament, pat)
    assert not Rating.objects.filter(user__in=[pat, quin]).exists()
    tournament.refresh_from_db()
    assert tournament.rated is True
