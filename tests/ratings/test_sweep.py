"""A sweep rates a game's new results in one transaction (issue 33): a fixed number of
queries whatever their number, the same ratings and history as rating them one by one in the
order played, and never a match twice, even with two sweeps at once (PostgreSQL, threads)."""

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test.utils import CaptureQueriesContext

from ratings import services, tasks
from ratings.models import RatedMatch, Rating, RatingChange
from ratings.rules import replay_with_history
from ratings.selectors import game_outcomes
from tournaments.models import Entry, EntryMember, Match
from tournaments.services import match_decide, tournament_create, tournament_start

from ..drafting.test_draft_concurrency import run_in_threads

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def _event(organizer, players: int, name: str):
    """A started single-elimination event of `players` fresh registered players."""
    users = get_user_model().objects.bulk_create(
        [get_user_model()(username=f"{name}-{n}", password="!") for n in range(players)]
    )
    event = tournament_create(organizer=organizer, name=name, best_of=1)
    entries = Entry.objects.bulk_create([Entry(tournament=event, user=u) for u in users])
    members = zip(entries, users, strict=True)
    EntryMember.objects.bulk_create(
        [EntryMember(entry=e, user=u, tournament=event) for e, u in members]
    )
    return tournament_start(tournament=event, by_user=organizer)


def _decide(organizer, event, *, rounds: int | None = None) -> list[int]:
    """Decide the event's playable matches (the higher slot wins), round after round; the
    ids of the matches finished, in the order finished."""
    done = []
    playable = Match.objects.filter(tournament=event, status__in=["ready", "in_progress"])
    while (match := playable.order_by("round__number", "index").first()) is not None:
        if rounds is not None and match.round.number > rounds:
            break
        slots = list(match.slots.order_by("slot").values_list("entry_id", flat=True))
        match_decide(match=match, by_user=organizer, winner_id=slots[len(done) % len(slots)])
        done.append(match.pk)
    return done


def _ratings() -> dict[int, tuple[float, float, int]]:
    return {r.user_id: (r.mu, r.sigma, r.matches) for r in Rating.objects.all()}


def _history() -> list[tuple]:
    return sorted(
        RatingChange.objects.values_list(
            "match_id", "user_id", "mu_before", "sigma_before", "mu_after", "sigma_after"
        )
    )


def _forget_ratings() -> None:
    for model in (RatingChange, Rating, RatedMatch):
        model.objects.all().delete()


def test_a_sweep_costs_the_same_queries_for_8_and_64_results(organizer):
    # given two events' first rounds decided: 8 results, then 64
    small = _decide(organizer, _event(organizer, 16, "small"), rounds=1)
    large = _decide(organizer, _event(organizer, 128, "large"), rounds=1)
    assert (len(small), len(large)) == (8, 64)
    # when each is swept, then both cost the same queries and every match is rated
    counts = []
    for ids in (small, large):
        with CaptureQueriesContext(connection) as queries:
            assert services.results_rate(game="combat", match_ids=ids) == len(ids)
        counts.append(len(queries))
    assert counts[0] == counts[1] <= 12, counts
    assert RatingChange.objects.count() == 2 * (8 + 64)
    assert set(Rating.objects.values_list("matches", flat=True)) == {1}


def test_a_sweep_rates_as_one_by_one_in_the_order_played(organizer):
    # given a whole 16-player event decided (players meet again round after round), and the
    # first two rounds already rated
    done = _decide(organizer, _event(organizer, 16, "whole"))
    assert services.results_rate(game="combat", match_ids=done[:12]) == 12
    # when the sweep rates the rest, then with the 3 later matches twice in its list
    assert services.results_rate(game="combat", match_ids=done[12:] + done[12:]) == 3
    swept, swept_history = _ratings(), _history()
    # then it equals rating every match one by one, in the order played
    _forget_ratings()
    for match_id in done:
        assert tasks.match_rate(match_id) is True
    assert (_ratings(), _history()) == (swept, swept_history)
    # and the fold of the outcomes in memory
    skills, _ = replay_with_history(r.outcome for r in game_outcomes(game="combat"))
    assert {user: (s.mu, s.sigma, s.matches) for user, s in skills.items()} == swept
    # and a sweep of results older than the last rated one replays the game: the same again
    _forget_ratings()
    assert services.results_rate(game="combat", match_ids=done[4:]) == 11
    assert services.results_rate(game="combat", match_ids=done[:4]) == 4
    assert (_ratings(), _history()) == (swept, swept_history)


def test_two_sweeps_at_once_rate_each_match_once(organizer):
    # given 32 results no task rated
    done = _decide(organizer, _event(organizer, 64, "race"), rounds=1)
    # when two sweeps start at the same moment on the same results
    results = run_in_threads(2, lambda _: services.results_rate(game="combat", match_ids=done))
    # then one rated them all, the other found them rated; nobody moved twice
    assert sorted(results) == [0, 32], results
    assert RatedMatch.objects.count() == 32
    assert RatingChange.objects.count() == 64
    assert set(Rating.objects.values_list("matches", flat=True)) == {1}
