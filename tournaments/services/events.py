"""Services for the event itself: create, start, cancel, start a round, an entry's forfeit."""

import secrets
from random import Random
from typing import Any

from django.db import transaction

import games
from config.errors import Conflict, NotFound, ServiceError
from tournaments import hooks
from tournaments.fastpath.seeds import store_seeds
from tournaments.models import Entry, Match, MatchEntry, Tournament
from tournaments.services import bracket, double_elimination, round_robin, swiss
from tournaments.services.announce import Announcement, announcement_checked
from tournaments.services.clock import matches_start
from tournaments.services.common import (
    audit,
    lock_tournament,
    now,
    require_organizer,
    snapshot,
    supersede_pending_reports,
)

MAX_TIME_LIMIT = 24 * 60
MAX_SWISS_ROUNDS = 20
TOP_CUTS = (0, 2, 4, 8, 16)
MAX_GROUP_SIZE = 32  # a group of 32 plays 31 rounds


def deck_formats_for(game: str) -> list[str]:
    """The deck formats an event of `game` may use (the game's declaration); [] if unknown."""
    try:
        return list(games.get(game).format_slugs())
    except games.UnknownGame:
        return []


def _check_settings(
    *,
    game: str,
    deck_format: str,
    entries_per_match: int,
    team_size: int,
    team_mode: str,
    best_of: int,
    time_limit_minutes: int,
    jokers: bool,
    pairing: str,
    seeding: str,
    structure: str,
    swiss_rounds: int | None,
    top_cut: int,
    group_size: int | None,
    group_advance: int,
    playoff: str,
    grand_final_reset: bool,
) -> dict[str, list[str]]:
    errors: dict[str, list[str]] = {}
    if game not in games.slugs():
        names = ", ".join(f"{g.name} ({g.slug})" for g in games.all_games())
        errors["game"] = [f"Choose one of {names}."]
    else:
        # What the game allows (formats, players per match, teams, Jokers): its declaration.
        errors.update(
            games.get(game).settings_problems(
                deck_format=deck_format,
                entries_per_match=entries_per_match,
                team_size=team_size,
                jokers=jokers,
            )
        )
    if team_mode not in Tournament.TeamMode.values:
        errors["team_mode"] = ["Choose alliance or as-one."]
    if best_of not in (1, 3, 5):
        errors["best_of"] = ["Matches are best of 1, 3 or 5."]
    if not 0 <= time_limit_minutes <= MAX_TIME_LIMIT:
        errors["time_limit_minutes"] = [f"Give 0 (no limit) to {MAX_TIME_LIMIT} minutes."]
    if pairing not in Tournament.Pairing.values:
        errors["pairing"] = ["Choose bracket or random."]
    if seeding not in Tournament.Seeding.values:
        errors["seeding"] = ["Choose random, manual or by rating."]
    errors.update(_structure_problems(structure, swiss_rounds, top_cut, pairing))
    errors.update(
        _format_problems(structure, entries_per_match, pairing, group_size, group_advance, playoff)
    )
    return errors


def _format_problems(
    structure: str,
    entries_per_match: int,
    pairing: str,
    group_size: int | None,
    group_advance: int,
    playoff: str,
) -> dict[str, list[str]]:
    """Double elimination and round robin: matches of two entries, a seeded bracket, and
    the groups' settings for a round robin only (RULINGS.md D1, R1-R5)."""
    errors: dict[str, list[str]] = {}
    two_only = (Tournament.Structure.DOUBLE_ELIMINATION, Tournament.Structure.ROUND_ROBIN)
    if structure in two_only:
        if entries_per_match != 2:
            label = Tournament.Structure(structure).label
            errors["entries_per_match"] = [
                f"{label} is played in matches of two entries; for 3 or 4 entries a match "
                "choose single elimination or Swiss rounds."
            ]
        if pairing != Tournament.Pairing.BRACKET:
            errors["pairing"] = [
                "Only single elimination pairs at random; this structure is a seeded bracket."
            ]
    if structure != Tournament.Structure.ROUND_ROBIN:
        if group_size is not None:
            errors["group_size"] = ["Only a round robin has groups."]
        if group_advance or playoff:
            errors["playoff"] = ["Only a round robin has a playoff after its groups."]
        return errors
    if group_size is not None and not 2 <= group_size <= MAX_GROUP_SIZE:
        errors["group_size"] = [
            f"A group has 2 to {MAX_GROUP_SIZE} entries; leave it empty for one group."
        ]
    if playoff not in Tournament.Playoff.values:
        errors["playoff"] = ["Choose no playoff, single elimination or double elimination."]
    elif playoff and group_advance < 1:
        errors["group_advance"] = ["Say how many entries of each group go on to the playoff."]
    elif not playoff and group_advance:
        errors["group_advance"] = ["Choose a playoff for the entries that go on."]
    elif group_size is not None and group_advance > group_size:
        errors["group_advance"] = [f"A group of {group_size} cannot send on {group_advance}."]
    return errors


def _structure_problems(structure: str, swiss_rounds, top_cut: int, pairing: str) -> dict:
    """Swiss rounds and a top cut belong to a Swiss event; the cut is the fixed bracket."""
    if structure not in Tournament.Structure.values:
        names = ", ".join(label.lower() for label in Tournament.Structure.labels)
        return {"structure": [f"Choose one of: {names}."]}
    errors: dict[str, list[str]] = {}
    if structure == Tournament.Structure.ROUND_ROBIN:
        if swiss_rounds is not None:
            errors["swiss_rounds"] = [
                "A round robin's rounds follow from its groups; leave Swiss rounds empty."
            ]
        if top_cut:
            errors["top_cut"] = ["A round robin's playoff takes the best of each group."]
        return errors
    if structure != Tournament.Structure.SWISS:
        if swiss_rounds is not None:
            errors["swiss_rounds"] = ["Only a Swiss event has Swiss rounds."]
        if top_cut:
            errors["top_cut"] = ["Only a Swiss event has a top cut."]
        return errors
    if swiss_rounds is not None and not 1 <= swiss_rounds <= MAX_SWISS_ROUNDS:
        errors["swiss_rounds"] = [
            f"Give 1 to {MAX_SWISS_ROUNDS} rounds, or leave it empty for the usual number."
        ]
    if top_cut not in TOP_CUTS:
        errors["top_cut"] = ["A top cut is of 2, 4, 8 or 16 entries (or 0 for none)."]
    if pairing != Tournament.Pairing.BRACKET:
        errors["pairing"] = ["A Swiss event pairs by record; its top cut is a seeded bracket."]
    return errors


@transaction.atomic
def tournament_create(
    *,
    organizer,
    name: str,
    game: str = games.default().slug,
    deck_format: str | None = None,
    entries_per_match: int = 2,
    team_size: int = 1,
    team_mode: str = "alliance",
    best_of: int | None = None,
    time_limit_minutes: int = 50,
    jokers: bool = False,
    pairing: str = "bracket",
    seeding: str = "random",
    structure: str = "elimination",
    swiss_rounds: int | None = None,
    top_cut: int = 0,
    group_size: int | None = None,
    group_advance: int = 0,
    playoff: str = "",
    grand_final_reset: bool = True,
    announcement: Announcement | None = None,
) -> Tournament:
    """Create an event in registration; every setting (and the announcement: date, venue,
    cap, registration hours, visibility) is checked and all problems reported.
    A Swiss event with no `swiss_rounds` plays ceil(log2 entries) rounds (fixed at the start)."""
    if best_of is None:
        best_of = 3 if entries_per_match == 2 else 1
    if not deck_format and game in games.slugs():
        deck_format = games.get(game).default_format.slug
    settings: dict[str, Any] = {
        "game": game,
        "deck_format": deck_format,
        "entries_per_match": entries_per_match,
        "team_size": team_size,
        "team_mode": team_mode,
        "best_of": best_of,
        "time_limit_minutes": time_limit_minutes,
        "jokers": jokers,
        "pairing": pairing,
        "seeding": seeding,
        "structure": structure,
        "swiss_rounds": swiss_rounds,
        "top_cut": top_cut or 0,
        "group_size": group_size,
        "group_advance": group_advance or 0,
        "playoff": playoff or "",
        "grand_final_reset": grand_final_reset,
    }
    errors = _check_settings(**settings)
    details, problems = announcement_checked(announcement or Announcement())
    errors.update(problems)
    if not name.strip():
        errors["name"] = ["Give the tournament a name."]
    if errors:
        raise ServiceError("The tournament settings are not valid.", code="invalid", errors=errors)
    fields = {"name": name.strip(), "organizer": organizer, "rng_seed": secrets.randbits(62)}
    return Tournament.objects.create(**fields, **settings, **details)


def match_forfeit_entry(*, tournament: Tournament, match: Match, entry_id: int, actor) -> None:
    """Mark an entry as forfeiting a match; the last entry left in a started match wins it."""
    before = snapshot(match)
    MatchEntry.objects.filter(match=match, entry_id=entry_id).update(forfeited=True)
    if match.status == Match.Status.AWAITING_CONFIRMATION:
        # The report was made with the forfeiting entry still in, and that entry can no longer
        # confirm it: whoever is left reports again.
        supersede_pending_reports(match)
        match.status = Match.Status.IN_PROGRESS if match.started_at else Match.Status.READY
        match.save(update_fields=["status"])
    audit(match=match, actor=actor, action=f"forfeit:{entry_id}", before=before)
    if match.status == Match.Status.PENDING:
        return
    active = list(match.slots.filter(forfeited=False).values_list("entry_id", flat=True))
    if len(active) == 1:
        bracket.match_finish(
            tournament=tournament,
            match=match,
            winner_id=active[0],
            decided_by=Match.DecidedBy.FORFEIT,
            actor=actor,
            action="forfeit-win",
        )


@transaction.atomic
def tournament_start(*, tournament: Tournament, by_user) -> Tournament:
    """Seed the entries, lock decks, build the bracket (round 1 at least) and start round 1."""
    tournament = lock_tournament(tournament.pk, bump=True)
    require_organizer(tournament=tournament, user=by_user, action="start the tournament")
    if tournament.status != Tournament.Status.REGISTRATION:
        raise Conflict(
            f"The tournament is {tournament.status}, not in registration.",
            code="not_in_registration",
        )
    entries = list(
        tournament.entries.filter(dropped=False, waitlisted=False).order_by("seed", "id")
    )
    if len(entries) < 2:
        raise ServiceError("A tournament needs at least 2 entries.", code="too_few_entries")
    fmt = games.get(tournament.game).format(tournament.deck_format)
    # An event created before the declaration may hold another game's format: off the top
    # there still means no decks (the engine's starter decks outside Combat).
    if fmt.uses_deck if fmt is not None else tournament.deck_format != "off-the-top":
        hooks.decks_lock(tournament=tournament)
    ordered = _seed(tournament, entries)
    ids = [e.pk for e in ordered]
    if tournament.is_swiss:
        swiss.swiss_start(tournament=tournament, entry_ids_by_seed=ids)
    elif tournament.is_round_robin:
        round_robin.round_robin_start(tournament=tournament, entry_ids_by_seed=ids)
    elif tournament.structure == Tournament.Structure.DOUBLE_ELIMINATION:
        double_elimination.double_build(tournament=tournament, entry_ids_by_seed=ids)
    elif tournament.pairing == Tournament.Pairing.BRACKET:
        bracket.bracket_build(tournament=tournament, entry_ids_by_seed=ids)
    else:
        bracket.random_round_open(tournament=tournament, number=1, entry_ids=ids)
    tournament.status, tournament.started_at = Tournament.Status.RUNNING, now()
    tournament.save(update_fields=["status", "started_at"])
    tournament.rounds.filter(number=1).update(started_at=tournament.started_at)
    matches_start(
        tournament=tournament,
        matches=Match.objects.filter(
            tournament=tournament, round__number=1, status=Match.Status.READY
        ),
    )
    return tournament


def _seed(tournament: Tournament, entries: list[Entry]) -> list[Entry]:
    """Order the entries by seed and number them 1..N: the seeds the organizer gave first, in
    their order, then the others in registration order (`manual`), shuffled (`random`) or
    best-rated first (`rating`)."""
    entries.sort(key=lambda e: (e.seed is None, e.seed or 0, e.pk))
    given = sum(1 for e in entries if e.seed is not None)
    rest = entries[given:]
    if tournament.seeding == Tournament.Seeding.RANDOM:
        Random(tournament.rng_seed).shuffle(rest)
    elif tournament.seeding == Tournament.Seeding.RATING:
        # the players' ratings in this game (the ratings app, through the hook), best first
        order = hooks.rating_order(game=tournament.game, entry_ids=[e.pk for e in rest])
        by_id = {e.pk: e for e in rest}
        rest = [by_id[pk] for pk in order]
    entries[given:] = rest
    changed = []
    for number, entry in enumerate(entries, start=1):
        if entry.seed != number:
            entry.seed = number
            changed.append(entry)
    tournament.entries.filter(dropped=True).update(seed=None)
    if changed:
        # Clear first: renumbering in place could collide on the unique (tournament, seed).
        Entry.objects.filter(pk__in=[e.pk for e in changed]).update(seed=None)
        store_seeds(changed)
    return entries


@transaction.atomic
def tournament_cancel(*, tournament: Tournament, by_user) -> Tournament:
    """Cancel an event that has not finished."""
    tournament = lock_tournament(tournament.pk, bump=True)
    require_organizer(tournament=tournament, user=by_user, action="cancel the tournament")
    if tournament.status == Tournament.Status.FINISHED:
        raise Conflict("A finished tournament cannot be cancelled.", code="tournament_over")
    tournament.status = Tournament.Status.CANCELLED
    tournament.save(update_fields=["status"])
    return tournament


@transaction.atomic
def round_start(*, tournament: Tournament, number: int, by_user) -> int:
    """Start every ready match of a round (their clocks start); returns how many started."""
    tournament = lock_tournament(tournament.pk, bump=True)
    require_organizer(tournament=tournament, user=by_user, action="start a round")
    if tournament.status != Tournament.Status.RUNNING:
        raise Conflict("The tournament is not running.", code="not_running")
    round_row = tournament.rounds.filter(number=number).first()
    if round_row is None:
        raise NotFound(f"Round {number} has not been paired yet.", code="round_not_found")
    if round_row.started_at is None:
        round_row.started_at = now()
        round_row.save(update_fields=["started_at"])
    ready = Match.objects.filter(round=round_row, status=Match.Status.READY)
    return matches_start(tournament=tournament, matches=ready)
