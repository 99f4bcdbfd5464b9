"""Tournaments: events, entries, rounds, matches (with their slots and games) and the audit trail.

Workflows live in `tournaments.services`; these models hold data and database constraints. One
module a part of an event: `events` (the event), `entries` (who plays), `matches` (rounds,
matches, their slots, games, reports and audit).
"""

from tournaments.models.entries import Entry, EntryMember
from tournaments.models.events import GameSlug, Tournament
from tournaments.models.matches import Match, MatchAudit, MatchEntry, MatchGame, MatchReport, Round

__all__ = [
    "Entry",
    "EntryMember",
    "GameSlug",
    "Match",
    "MatchAudit",
    "MatchEntry",
    "MatchGame",
    "MatchReport",
    "Round",
    "Tournament",
]
