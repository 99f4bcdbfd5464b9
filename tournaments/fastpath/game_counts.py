"""Each entry's games won and lost in an event, in one hand-written aggregate.

Stands for: `MatchGame.objects.filter(match__tournament=t, superseded=False,
winner__isnull=False).values("match__slots__entry_id").annotate(won=Count("pk",
filter=Q(winner_id=F("match__slots__entry_id"))), lost=Count("pk", filter=~Q(...)))`.
Justified by `bench/event_scale.py`, figure `changed_standings_api_cpu_median` (a 4,096-entry
event's standings are built after every change; the ORM's join and compiling cost more than
the database's sum).
"""

from django.db import connection

from tournaments.models import Match, MatchEntry, MatchGame, Tournament


def game_records(tournament: Tournament) -> list[tuple[int, int, int]]:
    """(entry, games won, games lost) of each entry that played a counted game with a winner:
    every game of a match counts for each entry in it, won or lost."""
    games = MatchGame._meta.db_table
    slots, matches = MatchEntry._meta.db_table, Match._meta.db_table
    sql = (
        "SELECT s.entry_id,"
        " SUM(CASE WHEN g.winner_id = s.entry_id THEN 1 ELSE 0 END),"
        " SUM(CASE WHEN g.winner_id <> s.entry_id THEN 1 ELSE 0 END)"
        f" FROM {games} g JOIN {matches} m ON m.id = g.match_id"
        f" JOIN {slots} s ON s.match_id = g.match_id"
        " WHERE m.tournament_id = %s AND NOT g.superseded AND g.winner_id IS NOT NULL"
        " GROUP BY s.entry_id"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [tournament.pk])
        return cursor.fetchall()
