"""Who decided a result, for the ratings (ratings/RULINGS.md R8): an event whose organizer
(or a staff member) plays in it and decides one of its results is unrated from then on."""

from tournaments import hooks
from tournaments.models import EntryMember, Match, MatchAudit, Tournament
from tournaments.services.common import is_organizer

NOT_RATED_DECISIONS = (Match.DecidedBy.BYE, Match.DecidedBy.FORFEIT)


def plays_in(*, tournament: Tournament, user) -> bool:
    """The user has an entry in the event, alone or as a team's member (one query)."""
    # every entry of a user has their membership row, a team's entry one per member
    return EntryMember.objects.filter(tournament=tournament, user=user).exists()


def result_decided(
    *, tournament: Tournament, match: Match, actor, action: str, decided_by: str
) -> None:
    """Note who decided a match's result: an organizer (or staff) who plays in the event
    makes the whole event unrated (R8), and the ratings forget its matches. Byes and
    forfeits rate nobody anyway; agreed results and the engine's are nobody's decision.
    No query unless an organizer decides outside a report (a report's locked read already
    knows whether its reporter plays: `viewer_in_event`)."""
    if not tournament.rated or actor is None or action in MatchAudit.AGREED_ACTIONS:
        return
    if decided_by in NOT_RATED_DECISIONS or not is_organizer(tournament=tournament, user=actor):
        return
    plays = getattr(match, "viewer_in_event", None)  # read for the actor, with the lock
    if plays is None:
        plays = plays_in(tournament=tournament, user=actor)
    if not plays:
        return
    tournament.rated = False
    Tournament.objects.filter(pk=tournament.pk).update(rated=False)
    hooks.event_unrated(tournament_id=tournament.pk)
