"""Swiss rounds in the database: open round 1 at the start, pair each next round from the
standings once a round is complete, then draw the top cut (played as the fixed single-
elimination bracket of `bracket.py`) or finish the event. Called with the tournament locked.

The pure rules are `tournaments.brackets.swiss` (and `swiss_pods` for pods of 3 and 4); the
rulings S1-S12 in tournaments/RULINGS.md.
"""

from itertools import combinations

from tournaments import swiss_selectors
from tournaments.brackets import swiss as pure
from tournaments.brackets import swiss_pods
from tournaments.models import Entry, Match, MatchEntry, Round, Tournament

# bracket.py imports this module for its Swiss branch; both only read each other's names at
# call time, so the cycle between the two modules of one package is harmless.
from tournaments.services import bracket
from tournaments.services.common import audit, now
from tournaments.services.notices import matches_ready_notify


def swiss_start(*, tournament: Tournament, entry_ids_by_seed: list[int]) -> None:
    """Fix the number of rounds (ceil(log2 entries) unless the organizer chose one) and pair
    round 1 (every record is 0-0: the seeded shuffle decides the tables)."""
    if tournament.swiss_rounds is None:
        tournament.swiss_rounds = pure.rounds_for(len(entry_ids_by_seed))
        tournament.save(update_fields=["swiss_rounds"])
    swiss_round_open(tournament=tournament, number=1)


def swiss_round_open(*, tournament: Tournament, number: int) -> Round | None:
    """Pair Swiss round `number` from the standings (dropped entries left out, S6): the
    maximum-weight pairer for two entries a match, pods by record for three or four; both
    avoid rematches with every earlier Swiss opponent (S7, S8)."""
    state = swiss_selectors.swiss_state(tournament=tournament)
    table = pure.standings(state.entries, state.results)
    ranked = [row.entry for row in table if row.entry not in state.dropped]
    if not ranked:  # everyone dropped: nothing left to play
        _finish(tournament)
        return None
    points = {row.entry: row.match_points for row in table}
    had_bye = {r.entries[0] for r in state.results if r.is_bye}
    rng = bracket.round_rng(tournament, number)
    # every two entries that shared a finished Swiss match (a pod counts each of its pairs)
    played = {
        frozenset(pair)
        for r in state.results
        if not r.is_bye
        for pair in combinations(r.entries, 2)
    }
    if tournament.entries_per_match == 2:
        pairings = pure.pair_round(ranked, points, played, had_bye, rng)
        pods, bye_entry = [tuple(t) for t in pairings.tables], pairings.bye
    else:
        made = swiss_pods.pods_by_record(
            ranked, points, tournament.entries_per_match, had_bye, rng, played=played
        )
        pods, bye_entry = made.pods, made.bye
    if bye_entry is not None:
        pods.append((bye_entry,))
    round_row = _round_create(tournament, number, pods)
    if all(len(pod) == 1 for pod in pods):  # a lone entry left: its bye completes the round
        round_complete(tournament=tournament, number=number)
    return round_row


def _round_create(tournament: Tournament, number: int, pods: list[tuple[int, ...]]) -> Round:
    round_row = Round.objects.create(tournament=tournament, number=number)
    stamp = now()
    # the same match rows as elimination's first round: a pod of one is a finished bye (S2)
    matches = Match.objects.bulk_create(
        [
            bracket._first_round_match(tournament, round_row, i, pod, stamp)
            for i, pod in enumerate(pods)
        ]
    )
    MatchEntry.objects.bulk_create(
        [
            MatchEntry(match=matches[i], entry_id=entry_id, slot=slot)
            for i, pod in enumerate(pods)
            for slot, entry_id in enumerate(pod)
        ]
    )
    ready = [m.pk for m in matches if not m.is_bye]
    matches_ready_notify(tournament=tournament, match_ids=ready, started=False)
    return round_row


def swiss_match_finished(
    *, tournament: Tournament, match: Match, actor, action: str, before: dict, games
) -> None:
    """Save a finished Swiss match (no winner moves anywhere: the next round is paired from
    the standings) and, when it completes its round, go on."""
    match.save(update_fields=["status", "winner", "decided_by", "finished_at"])
    audit(match=match, actor=actor, action=action, before=before, games=games)
    open_ = Match.objects.filter(round_id=match.round_id).exclude(status=Match.Status.FINISHED)
    if not open_.exists():
        round_complete(tournament=tournament, number=match.round.number)


def round_complete(*, tournament: Tournament, number: int) -> None:
    """A Swiss round is complete: pair the next one, or draw the cut, or finish the event.
    Nothing happens twice: a round already paired is left as it is."""
    if tournament.rounds.filter(number=number + 1).exists():
        return
    if number < (tournament.swiss_rounds or 0):
        swiss_round_open(tournament=tournament, number=number + 1)
    elif tournament.top_cut:
        cut_draw(tournament=tournament)
    else:
        _finish(tournament)


def cut_draw(*, tournament: Tournament) -> None:
    """The top cut: the best `top_cut` entries still in (S11), seeded by their standing into
    the fixed single-elimination bracket, numbered on from the last Swiss round. Fewer
    entries than the cut: all of them, with byes to the top seeds."""
    state = swiss_selectors.swiss_state(tournament=tournament)
    table = pure.standings(state.entries, state.results)
    ranked = [row.entry for row in table if row.entry not in state.dropped]
    chosen = ranked[: tournament.top_cut]
    if len(chosen) < 2:
        _finish(tournament)
        return
    cut = Entry.objects.in_bulk(chosen)
    for number, pk in enumerate(chosen, start=1):
        cut[pk].cut_seed = number
    Entry.objects.bulk_update(cut.values(), ["cut_seed"])
    bracket.bracket_build(
        tournament=tournament,
        entry_ids_by_seed=chosen,
        first_number=(tournament.swiss_rounds or 0) + 1,
    )
    ready = Match.objects.filter(
        tournament=tournament,
        round__number__gt=tournament.swiss_rounds,
        status=Match.Status.READY,
    ).values_list("pk", flat=True)
    matches_ready_notify(tournament=tournament, match_ids=list(ready), started=False)


def _finish(tournament: Tournament) -> None:
    tournament.status, tournament.finished_at = Tournament.Status.FINISHED, now()
    tournament.save(update_fields=["status", "finished_at"])
