"""The organizer's events of the demo: an elimination event half-way through round 1, one
taking entries, four-player pods, a Swiss event with a top cut, and a league."""

from __future__ import annotations

import os
import sys
from datetime import timedelta

from tests.e2e.screenshots.settings import PASSWORD, ROOT, django_env


def build_demo() -> dict:
    """The demo data, through the services as the app writes it; returns ids to visit."""
    set_up_django()
    from accounts.models import User
    from tournaments import services

    organizer = User.objects.create_user("orla", password=PASSWORD)
    players = [User.objects.create_user(f"player{n}", password=PASSWORD) for n in range(1, 9)]
    event = thursday_open(organizer, players)
    registering = services.tournament_create(organizer=organizer, name="Next week's Open")
    services.entries_paste(
        tournament=registering, by_user=organizer, text="Ann, 1\nBen, 2\nCal\nDee"
    )
    services.tournament_start(tournament=event, by_user=organizer)
    pods = four_player_pods(organizer)
    swiss, league = build_swiss_demo(organizer, players)
    cut, double = build_cut_demo(organizer, players), build_double_demo(organizer)
    finished, waiting, disputed, timed = round_one_in_four_states(organizer, event)
    # check-in has begun for next week's event: two of four are here
    for entry in registering.entries.order_by("seed")[:2]:
        services.entry_check_in(entry=entry, by_user=organizer)
    player = waiting.slots.order_by("slot").first().entry.user
    return {
        "event": event.pk,
        "registering": registering.pk,
        "pods": pods,
        "matches": [m.pk for m in (finished, waiting, disputed, timed)],
        "player": player.username if player else "player1",
        "swiss": swiss,
        "league": league,
        "cut": cut,
        "double": double,
    }


def set_up_django() -> None:
    """Django set up on the demo's settings, its database migrated."""
    os.environ.update(django_env())
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def thursday_open(organizer, players):
    """An elimination event of the eight players (seeds 1-8) and five guests, not started."""
    from tournaments import services

    event = services.tournament_create(
        organizer=organizer, name="Thursday Open", seeding="manual", best_of=3
    )
    guests = ["Ada", "Bram", "Cleo", "Dov", "Ezra"]
    for seed, user in enumerate(players, 1):
        services.entry_add(tournament=event, by_user=organizer, user_id=user.pk, seed=seed)
    services.entries_paste(tournament=event, by_user=organizer, text="\n".join(guests))
    return event


def four_player_pods(organizer) -> int:
    """Eleven guests in four-player pods, started; its id."""
    from tournaments import services

    pods = services.tournament_create(
        organizer=organizer, name="Four-player pods", seeding="manual", entries_per_match=4
    )
    services.entries_paste(
        tournament=pods, by_user=organizer, text="\n".join(f"Pod player {n}" for n in range(1, 12))
    )
    services.tournament_start(tournament=pods, by_user=organizer)
    return pods.pk


def round_one_in_four_states(organizer, event) -> list:
    """Round 1's first four matches: one finished, one waiting for confirmation, one disputed,
    one with time called; and another past its deadline."""
    from django.utils import timezone

    from tournaments import services
    from tournaments.models import Match

    matches = list(Match.objects.filter(tournament=event, round__number=1, is_bye=False))
    slots = {
        m.pk: list(m.slots.order_by("slot").values_list("entry_id", flat=True)) for m in matches
    }
    finished, waiting, disputed, timed = matches[:4]
    services.match_result_report(
        match=finished,
        by_user=organizer,
        games=[{"winner": slots[finished.pk][0]}, {"winner": slots[finished.pk][0]}],
    )
    for match in (waiting, disputed):
        player = match.slots.order_by("slot").first().entry.user
        services.match_result_report(
            match=match,
            by_user=player,
            games=[{"winner": slots[match.pk][0]}, {"winner": slots[match.pk][0]}],
        )
    disputer = disputed.slots.order_by("slot").last().entry.user
    if disputer is not None:
        services.match_result_dispute(match=disputed, by_user=disputer)
    services.match_time_call(match=timed, by_user=organizer)
    # a clock past its deadline that the worker has not called yet (no worker runs here)
    late = Match.objects.filter(tournament=event, round__number=1, status="in_progress")
    late = late.exclude(pk=timed.pk).first()
    if late is not None:
        Match.objects.filter(pk=late.pk).update(deadline=timezone.now() - timedelta(minutes=3))
    return [finished, waiting, disputed, timed]


def build_swiss_demo(organizer, players) -> tuple[int, int]:
    """A Swiss event of 8 players and 3 guests with a top 4: round 1 played, round 2 paired
    with one result in (issue 18's pages: tables, the player's table, standings); a league."""
    from ratings import services as ratings
    from tournaments import services
    from tournaments.models import Match

    event = services.tournament_create(
        organizer=organizer,
        name="Swiss Saturday",
        seeding="manual",
        best_of=3,
        structure="swiss",
        top_cut=4,
    )
    for seed, user in enumerate(players, 1):
        services.entry_add(tournament=event, by_user=organizer, user_id=user.pk, seed=seed)
    services.entries_paste(tournament=event, by_user=organizer, text="Gus\nHal\nIda")
    services.tournament_start(tournament=event, by_user=organizer)
    for number, count in ((1, None), (2, 1)):
        pending = Match.objects.filter(tournament=event, round__number=number, is_bye=False)
        for match in list(pending.order_by("index"))[:count]:
            first, second = match.slots.order_by("slot").values_list("entry_id", flat=True)
            games = [{"winner": first}, {"winner": second}, {"winner": first}]
            services.match_result_report(match=match, by_user=organizer, games=games)
    league = spring_league(organizer, players)
    # no worker runs here: rate the finished matches as the ratings task would
    for match in Match.objects.filter(status="finished").order_by("finished_at", "pk"):
        ratings.match_rate(match_id=match.pk)
    return event.pk, league


def spring_league(organizer, players) -> int:
    """A league of two finished 4-player events and one coming (issue 18: the leaderboard, a
    player's history); its id."""
    from django.utils import timezone

    from leagues import services as leagues
    from tournaments import services
    from tournaments.models import Match, Tournament
    from tournaments.services.announce import Announcement

    today = timezone.localdate()
    league = leagues.league_create(
        organizer=organizer,
        name="Spring league",
        counted_events=3,
        planned_events=5,
        starts_on=today - timedelta(days=14),
        ends_on=today + timedelta(days=60),
        description="Thursdays at 7 pm at the shop. Best 3 of 5 weeks count; prizes for the top 4.",
    )
    for week, order in enumerate((players[:4], players[2:6]), 1):
        weekly = services.tournament_create(
            organizer=organizer, name=f"Week {week}", seeding="manual", best_of=1
        )
        for seed, user in enumerate(order, 1):
            services.entry_add(tournament=weekly, by_user=organizer, user_id=user.pk, seed=seed)
        services.tournament_start(tournament=weekly, by_user=organizer)
        playable = Match.objects.filter(tournament=weekly, status__in=["ready", "in_progress"])
        while (match := playable.order_by("round__number", "index").first()) is not None:
            seeds = match.slots.order_by("entry__seed").values_list("entry_id", flat=True)
            services.match_decide(match=match, by_user=organizer, winner_id=seeds[0])
        # held on Thursday evenings: week 1 a week ago, week 2 today
        evening = timezone.now().replace(hour=19, minute=0, second=0, microsecond=0)
        held = evening - timedelta(days=7 * (2 - week))
        Tournament.objects.filter(pk=weekly.pk).update(
            starts_at=held, started_at=held, finished_at=held + timedelta(hours=3)
        )
        leagues.league_event_add(league=league, by_user=organizer, tournament_id=weekly.pk)
    coming = services.tournament_create(
        organizer=organizer,
        name="Week 3",
        best_of=1,
        announcement=Announcement(starts_at=evening + timedelta(days=7)),
    )
    leagues.league_event_add(league=league, by_user=organizer, tournament_id=coming.pk)
    return league.pk


def build_cut_demo(organizer, players) -> int:
    """A Swiss event of 8 with a top 4, its three Swiss rounds played: the semifinals are
    drawn and ready, not started (issue 36: the projector and printouts of a cut)."""
    from tournaments import services
    from tournaments.models import Match

    event = services.tournament_create(
        organizer=organizer,
        name="Sunday top cut",
        seeding="manual",
        best_of=1,
        structure="swiss",
        top_cut=4,
    )
    for seed, user in enumerate(players, 1):
        services.entry_add(tournament=event, by_user=organizer, user_id=user.pk, seed=seed)
    services.tournament_start(tournament=event, by_user=organizer)
    for number in (1, 2, 3):
        playing = Match.objects.filter(tournament=event, round__number=number, is_bye=False)
        for match in playing.exclude(status="finished").order_by("index"):
            seeds = match.slots.order_by("entry__seed").values_list("entry_id", flat=True)
            services.match_decide(match=match, by_user=organizer, winner_id=seeds[0])
    return event.pk


def build_double_demo(organizer) -> int:
    """A double elimination of 8 played up to its grand final's reset (issue 36: the bracket
    at 1280 px, wider than the page)."""
    from tournaments import services
    from tournaments.models import Match
    from tournaments.reads.bracket import round_stage

    event = services.tournament_create(
        organizer=organizer,
        name="Double Friday",
        seeding="manual",
        best_of=1,
        structure="double-elimination",
    )
    names = ["Ann", "Ben", "Cal", "Dee", "Eli", "Fay", "Gil", "Hugo"]
    for seed, name in enumerate(names, 1):
        services.entry_add(tournament=event, by_user=organizer, name=name, seed=seed)
    services.tournament_start(tournament=event, by_user=organizer)
    event.refresh_from_db()
    playable = Match.objects.filter(tournament=event, status__in=["ready", "in_progress"])
    finals = 0
    while (match := playable.order_by("round__number", "index").first()) is not None:
        seeds = list(match.slots.order_by("entry__seed").values_list("entry_id", flat=True))
        if round_stage(event, match.round.number) == "final":
            if finals:
                break  # the grand final's reset waits to be played
            finals, seeds = 1, seeds[::-1]  # the losers' bracket winner takes the grand final
        services.match_decide(match=match, by_user=organizer, winner_id=seeds[0])
    return event.pk
