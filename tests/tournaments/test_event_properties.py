"""Property tests of whole events played through the services users run (PostgreSQL): seeded
brackets and random pairing, 2- to 4-entry matches, random winners decided by the organizer.

These are the properties the in-memory model of an event used to be tested for (issue 13
removed that model): now they hold for the rows the product writes.
"""

from collections import Counter, defaultdict
from random import Random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.rollback import database_examples, rolled_back
from tournaments import services
from tournaments.brackets import loser_placements, rounds_needed
from tournaments.models import Entry, Match, MatchEntry, Tournament
from tournaments.reads import standings as standings_reads

pytestmark = pytest.mark.django_db

sizes = st.integers(min_value=2, max_value=20)
per_match = st.sampled_from([2, 3, 4])
pairings = st.sampled_from(["bracket", "random"])
seeds = st.integers(min_value=0, max_value=2**32)
event_settings = database_examples(12)


def _played_event(organizer, n: int, k: int, pairing: str, seed: int, favourites=()):
    """An event of n entries (seed i is entry i's seed) played to its end: the organizer
    decides every match, for a favourite when one plays in it, else for a random entry."""
    tournament = services.tournament_create(
        organizer=organizer,
        name="Property",
        entries_per_match=k,
        best_of=1,
        pairing=pairing,
        seeding="manual",
    )
    Entry.objects.bulk_create(
        [Entry(tournament=tournament, name=f"Guest {i}", seed=i) for i in range(1, n + 1)]
    )
    tournament = services.tournament_start(tournament=tournament, by_user=organizer)
    seed_of = dict(tournament.entries.values_list("pk", "seed"))
    entry_of = {seed: pk for pk, seed in seed_of.items()}
    rng = Random(seed)
    open_statuses = [s for s in Match.Status.values if s != Match.Status.FINISHED]
    while True:
        match = (
            Match.objects.filter(tournament=tournament, status__in=open_statuses)
            .exclude(status=Match.Status.PENDING)
            .order_by("round__number", "index")
            .first()
        )
        if match is None:
            break
        slots = match.slots.order_by("slot").values_list("entry_id", flat=True)
        entries = [seed_of[e] for e in slots]
        fav = [e for e in entries if e in favourites]
        winner = fav[0] if fav else rng.choice(entries)
        services.match_decide(match=match, by_user=organizer, winner_id=entry_of[winner])
    tournament.refresh_from_db()
    return tournament, seed_of


def _rounds(tournament: Tournament, seed_of: dict) -> list[dict]:
    """Each round's matches (tuples of seeds in slot order), winners (seeds) and byes."""
    rounds: dict[int, dict] = defaultdict(lambda: {"matches": {}, "winners": {}, "byes": []})
    slots = MatchEntry.objects.filter(match__tournament=tournament).order_by("slot")
    for number, index, entry_id in slots.values_list(
        "match__round__number", "match__index", "entry_id"
    ):
        rounds[number]["matches"].setdefault(index, []).append(seed_of[entry_id])
    for number, index, winner, is_bye in Match.objects.filter(tournament=tournament).values_list(
        "round__number", "index", "winner_id", "is_bye"
    ):
        rounds[number]["winners"][index] = seed_of[winner]
        if is_bye:
            rounds[number]["byes"].append(seed_of[winner])
    return [rounds[number] for number in sorted(rounds)]


def _span(label: str) -> tuple[int, int]:
    """A shared place as (first, last): "3-4" is (3, 4), "2" is (2, 2)."""
    first, _dash, last = label.partition("-")
    return int(first), int(last or first)


def expected_rounds(n: int, k: int) -> int:
    rounds, slots = 0, 1
    while slots < n:
        rounds, slots = rounds + 1, slots * k
    return rounds


@event_settings
@given(n=sizes, k=per_match, pairing=pairings, seed=seeds)
def test_every_entry_plays_once_per_round_until_out(make_user, n, k, pairing, seed):
    organizer = make_user()

    def check():
        # given an event of n entries played out with random winners
        tournament, seed_of = _played_event(organizer, n, k, pairing, seed)
        assert tournament.status == Tournament.Status.FINISHED
        # then each round holds exactly the entries still in, each once
        still_in = set(range(1, n + 1))
        rounds = _rounds(tournament, seed_of)
        for current in rounds:
            appearances = Counter(e for match in current["matches"].values() for e in match)
            assert set(appearances) == still_in
            assert all(count == 1 for count in appearances.values())
            assert all(1 <= len(match) <= k for match in current["matches"].values())
            still_in = set(current["winners"].values())
        # and the number of rounds is ceil(log_k n), with exactly one champion
        assert len(rounds) == expected_rounds(n, k) == rounds_needed(n, k)
        assert len(still_in) == 1

    rolled_back(check)


@event_settings
@given(n=sizes, k=per_match, pairing=pairings, seed=seeds)
def test_placements_form_the_shared_places(make_user, n, k, pairing, seed):
    organizer = make_user()

    def check():
        # given a finished event
        tournament, seed_of = _played_event(organizer, n, k, pairing, seed)
        champion = _rounds(tournament, seed_of)[-1]["winners"][0]
        # when its standings are read
        rows = standings_reads.standings_get(tournament=tournament)
        # then every entry has a place, the champion alone is first, and each shared place
        # "first-last" holds exactly last - first + 1 entries
        assert len(rows) == n
        assert [seed_of[r.entry.pk] for r in rows if r.placement == 1] == [champion]
        groups = Counter(_span(r.placement_label) for r in rows)
        for (first, last), count in groups.items():
            assert count == last - first + 1
        # and losers of a later round always place better
        by_round = loser_placements(n, k, pairing)
        assert [p.first for p in by_round] == sorted((p.first for p in by_round), reverse=True)
        assert by_round[-1].first == 2

    rolled_back(check)


@event_settings
@given(n=sizes, k=per_match, seed=seeds)
def test_seeds_one_and_two_meet_only_in_the_final(make_user, n, k, seed):
    organizer = make_user()

    def check():
        # given a seeded bracket where seeds 1 and 2 win every match
        tournament, seed_of = _played_event(organizer, n, k, "bracket", seed, favourites=(1, 2))
        rounds = _rounds(tournament, seed_of)
        # then they share a match only in the last round, and seed 1 wins it
        shared = [
            number
            for number, current in enumerate(rounds, start=1)
            for match in current["matches"].values()
            if 1 in match and 2 in match
        ]
        assert shared == [len(rounds)]
        assert rounds[-1]["winners"][0] == 1

    rolled_back(check)


@event_settings
@given(n=sizes, k=per_match, seed=seeds)
def test_random_byes_go_to_entries_with_the_fewest_byes(make_user, n, k, seed):
    organizer = make_user()

    def check():
        # given a random-pairing event played out
        tournament, seed_of = _played_event(organizer, n, k, "random", seed)
        # then a round has a bye only when one entry is left over, and its receiver had no
        # more byes before it than any other entry of that round
        byes_so_far: Counter = Counter()
        for current in _rounds(tournament, seed_of):
            entrants = [e for match in current["matches"].values() for e in match]
            assert len(current["byes"]) == (1 if len(entrants) % k == 1 else 0)
            for bye in current["byes"]:
                assert byes_so_far[bye] == min(byes_so_far[e] for e in entrants)
                byes_so_far[bye] += 1

    rolled_back(check)
