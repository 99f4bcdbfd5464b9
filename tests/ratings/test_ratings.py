"""The ratings app on PostgreSQL: finished matches between registered players rate them per
game (after the commit, by a task), byes, forfeits and guests rate nobody, a correction gives
the ratings of the right result entered first, the player page and API, seeding by rating
(ratings/RULINGS.md R1-R7): team matches rate each team as one side, and each change is kept
in the rating history, rebuilt with a correction."""

import io
import logging

import pytest
from django.core.management import call_command
from django.test import Client

from ratings import services, tasks
from ratings.models import RatedMatch, Rating, RatingChange
from ratings.rules import Outcome, Skill, replay_with_history
from tournaments.models import Match
from tournaments.services import (
    entry_add,
    entry_drop,
    match_decide,
    tournament_create,
    tournament_start,
)

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def started(organizer, users, **settings):
    tournament = tournament_create(
        organizer=organizer, name="Rated", seeding="manual", best_of=1, **settings
    )
    for seed, user in enumerate(users, 1):
        entry_add(tournament=tournament, by_user=organizer, user_id=user.pk, seed=seed)
    return tournament_start(tournament=tournament, by_user=organizer)


def user_of(entry_id, users, tournament) -> int:
    return tournament.entries.get(pk=entry_id).user_id


def rate_all(tournament) -> None:
    """What the worker does: run the task for every finished match, in the order finished."""
    for match in Match.objects.filter(tournament=tournament, status="finished").order_by(
        "finished_at", "pk"
    ):
        tasks.match_rate(match.pk)


def ratings(game="combat") -> dict[int, tuple[float, float, int]]:
    return {
        r.user_id: (round(r.mu, 9), round(r.sigma, 9), r.matches)
        for r in Rating.objects.filter(game=game)
    }


@pytest.fixture
def queued(monkeypatch):
    """The rating tasks queued, as (task name, args, countdown); nothing queued before."""
    from config import enqueue

    sent = []
    monkeypatch.setattr(enqueue, "_BATCHED_RUNS_AT", {})
    monkeypatch.setattr(
        tasks.game_rate_new,
        "apply_async",
        lambda args, countdown: sent.append(("game_rate_new", tuple(args), countdown)),
    )
    monkeypatch.setattr(
        tasks.match_rate, "delay", lambda match_id: sent.append(("match_rate", (match_id,), 0))
    )
    return sent


def test_a_finished_match_is_rated_after_its_commit(organizer, make_user, queued):
    # given a 2-player event
    a, b = make_user(), make_user()
    tournament = started(organizer, [a, b])
    (match,) = Match.objects.filter(tournament=tournament)
    # when the organizer decides it for b
    winner = tournament.entries.get(user=b).pk
    match_decide(match=match, by_user=organizer, winner_id=winner)
    # then the game's rating task was queued after the commit, to run a second later, and
    # running it rates both players
    assert queued == [("game_rate_new", ("combat",), 1.0)]
    assert tasks.game_rate_new("combat") == 1
    rows = ratings()
    assert rows[b.pk][0] > 25 > rows[a.pk][0]
    assert rows[a.pk][2] == rows[b.pk][2] == 1
    # and running it again changes nothing (idempotent)
    assert tasks.game_rate_new("combat") == 0
    assert tasks.match_rate(match.pk) is False
    # and a correction queues the corrected match's own task
    match_decide(match=match, by_user=organizer, winner_id=tournament.entries.get(user=a).pk)
    assert queued[-1] == ("match_rate", (match.pk,), 0)
    assert tasks.match_rate(match.pk) is True
    assert ratings()[a.pk][0] > 25 > ratings()[b.pk][0]


def test_the_results_of_one_second_share_one_task_that_rates_them_all(
    organizer, make_user, queued, monkeypatch
):
    # given two events of one game, with four matches between players
    users = [make_user() for _ in range(8)]
    first, second = started(organizer, users[:4]), started(organizer, users[4:])
    matches = list(Match.objects.filter(tournament__in=[first, second], round__number=1))
    clock = [1000.0]
    monkeypatch.setattr("config.enqueue.time.time", lambda: clock[0])
    # when three finish within half a second of each other
    for match in matches[:3]:
        match_decide(match=match, by_user=organizer, winner_id=match.slots.first().entry_id)
        clock[0] += 0.2
    # then one task was queued for all three; the fourth, later, queues another
    assert queued == [("game_rate_new", ("combat",), 1.0)]
    clock[0] += 0.3
    last = matches[3]
    match_decide(match=last, by_user=organizer, winner_id=last.slots.first().entry_id)
    assert len(queued) == 2
    # and one run rates every new result of the game, in the order they finished
    assert tasks.game_rate_new("combat") == 4
    assert RatedMatch.objects.count() == 4
    assert all(Rating.objects.get(user=user).matches == 1 for user in users)


def test_a_result_while_the_broker_is_down_is_queued_by_the_next_and_swept(
    organizer, make_user, queued, monkeypatch, caplog
):
    # given two matches and a broker that refuses the first message
    from kombu.exceptions import OperationalError

    users = [make_user() for _ in range(4)]
    tournament = started(organizer, users)
    first, second = Match.objects.filter(tournament=tournament, round__number=1)

    def refuse(args, countdown):
        raise OperationalError("Connection refused.")

    monkeypatch.setattr(tasks.game_rate_new, "apply_async", refuse)
    # when the first finishes, then (the broker back) the second
    with caplog.at_level(logging.ERROR, logger="config.enqueue"):
        match_decide(match=first, by_user=organizer, winner_id=first.slots.first().entry_id)
    assert "the periodic sweep will catch up" in caplog.text
    monkeypatch.setattr(
        tasks.game_rate_new,
        "apply_async",
        lambda args, countdown: queued.append(("game_rate_new", tuple(args), countdown)),
    )
    match_decide(match=second, by_user=organizer, winner_id=second.slots.first().entry_id)
    # then the second result queued the task the first could not, and both are rated by it
    assert queued == [("game_rate_new", ("combat",), 1.0)]
    assert tasks.game_rate_new("combat") == 2
    # and the sweep finds nothing left
    assert tasks.ratings_sweep() == 0


def test_byes_forfeits_and_guests_rate_nobody(organizer, make_user):
    # given 3 players and a guest: a bye for seed 1, seeds 2 v 3 (4 is the guest)
    users = [make_user() for _ in range(3)]
    tournament = tournament_create(organizer=organizer, name="Mixed", seeding="manual", best_of=1)
    for seed, user in enumerate(users, 1):
        entry_add(tournament=tournament, by_user=organizer, user_id=user.pk, seed=seed)
    entry_add(tournament=tournament, by_user=organizer, name="Guest", seed=4)
    tournament_start(tournament=tournament, by_user=organizer)
    # seeds 1 v 4 (a guest) and 2 v 3; seed 3 drops (forfeits)
    third = tournament.entries.get(seed=3)
    entry_drop(entry=third, by_user=organizer)
    guest_match = Match.objects.get(tournament=tournament, round__number=1, index=0)
    match_decide(match=guest_match, by_user=organizer, winner_id=tournament.entries.get(seed=1).pk)
    rate_all(tournament)
    # then nobody is rated: one match had a guest, the other was a forfeit (R1, R3)
    assert Rating.objects.count() == 0
    assert RatedMatch.objects.filter(players=[]).count() == 2


def test_a_correction_gives_the_ratings_of_the_right_result_entered_first(organizer, make_user):
    # given 8 players; round 1 is decided with one wrong result, rated, then round 2 too
    users = [make_user() for _ in range(8)]
    tournament = started(organizer, users, structure="swiss", swiss_rounds=3)
    first = list(Match.objects.filter(tournament=tournament, round__number=1).order_by("index"))

    def slots(match):
        return list(match.slots.order_by("slot").values_list("entry_id", flat=True))

    for match in first:
        match_decide(match=match, by_user=organizer, winner_id=slots(match)[0])
    rate_all(tournament)
    for match in Match.objects.filter(tournament=tournament, round__number=2):
        match_decide(match=match, by_user=organizer, winner_id=slots(match)[1])
    rate_all(tournament)
    # when the first match of round 1 is corrected (its other entry won) and re-rated
    wrong = first[0]
    match_decide(match=wrong, by_user=organizer, winner_id=slots(wrong)[1])
    assert tasks.match_rate(wrong.pk) is True
    # then the ratings are exactly those of the results entered right the first time
    played = Match.objects.filter(tournament=tournament, status="finished").order_by(
        "finished_at", "pk"
    )
    right = []
    for match in played:
        entries = slots(match)
        players = tuple(tournament.entries.get(pk=e).user_id for e in entries)
        right.append(Outcome.singles(players, (1 if e == match.winner_id else 2 for e in entries)))
    skills, steps = replay_with_history(right)
    expected = {user: (round(s.mu, 9), round(s.sigma, 9), s.matches) for user, s in skills.items()}
    assert ratings() == expected
    # and so is the rating history: each player's before and after in each match, in order
    expected_history = {
        (match.pk, change.player): _rounded(change.before, change.after)
        for match, moved in zip(played, steps, strict=True)
        for change in moved
    }
    assert history() == expected_history
    assert len(expected_history) == 2 * len(right)
    # and a full recomputation agrees
    services.game_recompute(game="combat")
    assert ratings() == expected
    assert history() == expected_history


def _rounded(before, after) -> tuple:
    return tuple(round(v, 9) for v in (before.mu, before.sigma, after.mu, after.sigma))


def history(game="combat") -> dict[tuple[int, int], tuple]:
    """The stored rating history: (match, player) -> (mu, sigma before, mu, sigma after)."""
    return {
        (c.match_id, c.user_id): _rounded(
            Skill(c.mu_before, c.sigma_before), Skill(c.mu_after, c.sigma_after)
        )
        for c in RatingChange.objects.filter(game=game)
    }


def test_the_player_page_and_api_show_the_ratings(organizer, make_user):
    a, b = make_user("ann"), make_user("ben")
    tournament = started(organizer, [a, b])
    (match,) = Match.objects.filter(tournament=tournament)
    match_decide(match=match, by_user=organizer, winner_id=tournament.entries.get(user=a).pk)
    rate_all(tournament)
    body = Client().get("/api/players/ann/ratings/").json()
    assert body["username"] == "ann"
    assert [(r["game"], r["matches"]) for r in body["ratings"]] == [("combat", 1)]
    assert body["ratings"][0]["rating"] == pytest.approx(
        body["ratings"][0]["mu"] - 3 * body["ratings"][0]["sigma"], abs=0.01
    )
    page = Client().get("/players/ann/").content.decode()
    assert "Combat" in page
    assert "Rated matches" in page
    assert Client().get("/players/nobody-here/").status_code == 404
    assert Client().get("/api/players/nobody-here/ratings/").status_code == 404


def test_seed_by_rating_orders_the_best_rated_first(organizer, make_user):
    # given ann, ben and cy with established ratings, eve with a high but little-played one
    # (R9), and dee unrated
    ann, ben, cy, dee, eve = (make_user(n) for n in ("ann", "ben", "cy", "dee", "eve"))
    for user, mu, sigma in ((ann, 30.0, 4.0), (ben, 27.0, 5.0), (cy, 22.0, 6.5), (eve, 40, 7.0)):
        Rating.objects.create(user=user, game="combat", mu=mu, sigma=sigma, matches=20)
    # when a new event seeded by rating starts (registered eve, cy, dee, ben, ann)
    event = tournament_create(organizer=organizer, name="Seeded", seeding="rating", best_of=1)
    for user in (eve, cy, dee, ben, ann):
        entry_add(tournament=event, by_user=organizer, user_id=user.pk)
    tournament_start(tournament=event, by_user=organizer)
    # then the established ratings come first, best first, the others after in the order
    # they registered
    order = [e.user.username for e in event.entries.order_by("seed")]
    assert order == ["ann", "ben", "cy", "eve", "dee"]


def test_the_history_shows_on_the_player_page_and_in_the_api(organizer, make_user):
    # given ann beat ben, then lost to him
    ann, ben = make_user("ann"), make_user("ben")
    for winner in (ann, ben):
        tournament = started(organizer, [ann, ben])
        (match,) = Match.objects.filter(tournament=tournament)
        match_decide(
            match=match, by_user=organizer, winner_id=tournament.entries.get(user=winner).pk
        )
        rate_all(tournament)
    # then the API lists her two changes, newest first, each following on from the one before
    body = Client().get("/api/players/ann/ratings/history/").json()
    changes = body["changes"]
    assert [c["game"] for c in changes] == ["combat", "combat"]
    assert changes[1]["rating_after"] > changes[1]["rating_before"]  # the win
    assert changes[0]["rating_after"] < changes[0]["rating_before"]  # the loss
    assert changes[0]["rating_before"] == changes[1]["rating_after"]
    assert changes[0]["tournament_name"] == "Rated"
    assert changes[1]["rating_before"] == pytest.approx(0.0, abs=0.001)  # 25 - 3 x 25/3
    # one game only, and an unknown game is a 400 naming the games
    assert len(Client().get("/api/players/ann/ratings/history/?game=army").json()["changes"]) == 0
    response = Client().get("/api/players/ann/ratings/history/?game=chess")
    assert response.status_code == 400
    assert "combat" in response.json()["detail"]
    assert Client().get("/api/players/nobody-here/ratings/history/").status_code == 404
    # and the page shows the history table and a sparkline
    page = Client().get("/players/ann/").content.decode()
    assert "Combat: rating history" in page
    assert "<polyline points=" in page
    assert page.count('<td data-label="Change">') == 2


def team_event(organizer, teams: dict[str, list], **settings):
    """A started 2-v-2 event of these named teams, registered in this order."""
    event = tournament_create(organizer=organizer, best_of=1, team_size=2, **settings)
    for name, members in teams.items():
        entry_add(
            tournament=event, by_user=organizer, name=name, member_ids=[u.pk for u in members]
        )
    return tournament_start(tournament=event, by_user=organizer)


def reds_beat_blues(organizer, reds: list, blues: list) -> Match:
    """A rated team match the Reds won."""
    event = team_event(organizer, {"Reds": reds, "Blues": blues}, name="Pairs", seeding="manual")
    (match,) = Match.objects.filter(tournament=event)
    match_decide(match=match, by_user=organizer, winner_id=event.entries.get(name="Reds").pk)
    rate_all(event)
    return match


def test_a_team_match_rates_every_member_as_one_side(organizer, make_user):
    # given a 2-v-2 team event (R1: each team's registered members are one OpenSkill side)
    ann, ben, cy, dee = (make_user(n) for n in ("ann", "ben", "cy", "dee"))
    # when the Reds (ann, ben) beat the Blues (cy, dee) and the match is rated
    match = reds_beat_blues(organizer, [ann, ben], [cy, dee])
    # then all four are rated in the event's game: the Reds up, the Blues down, alike
    rows = ratings()
    assert set(rows) == {ann.pk, ben.pk, cy.pk, dee.pk}
    assert rows[ann.pk] == rows[ben.pk]
    assert rows[cy.pk] == rows[dee.pk]
    assert rows[ann.pk][0] > 25 > rows[cy.pk][0]
    assert all(matches == 1 for _, _, matches in rows.values())
    rated = RatedMatch.objects.get(match=match)
    assert rated.players == [sorted([ann.pk, ben.pk]), sorted([cy.pk, dee.pk])]
    assert rated.ranks == [1, 2]
    # and the history has a row for each of the four
    assert RatingChange.objects.filter(match=match).count() == 4
    # and what the pure rules give for those sides
    skills = replay_with_history(
        [Outcome(teams=(tuple(sorted([ann.pk, ben.pk])), tuple(sorted([cy.pk, dee.pk]))),
                 ranks=(1, 2))]
    )[0]  # fmt: skip
    assert rows[ann.pk][0] == round(skills[ann.pk].mu, 9)


def test_a_team_event_seeded_by_rating_puts_the_better_team_first(organizer, make_user):
    # given the Reds (ann, ben) beat the Blues (cy, dee) in a team event
    ann, ben, cy, dee = (make_user(n) for n in ("ann", "ben", "cy", "dee"))
    reds_beat_blues(organizer, [ann, ben], [cy, dee])
    # and everyone has many matches behind them (R9: established ratings seed)
    Rating.objects.filter(user__in=[ann, ben, cy, dee]).update(sigma=5.0)
    # when a new team event seeded by rating has the Blues registered first (R6: team mean)
    event = team_event(
        organizer, {"Blues": [cy, dee], "Reds": [ann, ben]}, name="Pairs 2", seeding="rating"
    )
    # then the Reds are seeded first
    assert [e.name for e in event.entries.order_by("seed")] == ["Reds", "Blues"]


def test_a_rebuild_rates_team_matches_stored_as_unrated(organizer, make_user):
    # given a team match stored under the old ruling (rating nobody) and a singles match after
    ann, ben, cy, dee = (make_user(n) for n in ("ann", "ben", "cy", "dee"))
    team_match = reds_beat_blues(organizer, [ann, ben], [cy, dee])
    singles = started(organizer, [ann, cy])
    (match,) = Match.objects.filter(tournament=singles)
    match_decide(match=match, by_user=organizer, winner_id=singles.entries.get(user=cy).pk)
    rate_all(singles)
    right = ratings()
    right_history = history()
    RatedMatch.objects.filter(match=team_match).update(players=[], ranks=[])
    services.game_recompute(game="combat")
    assert set(ratings()) == {ann.pk, cy.pk}  # as the old ruling left it
    # when the ratings are rebuilt
    call_command("ratings_rebuild", "--game", "combat", stdout=io.StringIO())
    # then they and the history are those of rating the team match in its place
    assert ratings() == right
    assert history() == right_history
