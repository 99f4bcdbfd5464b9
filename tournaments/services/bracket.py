"""Building rounds in the database and moving winners on (called with the tournament locked)."""

from collections import Counter
from random import Random
from typing import cast

from django.db.models import Exists, OuterRef

from config.errors import Conflict
from tournaments import hooks
from tournaments.brackets import (
    LaterMatch,
    LaterMatchesPlayed,
    bracket_first_round,
    feeds_into,
    follow_correction,
    lone_winner,
    random_round,
    ready_after_byes,
    rounds_needed,
)
from tournaments.fastpath.finish import save_finished
from tournaments.models import Entry, Match, MatchEntry, MatchGame, MatchReport, Round, Tournament
from tournaments.services import double_elimination, round_robin, swiss
from tournaments.services.common import audit, now, snapshot, supersede_pending_reports
from tournaments.services.fairness import result_decided
from tournaments.services.notices import matches_ready_notify

OPEN_STATUSES = (Match.Status.PENDING, Match.Status.READY)


def round_rng(tournament: Tournament, number: int) -> Random:
    """The seeded random generator of one round (reproducible from the stored seed)."""
    return Random(f"{tournament.rng_seed}:{number}")


def bracket_build(
    *, tournament: Tournament, entry_ids_by_seed: list[int], first_number: int = 1
) -> None:
    """Create every round and match of a fixed bracket with bulk inserts; play the byes.
    A Swiss event's top cut starts at `first_number`, after its last Swiss round."""
    k = tournament.entries_per_match
    total = rounds_needed(len(entry_ids_by_seed), k)
    rounds = Round.objects.bulk_create(
        [Round(tournament=tournament, number=first_number + n) for n in range(total)]
    )
    first = bracket_first_round(entry_ids_by_seed, k)
    stamp = now()
    matches = [
        _first_round_match(tournament, rounds[0], i, pod, stamp) for i, pod in enumerate(first)
    ]
    for number in range(2, total + 1):
        count = k ** (total - number)
        matches += [
            Match(tournament=tournament, round=rounds[number - 1], index=i) for i in range(count)
        ]
    matches = Match.objects.bulk_create(matches)
    slots = [
        MatchEntry(match=matches[i], entry_id=entry_id, slot=slot)
        for i, pod in enumerate(first)
        for slot, entry_id in enumerate(pod)
    ]
    second = matches[len(first) : len(first) + len(first) // k]
    for i, pod in enumerate(first):
        if len(pod) == 1:
            target, slot = feeds_into(i, k)
            slots.append(MatchEntry(match=second[target], entry_id=pod[0], slot=slot))
    MatchEntry.objects.bulk_create(slots)
    _ready_after_byes(first, second, k)


def _first_round_match(tournament, round_row, index, pod, stamp) -> Match:
    match = Match(tournament=tournament, round=round_row, index=index, status=Match.Status.READY)
    if len(pod) == 1:
        match.status, match.is_bye, match.winner_id = Match.Status.FINISHED, True, pod[0]
        match.decided_by, match.finished_at = Match.DecidedBy.BYE, stamp
    return match


def _ready_after_byes(first: list[tuple], second: list[Match], k: int) -> None:
    """Round-2 matches fed only by byes know all their entries at once."""
    ready = [second[target].pk for target in ready_after_byes(first, k)]
    Match.objects.filter(pk__in=ready).update(status=Match.Status.READY)


def random_round_open(*, tournament: Tournament, number: int, entry_ids: list[int]) -> Round:
    """Pair one round at random (seeded), giving any bye to an entry with the fewest byes
    (an entry that dropped gets it only if every entry left has dropped)."""
    byes = Counter(
        Match.objects.filter(tournament=tournament, is_bye=True).values_list("winner_id", flat=True)
    )
    dropped = set(Entry.objects.filter(pk__in=entry_ids, dropped=True).values_list("pk", flat=True))
    pods = random_round(
        entry_ids,
        per_match=tournament.entries_per_match,
        rng=round_rng(tournament, number),
        byes=byes,
        dropped=dropped,
    )
    round_row = Round.objects.create(tournament=tournament, number=number)
    stamp = now()
    matches = Match.objects.bulk_create(
        [_first_round_match(tournament, round_row, i, pod, stamp) for i, pod in enumerate(pods)]
    )
    MatchEntry.objects.bulk_create(
        [
            MatchEntry(match=matches[i], entry_id=entry_id, slot=slot)
            for i, pod in enumerate(pods)
            for slot, entry_id in enumerate(pod)
        ]
    )
    _forfeit_dropped(tournament, matches, pods, dropped)
    return round_row


def _forfeit_dropped(
    tournament: Tournament, matches: list[Match], pods: list[tuple], dropped: set[int]
) -> None:
    """Entries that dropped between rounds forfeit the match they were just paired into."""
    for match, pod in zip(matches, pods, strict=True):
        if match.is_bye or not dropped.intersection(pod):
            continue
        MatchEntry.objects.filter(match=match, entry_id__in=dropped).update(forfeited=True)
        match_make_ready(tournament=tournament, match=match)


def match_finish(
    *,
    tournament: Tournament,
    match: Match,
    winner_id: int | None,
    decided_by: str,
    actor,
    action: str,
    games: list[dict] | None = None,
    confirmed: MatchReport | None = None,
) -> None:
    """Finish a match with its winner, record it in the audit trail and move the winner on
    (a Swiss round's draw has no winner and moves nobody).

    `games`: the games that now count (as `common.game_facts` gives them) when the caller has
    just written them, so the audit trail needs no query for them. `confirmed`: the report
    whose confirmation finishes the match (its status and confirmed entries set, not saved):
    saved here, with the match's own UPDATE where it can be."""
    before = snapshot(match, games)
    match.status, match.winner_id, match.decided_by = Match.Status.FINISHED, winner_id, decided_by
    match.finished_at = now()
    supersede_pending_reports(match)
    result_decided(
        tournament=tournament, match=match, actor=actor, action=action, decided_by=decided_by
    )
    hooks.new_match_result(game=tournament.game, match_id=match.pk)
    if _finished_by_structure(
        tournament, match, confirmed, actor=actor, action=action, before=before, games=games
    ):
        return
    if _moves_on_at_once(tournament, match):
        _finish_and_move_on(
            tournament,
            match,
            actor=actor,
            action=action,
            before=before,
            games=games,
            confirmed=confirmed,
        )
        return
    _save_confirmed(confirmed)
    match.save(update_fields=["status", "winner", "decided_by", "finished_at"])
    audit(match=match, actor=actor, action=action, before=before, games=games)
    advance(tournament=tournament, match=match)


def _finished_by_structure(
    tournament: Tournament, match: Match, confirmed: MatchReport | None, **finished
) -> bool:
    """A match of a double-elimination bracket, of a round robin's groups or of a Swiss
    round: its structure's service saves it and moves it on (True); False for the single-
    elimination bracket (a cut or a playoff included), which goes on below."""
    number = match.round.number
    if tournament.is_double_round(number):
        done = double_elimination.double_match_finished
    elif tournament.is_round_robin and tournament.is_swiss_round(number):
        done = round_robin.group_match_finished
    elif tournament.is_swiss_round(number):
        done = swiss.swiss_match_finished
    else:
        return False
    _save_confirmed(confirmed)
    done(tournament=tournament, match=match, **finished)
    return True


def _moves_on_at_once(tournament: Tournament, match: Match) -> bool:
    """True when the fixed bracket's next match was read with the lock (`result_facts`) and
    the winner simply takes its slot there: no forfeit to carry on, no lone entry left to win
    the next match at once (those go the general way, `advance`)."""
    if tournament.pairing != Tournament.Pairing.BRACKET or not hasattr(match, "next_filled"):
        return False
    if match.decided_by == Match.DecidedBy.FORFEIT:
        return False
    if match.next_id is None or not _fills_next(tournament, match):
        return True
    return tournament.entries_per_match - match.next_forfeited > 1


def _fills_next(tournament: Tournament, match: Match) -> bool:
    """The winner takes the next match's last empty slot (the next match becomes ready)."""
    return (
        match.next_status == Match.Status.PENDING
        and match.next_filled + 1 == tournament.entries_per_match
    )


def _finish_and_move_on(tournament, match, *, actor, action, before, games, confirmed) -> None:
    """Finish the match and put its winner in the next match's slot: the match (and the next
    one, when this fills it, and the confirmed report) in one UPDATE, the audit row, the slot;
    or finish the event."""
    if match.next_id is None:  # the final
        save_finished(match, ready_next=False, confirmed=confirmed)
        audit(match=match, actor=actor, action=action, before=before, games=games)
        tournament.status, tournament.finished_at = Tournament.Status.FINISHED, now()
        tournament.save(update_fields=["status", "finished_at"])
        return
    fills = _fills_next(tournament, match)
    save_finished(match, ready_next=fills, confirmed=confirmed)
    # its players hear of it after the commit (no query here); entries of guests only (the
    # lock's read found no account among them) have nobody to tell
    if fills and match.next_has_players:
        matches_ready_notify(tournament=tournament, match_ids=[match.next_id], started=False)
    audit(match=match, actor=actor, action=action, before=before, games=games)
    _index, slot = feeds_into(match.index, tournament.entries_per_match)
    MatchEntry.objects.create(match_id=match.next_id, slot=slot, entry_id=match.winner_id)


def _save_confirmed(confirmed: MatchReport | None) -> None:
    if confirmed is not None:
        confirmed.save(update_fields=["confirmed_entries", "status"])


def advance(*, tournament: Tournament, match: Match) -> None:
    """Move a finished match's winner to the next round, or finish the tournament."""
    round_row = match.round
    # The final is a round's only match (index 0, no index 1): one indexed lookup, not a count.
    if match.index == 0 and not Match.objects.filter(round=round_row, index=1).exists():
        tournament.status, tournament.finished_at = Tournament.Status.FINISHED, now()
        tournament.save(update_fields=["status", "finished_at"])
        return
    if tournament.pairing == Tournament.Pairing.BRACKET:
        _advance_in_bracket(tournament, match)
        return
    open_statuses = [s for s in Match.Status.values if s != Match.Status.FINISHED]
    unfinished = Match.objects.filter(
        tournament=tournament, status__in=open_statuses, round=round_row
    )
    if not unfinished.exists():
        winners = list(
            Match.objects.filter(round=round_row)
            .order_by("index")
            .values_list("winner_id", flat=True)
        )
        random_round_open(tournament=tournament, number=round_row.number + 1, entry_ids=winners)


def _advance_in_bracket(tournament: Tournament, match: Match) -> None:
    k = tournament.entries_per_match
    target_index, slot = feeds_into(match.index, k)
    target = Match.objects.select_for_update().get(
        tournament=tournament, round__number=match.round.number + 1, index=target_index
    )
    # A slot is filled once, when its feeder finishes (a correction replaces the entry in it
    # through downstream_replace, not here). A winner that has dropped (it only won because
    # everybody in its match had dropped) forfeits at once.
    assert match.winner_id is not None, "only a finished match with a winner moves it on"
    dropped = (
        match.decided_by == Match.DecidedBy.FORFEIT
        and Entry.objects.filter(pk=match.winner_id, dropped=True).exists()
    )
    MatchEntry.objects.create(match=target, slot=slot, entry_id=match.winner_id, forfeited=dropped)
    if target.status == Match.Status.PENDING and target.slots.count() == k:
        match_make_ready(tournament=tournament, match=target)


def match_make_ready(*, tournament: Tournament, match: Match) -> None:
    """A match knows all its entries: ready, or won at once if only one entry is left in it."""
    match.status = Match.Status.READY
    match.save(update_fields=["status"])
    settled = lone_winner(list(match.slots.order_by("slot").values_list("entry_id", "forfeited")))
    if settled is None:
        matches_ready_notify(tournament=tournament, match_ids=[match.pk], started=False)
        return
    winner_id, action = settled
    match_finish(
        tournament=tournament,
        match=match,
        winner_id=winner_id,
        decided_by=Match.DecidedBy.FORFEIT,
        actor=None,
        action=action,
    )


def downstream_replace(*, tournament: Tournament, match: Match, old_id: int, new_id: int) -> None:
    """After a correction, put the new winner where the old one went; 409 if already played.

    The rule is the pure `follow_correction`: the byes the old winner received pass on, and
    the match it went on to must not have started. This reads the old winner's later matches
    (one query, locked), asks it, and writes what it says.
    """
    if tournament.is_swiss_round(match.round.number):
        return  # S10: a Swiss correction changes the standings; pairings already made stay
    if tournament.is_double_round(match.round.number):
        double_elimination.double_downstream_replace(
            tournament=tournament, match=match, old_id=old_id, new_id=new_id
        )
        return
    later = _later_matches_of(tournament, match, old_id)
    path = [
        LaterMatch(
            id=m.pk,
            round=m.round.number,
            is_bye=m.is_bye,
            started=m.status not in OPEN_STATUSES,
            has_games=m.has_games,
            has_reports=m.has_reports,
            winner=m.winner_id,
        )
        for m in later
    ]
    try:
        plan = follow_correction(path, old_id)
    except LaterMatchesPlayed as exc:
        raise Conflict(str(exc), code=exc.code, data={"matches": exc.matches}) from None
    by_id = {m.pk: m for m in later}
    for bye_id in plan.byes:
        target = by_id[cast(int, bye_id)]  # the plan names the LaterMatch ids: match pks
        before = snapshot(target)
        MatchEntry.objects.filter(match=target, entry_id=old_id).update(entry_id=new_id)
        target.winner_id = new_id
        target.save(update_fields=["winner"])
        audit(match=target, actor=None, action="bye-follows-correction", before=before)
    if plan.replace_in is not None:
        replace_in = cast(int, plan.replace_in)  # a LaterMatch id: a match pk
        MatchEntry.objects.filter(match_id=replace_in, entry_id=old_id).update(entry_id=new_id)


def _later_matches_of(tournament: Tournament, match: Match, entry_id: int) -> list[Match]:
    """The matches after this one's round that the entry was put into, by round, locked."""
    return list(
        # has_games/has_reports are declared on Match for the services that take one;
        # django-stubs objects to an annotate() that names a declared attribute
        Match.objects.select_for_update(of=("self",))  # type: ignore[no-redef]
        .filter(
            tournament=tournament, round__number__gt=match.round.number, slots__entry_id=entry_id
        )
        .select_related("round")
        .annotate(
            has_games=Exists(MatchGame.objects.filter(match=OuterRef("pk"))),
            has_reports=Exists(MatchReport.objects.filter(match=OuterRef("pk"))),
        )
        .order_by("round__number")
    )
