"""What the tournaments' pages share: the event or match of a URL (404 when there is none),
a page's ETag, the bracket region a viewer sees."""

from django.http import Http404, HttpRequest

from config.errors import NotFound
from tournaments.fastpath import conditional
from tournaments.models import Match, Tournament
from tournaments.reads.bracket_parts import bracket_region_of_user
from tournaments.reads.events import tournament_get
from tournaments.reads.matches import match_get


def get_tournament(pk: int) -> Tournament:
    """The tournament of a URL, with its organizer and entry count; Http404 if none."""
    try:
        return tournament_get(tournament_id=pk)
    except NotFound:
        raise Http404("No such tournament.") from None


def get_match(pk: int) -> Match:
    """The match of a URL, with its tournament and round; Http404 if none."""
    try:
        return match_get(match_id=pk)
    except NotFound:
        raise Http404("No such match.") from None


def page_tag(kind: str, pk: int, version: int, request: HttpRequest) -> str:
    """A page's ETag: what it shows, at which version, to whom."""
    return conditional.etag(
        kind=kind, tournament_id=pk, version=version, user_id=request.user.pk or 0
    )


def region_param(request: HttpRequest, tournament: Tournament, mine: set[int]) -> int:
    """The region asked for (`?region=`), else the one showing the viewer's own path."""
    asked = request.GET.get("region", "")
    if asked.isdigit() and len(asked) < 6:
        return int(asked)
    return bracket_region_of_user(tournament=tournament, entry_ids=mine)
