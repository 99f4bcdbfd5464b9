"""The bracket alone (htmx polls it, the parts menu loads a region) and its embeddable page."""

from csp.decorators import csp_replace
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.clickjacking import xframe_options_exempt

from tournaments.fastpath import conditional
from tournaments.fastpath.bracket_cards import (
    bracket_changes,
    bracket_html,
    poller,
    region_unchanged,
)
from tournaments.models import Tournament
from tournaments.reads.events import entry_ids_of_user
from tournaments.web.common import get_tournament, page_tag, region_param


def tournament_bracket(request: HttpRequest, pk: int) -> HttpResponse:
    """The bracket (a region of a big one, `?region=`) alone: htmx polls it to update the
    detail page without a reload, and the parts menu loads another region with it.

    A poll names the version it shows (`?since=v`): 204 (nothing to swap) while the version is
    the same; after a change, only the match cards that changed (swapped out of band) and the
    poller for the new version, or the whole region when the cards shown at v are not known.
    The page's poll names its viewer's entries (`&mine=`, to mark their cards), so none of
    these answers reads the session. A browser's conditional request gets 304."""
    state = conditional.version_or_404(pk, request)
    if conditional.unchanged_since(request, state.version):
        return conditional.no_change()
    region = request.GET.get("region", "")
    asked_since = request.GET.get("since", "")
    since = int(asked_since) if asked_since.isdigit() and len(asked_since) < 19 else None
    # the event's row alone: the bracket shows no entry count (a count of every entry)
    tournament = Tournament.objects.filter(pk=pk).first()
    if tournament is None:
        raise Http404("No such tournament.")
    asked_region = int(region) if region.isdigit() and len(region) < 6 else None
    # the region shows what it showed: the poller of the new version alone, the same for
    # everyone (no session, no user, no render read)
    if since is not None and asked_region is not None:
        marked = _marked_param(request)
        if region_unchanged(tournament, asked_region, since):
            response = HttpResponse(poller(tournament, asked_region, marked or set()))
            response["Cache-Control"] = "no-store"
            return response
        if marked is not None:
            # a page's poll naming its viewer's entries: answered the same for anyone who asks
            # it, without the session (the cards that changed, or the whole region)
            return _bracket_poll_answer(tournament, marked, asked_region, since)
    kind = f"bracket-r{region}" if region.isdigit() else "bracket"
    tag = page_tag(kind, pk, tournament.version, request)
    if conditional.matches(request, tag):
        return conditional.not_modified(tag)
    mine = entry_ids_of_user(tournament=tournament, user=request.user)
    shown = region_param(request, tournament, mine)
    if since is not None:
        response = _bracket_poll_answer(tournament, mine, shown, since)
    else:
        response = HttpResponse(bracket_html(tournament, mine, shown))
    return conditional.stamp(
        response, page_tag(kind, pk, tournament.version, request), per_user=True
    )


MAX_MARKED = 16  # entries a poll may name as the viewer's own (a player has one or a few)


def _marked_param(request: HttpRequest) -> set[int] | None:
    """The viewer's own entries as the poll names them (`?mine=12.34`, empty for a
    spectator), or None when the request does not name them (then the session says)."""
    asked = request.GET.get("mine")
    if asked is None:
        return None
    parts = asked.split(".") if asked else []
    if len(parts) > MAX_MARKED or not all(p.isdigit() and len(p) < 19 for p in parts):
        return None
    return {int(p) for p in parts}


def _bracket_poll_answer(
    tournament: Tournament, mine: set[int], region: int, since: int
) -> HttpResponse:
    """A poll's answer after a change: the cards that changed since version `since`, or the
    whole region when those are not known (it then replaces the page's bracket)."""
    changes = bracket_changes(tournament, mine, region, since)
    if changes is not None:
        response = HttpResponse(changes)
    else:
        response = HttpResponse(bracket_html(tournament, mine, region))
        # the poller sits inside the bracket: the whole region replaces the bracket
        response["HX-Retarget"] = "#bracket"
        response["HX-Reswap"] = "outerHTML"
    response["Cache-Control"] = "no-store"
    return response


@xframe_options_exempt
@csp_replace({"frame-ancestors": "*"})  # type: ignore[arg-type]  # the stubs know no pk
def tournament_embed(request: HttpRequest, pk: int) -> HttpResponse:
    """The bracket alone, read-only, for other sites to show in an iframe."""
    tournament = get_tournament(pk)
    region = region_param(request, tournament, set())
    context = {"tournament": tournament, "bracket_html": bracket_html(tournament, set(), region)}
    return render(request, "tournaments/embed.html", context)
