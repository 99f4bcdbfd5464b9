"""Double elimination in the database: build the bracket, move a finished match's winner and
loser on, play the grand final and its reset, follow a correction through both brackets.
Called with the tournament locked (`bracket.match_finish`, `bracket.downstream_replace`).

The routes are the pure layout's (`tournaments.brackets.double_elimination`): this reads the
rows, asks the layout where an entry goes, and writes it. Rulings D1-D6 in RULINGS.md.
"""

from config.errors import Conflict
from tournaments.brackets import double_elimination as de
from tournaments.brackets.advancing import LaterMatchesPlayed
from tournaments.models import Entry, Match, MatchEntry, MatchGame, MatchReport, Round, Tournament

# bracket.py calls into this module for a double-elimination round; both read each other's
# names at call time only.
from tournaments.services import bracket
from tournaments.services.common import audit, now
from tournaments.services.notices import matches_ready_notify


def plan_of(tournament: Tournament) -> de.Layout:
    """The event's double-elimination layout (cached per entry count)."""
    assert tournament.bracket_entries is not None, "the bracket is drawn"
    return de.layout(tournament.bracket_entries, tournament.bracket_layout)


def double_build(*, tournament: Tournament, entry_ids_by_seed: list[int]) -> None:
    """Create the winners' and losers' rounds and the grand final with their matches (bulk
    inserts), place the entries, play the byes; the reset is created only when it is needed.
    The bracket starts at `tournament.double_first_round` (1, or after the groups)."""
    de.check_two_entries(tournament.entries_per_match)
    plan = de.layout(len(entry_ids_by_seed))
    tournament.bracket_entries, tournament.bracket_layout = plan.entry_count, de.LAYOUT_VERSION
    tournament.save(update_fields=["bracket_entries", "bracket_layout"])
    first = tournament.double_first_round or 1
    spots = sorted(plan.matches, key=lambda s: de.round_number(plan, s, first))
    # a losers' round of pass-throughs only (D3) has no row: nothing is played in it
    numbers = sorted({de.round_number(plan, s, first) for s in spots})
    rounds = dict(
        zip(
            numbers,
            Round.objects.bulk_create([Round(tournament=tournament, number=n) for n in numbers]),
            strict=True,
        )
    )
    stamp = now()
    matches = Match.objects.bulk_create(
        [
            _new_match(
                tournament,
                rounds[de.round_number(plan, s, first)],
                plan.matches[s],
                entry_ids_by_seed,
                stamp,
            )
            for s in spots
        ]
    )
    by_spot = dict(zip(spots, matches, strict=True))
    slots: list[MatchEntry] = []
    filled: dict[de.Spot, int] = {}
    for planned in plan.round_matches(de.WINNERS, 1):
        for slot, seed in enumerate(planned.seeds):
            slots.append(
                MatchEntry(
                    match=by_spot[planned.spot], entry_id=entry_ids_by_seed[seed - 1], slot=slot
                )
            )
        if planned.is_bye and planned.winner_to is not None:
            target = planned.winner_to
            slots.append(
                MatchEntry(
                    match=by_spot[target.spot],
                    entry_id=entry_ids_by_seed[planned.seeds[0] - 1],
                    slot=target.slot,
                )
            )
            filled[target.spot] = filled.get(target.spot, 0) + 1
    MatchEntry.objects.bulk_create(slots)
    ready = [by_spot[s].pk for s, count in filled.items() if count == 2]
    Match.objects.filter(pk__in=ready).update(status=Match.Status.READY)


def _new_match(tournament, round_row, planned: de.Planned, ids: list[int], stamp) -> Match:
    spot = planned.spot
    match = Match(tournament=tournament, round=round_row, index=spot.position)
    if spot.side == de.WINNERS and spot.round == 1:
        match.status = Match.Status.READY
        if planned.is_bye:
            match.status, match.is_bye = Match.Status.FINISHED, True
            match.winner_id = ids[planned.seeds[0] - 1]
            match.decided_by, match.finished_at = Match.DecidedBy.BYE, stamp
    return match


def spot_of(tournament: Tournament, match: Match) -> de.Spot:
    """Where a match sits in the layout."""
    first = tournament.double_first_round or 1
    return de.spot_at(plan_of(tournament), match.round.number, match.index, first)


def _match_at(tournament: Tournament, spot: de.Spot) -> Match:
    number = de.round_number(plan_of(tournament), spot, tournament.double_first_round or 1)
    return Match.objects.select_for_update().get(
        tournament=tournament, round__number=number, index=spot.position
    )


def double_match_finished(
    *, tournament: Tournament, match: Match, actor, action, before, games
) -> None:
    """Save a finished match and move its entries on: the winner (and a winners' match's
    loser) to their next matches; the grand final finishes the event or opens the reset."""
    match.save(update_fields=["status", "winner", "decided_by", "finished_at"])
    audit(match=match, actor=actor, action=action, before=before, games=games)
    spot = spot_of(tournament, match)
    entries = list(match.slots.order_by("slot").values_list("entry_id", flat=True))
    winner = match.winner_id
    assert winner is not None, "a double-elimination match has a winner (no draws)"
    if spot == de.GRAND_FINAL and de.needs_reset(
        winner_slot=entries.index(winner), reset_allowed=tournament.grand_final_reset
    ):
        _reset_open(tournament, match, entries)
        return
    if spot.side == de.FINAL:
        _finish_event(tournament)
        return
    planned = plan_of(tournament).matches[spot]
    if planned.winner_to is not None:
        _seat(tournament, planned.winner_to, winner)
    if planned.loser_to is not None and len(entries) == 2:
        loser = entries[1 - entries.index(winner)]
        _seat(tournament, planned.loser_to, loser)


def _seat(tournament: Tournament, place: de.Place, entry_id: int) -> None:
    """Put an entry in its slot; a match that now knows both entries is ready (or won at
    once, when one of them has dropped: `bracket.match_make_ready`)."""
    target = _match_at(tournament, place.spot)
    dropped = Entry.objects.filter(pk=entry_id, dropped=True).exists()
    MatchEntry.objects.create(match=target, slot=place.slot, entry_id=entry_id, forfeited=dropped)
    if target.status == Match.Status.PENDING and target.slots.count() == 2:
        bracket.match_make_ready(tournament=tournament, match=target)


def _reset_open(tournament: Tournament, final: Match, entries: list[int]) -> None:
    """The losers' bracket winner won the grand final: both have lost once, play again."""
    plan = plan_of(tournament)
    number = de.round_number(plan, de.RESET, tournament.double_first_round or 1)
    round_row, _ = Round.objects.get_or_create(tournament=tournament, number=number)
    reset = Match.objects.create(
        tournament=tournament, round=round_row, index=0, status=Match.Status.READY
    )
    MatchEntry.objects.bulk_create(
        [MatchEntry(match=reset, entry_id=e, slot=slot) for slot, e in enumerate(entries)]
    )
    matches_ready_notify(tournament=tournament, match_ids=[reset.pk], started=False)


def _finish_event(tournament: Tournament) -> None:
    tournament.status, tournament.finished_at = Tournament.Status.FINISHED, now()
    tournament.save(update_fields=["status", "finished_at"])


def double_downstream_replace(
    *, tournament: Tournament, match: Match, old_id: int, new_id: int
) -> None:
    """After a correction, swap the two entries where they went: the new winner takes the old
    one's slot in the next match, the old winner takes the new one's in the losers' bracket
    (a winners' match). 409 naming the later matches when one of them has started or has a
    result; a corrected grand final opens or removes the reset (D5)."""
    spot = spot_of(tournament, match)
    if spot == de.GRAND_FINAL:
        _grand_final_corrected(tournament, match, new_id)
        return
    if spot == de.RESET:
        return
    planned = plan_of(tournament).matches[spot]
    moves = [(planned.winner_to, old_id, new_id)]
    if planned.loser_to is not None:
        moves.append((planned.loser_to, new_id, old_id))
    targets = [
        (_match_at(tournament, place.spot), was, now_) for place, was, now_ in moves if place
    ]
    played = [t.pk for t, _was, _now in targets if _has_played(t)]
    if played:
        exc = LaterMatchesPlayed(played)
        raise Conflict(str(exc), code=exc.code, data={"matches": played})
    for target, was, becomes in targets:
        MatchEntry.objects.filter(match=target, entry_id=was).update(entry_id=becomes)


def _has_played(match: Match) -> bool:
    """Started, or with games or a report: a correction must not change its entries."""
    if match.status not in bracket.OPEN_STATUSES:
        return True
    return (
        MatchGame.objects.filter(match=match).exists()
        or MatchReport.objects.filter(match=match).exists()
    )


def _grand_final_corrected(tournament: Tournament, final: Match, new_id: int) -> None:
    """The grand final's winner changed: with the reset allowed, a win of the losers' bracket
    winner needs the reset (opened, the event running again); a win of the winners' bracket
    winner removes an unplayed reset (and finishes the event)."""
    entries = list(final.slots.order_by("slot").values_list("entry_id", flat=True))
    reset_needed = de.needs_reset(
        winner_slot=entries.index(new_id), reset_allowed=tournament.grand_final_reset
    )
    number = de.round_number(plan_of(tournament), de.RESET, tournament.double_first_round or 1)
    reset = Match.objects.filter(tournament=tournament, round__number=number).first()
    if reset is not None and _has_played(reset):
        exc = LaterMatchesPlayed([reset.pk])
        raise Conflict(str(exc), code=exc.code, data={"matches": [reset.pk]})
    if reset is not None and not reset_needed:
        Round.objects.filter(tournament=tournament, number=number).delete()
        _finish_event(tournament)
    elif reset is None and reset_needed:
        tournament.status, tournament.finished_at = Tournament.Status.RUNNING, None
        tournament.save(update_fields=["status", "finished_at"])
        _reset_open(tournament, final, entries)
