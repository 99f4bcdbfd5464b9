"""Swiss services on PostgreSQL: pods by record, games played on the engine, decisions at
time, drops and forfeits, the cut when fewer entries are left than it, an event without a cut,
and the version every change bumps (tournaments/RULINGS.md S1-S12)."""

from itertools import combinations

import pytest

from tests.tournaments.helpers import make_overdue
from tournaments import tasks
from tournaments.models import Match, Tournament
from tournaments.reads import swiss as swiss_reads
from tournaments.reads.bracket import bracket_get
from tournaments.services import (
    clock,
    entry_add,
    entry_drop,
    match_decide,
    match_game_record_from_engine,
    tournament_create,
    tournament_start,
)

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def swiss_event(organizer, make_user, n: int, **settings) -> tuple[Tournament, list]:
    """A started Swiss event of n registered players, seeded in registration order."""
    tournament = tournament_create(
        organizer=organizer, name=f"Swiss {n}", seeding="manual", structure="swiss", **settings
    )
    users = [make_user() for _ in range(n)]
    for seed, user in enumerate(users, 1):
        entry_add(tournament=tournament, by_user=organizer, user_id=user.pk, seed=seed)
    return tournament_start(tournament=tournament, by_user=organizer), users


def round_matches(tournament, number) -> list[Match]:
    return list(Match.objects.filter(tournament=tournament, round__number=number).order_by("index"))


def entries_of(match) -> list[int]:
    return list(match.slots.order_by("slot").values_list("entry_id", flat=True))


def decide_round(organizer, tournament, number, pick=min) -> None:
    for match in round_matches(tournament, number):
        if match.status != Match.Status.FINISHED:
            match_decide(match=match, by_user=organizer, winner_id=pick(entries_of(match)))


def test_pods_of_four_are_made_by_record(organizer, make_user):
    # given 10 entries in four-entry matches (Combat) over 3 Swiss rounds
    tournament, _users = swiss_event(
        organizer, make_user, 10, entries_per_match=4, best_of=1, swiss_rounds=3
    )
    # then round 1 is two pods of four and one of two, every entry once
    first = round_matches(tournament, 1)
    assert [len(entries_of(m)) for m in first] == [4, 4, 2]
    # when every pod is won by its lowest entry id
    decide_round(organizer, tournament, 1)
    winners = {m.winner_id for m in round_matches(tournament, 1)}
    # then round 2's first pod holds the three winners (3 points) and one entry of 0
    second = round_matches(tournament, 2)
    assert winners <= set(entries_of(second[0]))
    assert sorted(e for m in second for e in entries_of(m)) == sorted(
        e for m in first for e in entries_of(m)
    )
    # and a pod winner's opponents are the three others of its pod (S8)
    rows = {r.entry.pk: r for r in swiss_reads.standings_rows(tournament=tournament)}
    assert all(rows[w].match_points == 3 for w in winners)


@pytest.mark.parametrize(("count", "per_match"), [(12, 3), (16, 4)])
def test_a_three_round_pod_swiss_avoids_rematches(organizer, make_user, count, per_match):
    # given an event in pods of three or four over 3 Swiss rounds
    tournament, _users = swiss_event(
        organizer, make_user, count, entries_per_match=per_match, best_of=1, swiss_rounds=3
    )
    # when rounds 1 and 2 are decided (each pod won by its lowest entry id)
    decide_round(organizer, tournament, 1)
    winners = {m.winner_id for m in round_matches(tournament, 1)}
    decide_round(organizer, tournament, 2)
    # then round 3 is paired, and no two entries share a pod twice in the three rounds (S8)
    pods = [entries_of(m) for number in (1, 2, 3) for m in round_matches(tournament, number)]
    met = [frozenset(pair) for pod in pods for pair in combinations(pod, 2)]
    assert len(pods) == 3 * count // per_match
    assert len(met) == len(set(met))
    # and records still come first: round 2's first pod is made of round 1's winners
    assert set(entries_of(round_matches(tournament, 2)[0])) <= winners


def test_engine_games_finish_a_swiss_match_and_pair_the_next_round(organizer, make_user):
    # given a 4-entry best-of-3 Swiss event
    tournament, _users = swiss_event(organizer, make_user, 4, best_of=3)
    first, second = round_matches(tournament, 1)
    a, b = entries_of(first)
    match_decide(match=second, by_user=organizer, winner_id=entries_of(second)[0])
    # when the engine records two games won by b (the match's last)
    for number in (1, 2):
        match_game_record_from_engine(
            match_id=first.pk,
            game_number=number,
            winner_entry_id=b,
            life={a: 0, b: 5},
            first_damage_entry_id=b,
        )
    # then the match is b's, played, and round 2 is paired: the two winners meet
    first.refresh_from_db()
    second.refresh_from_db()
    assert (first.winner_id, first.decided_by) == (b, "played")
    pods = [set(entries_of(m)) for m in round_matches(tournament, 2)]
    assert {b, second.winner_id} in pods
    # and b's game-win percentage counts the engine's games (2 of 2)
    row = next(r for r in swiss_reads.standings_rows(tournament=tournament) if r.entry.pk == b)
    assert (row.game_wins, row.game_losses, row.gw_percent) == (2, 0, 100.0)


def test_a_swiss_match_decided_at_time_counts_the_win(organizer, make_user, monkeypatch):
    # given a 2-entry Swiss event of 1 round whose match runs out of time on the engine
    tournament, _users = swiss_event(organizer, make_user, 2, best_of=3)
    (match,) = round_matches(tournament, 1)
    a, b = entries_of(match)
    monkeypatch.setattr(
        clock, "_live_facts", lambda match_id: {"life": {a: 2, b: 9}, "first_damage": a}
    )
    make_overdue(match.pk)
    # when the worker enforces the deadline
    assert tasks.match_deadline(match.pk) is True
    # then b wins at time (S1, S9) and, with no cut, the one-round event is over
    match.refresh_from_db()
    assert (match.winner_id, match.decided_by) == (b, "time")
    tournament.refresh_from_db()
    assert tournament.status == "finished"
    rows = swiss_reads.standings_rows(tournament=tournament)
    assert [r.entry.pk for r in rows] == [b, a]
    assert rows[0].placement_label == "1"


def test_a_drop_forfeits_its_table_and_leaves_the_next_pairings(organizer, make_user):
    # given a 6-entry Swiss event in round 1
    tournament, _users = swiss_event(organizer, make_user, 6, best_of=1)
    first = round_matches(tournament, 1)
    leaver, opponent = entries_of(first[0])
    version = Tournament.objects.get(pk=tournament.pk).version
    # when an entry drops (its player)
    entry = tournament.entries.get(pk=leaver)
    entry_drop(entry=entry, by_user=entry.user)
    # then its opponent wins by forfeit, with no games (S9), and the version moved on
    first[0].refresh_from_db()
    assert (first[0].winner_id, first[0].decided_by) == (opponent, "forfeit")
    assert Tournament.objects.get(pk=tournament.pk).version > version
    # when the round is finished, round 2 leaves the dropped entry out: 5 entries, one bye
    decide_round(organizer, tournament, 1)
    second = round_matches(tournament, 2)
    paired = [e for m in second for e in entries_of(m)]
    assert leaver not in paired
    assert len(paired) == 5
    assert sum(m.is_bye for m in second) == 1
    rows = {r.entry.pk: r for r in swiss_reads.standings_rows(tournament=tournament)}
    assert (rows[opponent].match_points, rows[opponent].game_wins) in ((3, 0), (6, 0))
    assert rows[leaver].entry.dropped


def test_a_cut_bigger_than_the_entries_left_gives_byes_to_the_top(organizer, make_user):
    # given 5 entries, 1 Swiss round, a top 8
    tournament, _users = swiss_event(organizer, make_user, 5, best_of=1, swiss_rounds=1, top_cut=8)
    # when round 1 is played
    decide_round(organizer, tournament, 1)
    # then all five play the cut from round 2, the top three by standing with byes
    cut = round_matches(tournament, 2)
    ranked = [r.entry.pk for r in swiss_reads.standings_rows(tournament=tournament)]
    byes = [entries_of(m)[0] for m in cut if m.is_bye]
    assert sorted(byes) == sorted(ranked[:3])
    assert sorted(e for m in cut for e in entries_of(m)) == sorted(ranked)
    # and the rounds are named as the cut's own bracket
    names = [r["name"] for r in bracket_get(tournament=tournament)["rounds"]]
    assert names == ["Swiss round 1", "Quarterfinals", "Semifinals", "Final"]
