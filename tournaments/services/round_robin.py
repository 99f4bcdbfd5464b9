"""Round robin in the database: deal the groups and draw every round at the start, then, once
the last group match is finished, draw the playoff (single or double elimination) from the
groups' standings or finish the event. Called with the tournament locked.

The pure rules are `tournaments.brackets.round_robin`; the rulings R1-R5 in RULINGS.md.
"""

from config.errors import Conflict
from tournaments.brackets import round_robin as pure
from tournaments.models import Entry, Match, MatchEntry, Round, Tournament
from tournaments.reads import round_robin as reads

# bracket.py calls into this module for a group round; both read each other's names at call
# time only.
from tournaments.services import bracket, double_elimination
from tournaments.services.common import audit, now
from tournaments.services.notices import matches_ready_notify


def round_robin_start(*, tournament: Tournament, entry_ids_by_seed: list[int]) -> None:
    """Deal the entries into groups (snake order by seed), then create every round of every
    group (the circle method), all of its matches ready (R1, R2)."""
    pure.check_two_entries(tournament.entries_per_match)
    dealt = pure.groups(entry_ids_by_seed, tournament.group_size)
    if min(len(group) for group in dealt) < pure.MIN_GROUP:
        raise Conflict(
            f"Groups of {tournament.group_size} leave a group of one entry with "
            f"{len(entry_ids_by_seed)} entries; choose a bigger group size.",
            code="group_of_one",
        )
    members = Entry.objects.in_bulk(entry_ids_by_seed)
    for number, group in enumerate(dealt, start=1):
        for pk in group:
            members[pk].group = number
    Entry.objects.bulk_update(members.values(), ["group"])
    schedule = pure.schedule(dealt)
    tournament.swiss_rounds = len(schedule)
    tournament.save(update_fields=["swiss_rounds"])
    rounds = Round.objects.bulk_create(
        [Round(tournament=tournament, number=n) for n in range(1, len(schedule) + 1)]
    )
    pairs = [(rounds[r], a, b) for r, tables in enumerate(schedule) for _g, a, b in tables]
    counts: dict[int, int] = {}
    made = []
    for round_row, _a, _b in pairs:
        index = counts.get(round_row.number, 0)
        counts[round_row.number] = index + 1
        made.append(
            Match(tournament=tournament, round=round_row, index=index, status=Match.Status.READY)
        )
    matches = Match.objects.bulk_create(made)
    MatchEntry.objects.bulk_create(
        [
            MatchEntry(match=match, entry_id=entry_id, slot=slot)
            for match, (_r, a, b) in zip(matches, pairs, strict=True)
            for slot, entry_id in enumerate((a, b))
        ]
    )
    first = [m.pk for m in matches if m.round_id == rounds[0].pk]
    matches_ready_notify(tournament=tournament, match_ids=first, started=False)


def group_match_finished(
    *, tournament: Tournament, match: Match, actor, action: str, before: dict, games
) -> None:
    """Save a finished group match (nobody moves on: the standings count it) and, when it
    was the group stage's last, go on to the playoff or finish the event."""
    match.save(update_fields=["status", "winner", "decided_by", "finished_at"])
    audit(match=match, actor=actor, action=action, before=before, games=games)
    open_ = Match.objects.filter(
        tournament=tournament, round__number__lte=tournament.swiss_rounds or 0
    ).exclude(status=Match.Status.FINISHED)
    if not open_.exists():
        group_stage_complete(tournament=tournament)


def group_stage_complete(*, tournament: Tournament) -> None:
    """Every group match is finished: draw the playoff from the best `group_advance` of each
    group (group winners first, R3) or finish the event. Nothing happens twice."""
    if tournament.rounds.filter(number__gt=tournament.swiss_rounds or 0).exists():
        return
    chosen: list[int] = []
    if tournament.playoff:
        chosen = pure.qualifiers(
            reads.ranked_groups(tournament=tournament), tournament.group_advance
        )
    if len(chosen) < 2:
        tournament.status, tournament.finished_at = Tournament.Status.FINISHED, now()
        tournament.save(update_fields=["status", "finished_at"])
        return
    seeded = Entry.objects.in_bulk(chosen)
    for number, pk in enumerate(chosen, start=1):
        seeded[pk].cut_seed = number
    Entry.objects.bulk_update(seeded.values(), ["cut_seed"])
    first = (tournament.swiss_rounds or 0) + 1
    if tournament.playoff == Tournament.Playoff.DOUBLE_ELIMINATION:
        double_elimination.double_build(tournament=tournament, entry_ids_by_seed=chosen)
    else:
        bracket.bracket_build(tournament=tournament, entry_ids_by_seed=chosen, first_number=first)
    ready = Match.objects.filter(
        tournament=tournament, round__number__gte=first, status=Match.Status.READY
    ).values_list("pk", flat=True)
    matches_ready_notify(tournament=tournament, match_ids=list(ready), started=False)
