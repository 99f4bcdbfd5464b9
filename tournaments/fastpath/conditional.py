"""Conditional reads of a tournament's pages and API: an ETag from the tournament's version.

A watcher's page polls every few seconds; while nothing changed it is answered from the
version alone (one indexed read): 304 to a request with a matching `If-None-Match`, and 204
to an htmx poll that says which version it shows (`?since=v`), so htmx swaps nothing.

Stands for: rendering the page or the API body on every request (a plain Django view).
Justified by `bench/event_scale.py`, figures `unchanged_page_304_cpu`,
`unchanged_bracket_api_304_cpu` and `unchanged_bracket_poll_204_cpu` beside `bare_view_cpu`.
"""

from django.contrib.messages import get_messages
from django.http import Http404, HttpRequest, HttpResponse
from django.utils.cache import patch_vary_headers
from django.utils.http import parse_etags

from tournaments.fastpath.pk_reads import Version, tournament_version

NO_CONTENT = 204


def etag(*, tournament_id: int, version: int, user_id: int | None = None, kind: str) -> str:
    """A weak ETag naming what was shown: the read, the tournament's version and, for a page
    that differs per user, who saw it."""
    viewer = "" if user_id is None else f"-u{user_id or 0}"
    return f'W/"{kind}-t{tournament_id}-v{version}{viewer}"'


def matches(request: HttpRequest, tag: str) -> bool:
    """True when the request's If-None-Match names `tag` (weak comparison, as for GET)."""
    header = request.META.get("HTTP_IF_NONE_MATCH")
    if not header:
        return False
    wanted = tag.removeprefix("W/")
    return any(t == "*" or t.removeprefix("W/") == wanted for t in parse_etags(header))


def unchanged_since(request: HttpRequest, version: int) -> bool:
    """True when an htmx poll says it shows `version` already (`?since=<version>`)."""
    since = request.GET.get("since", "")
    return since.isdigit() and int(since) == version


def has_messages(request: HttpRequest) -> bool:
    """True when flash messages wait to be shown: the page must be sent to show them."""
    storage = get_messages(request)
    return bool(len(storage))


def not_modified(tag: str) -> HttpResponse:
    """A 304 carrying the validators the client keeps."""
    return stamp(HttpResponse(status=304), tag)


def no_change() -> HttpResponse:
    """The answer to an htmx poll when nothing changed: no content, nothing swapped."""
    response = HttpResponse(status=NO_CONTENT)
    response["Cache-Control"] = "no-store"
    return response


def stamp(response, tag: str, *, per_user: bool = False):
    """Set the ETag and ask clients to revalidate every time (the version decides)."""
    response["ETag"] = tag
    response["Cache-Control"] = "private, no-cache" if per_user else "no-cache"
    if per_user:
        patch_vary_headers(response, ("Cookie",))
    return response


def version_of(request: HttpRequest, tournament_id: int) -> Version | None:
    """The tournament's version and status: the one `UnchangedReadMiddleware` read for this
    request, else one query."""
    read = getattr(request, "_tournament_version", None)
    if read is not None and read[0] == tournament_id:
        return read[1]
    return tournament_version(tournament_id=tournament_id)


def version_or_404(tournament_id: int, request: HttpRequest | None = None) -> Version:
    """The tournament's version and status (one query, none when the middleware read it for
    this request); Http404 when there is none."""
    if request is None:
        version = tournament_version(tournament_id=tournament_id)
    else:
        version = version_of(request, tournament_id)
    if version is None:
        raise Http404("No such tournament.")
    return version


# The standings API answers in pages of `limit` rows from `offset` (DRF's limit/offset
# style); the CSV file has every row.
STANDINGS_PAGE = 100
STANDINGS_PAGE_MAX = 1000


def page_params(query) -> tuple[int, int]:
    """(offset, limit) of a standings page from the query string, as DRF's
    LimitOffsetPagination reads them: a missing or invalid limit is the default page, one
    above the maximum is the maximum; a missing or invalid offset is 0."""
    limit, offset = query.get("limit", ""), query.get("offset", "")
    limit = int(limit) if limit.isdigit() and 0 < len(limit) < 10 and int(limit) else 0
    offset = int(offset) if offset.isdigit() and len(offset) < 10 else 0
    limit = limit or STANDINGS_PAGE
    return offset, min(limit, STANDINGS_PAGE_MAX)


def standings_kind(fmt: str, after: int | None, query) -> str:
    """What a standings API answer shows, for its ETag: the format, the Swiss round it is
    after (if any) and, but for the CSV file (every row), the page."""
    kind = f"standings-{fmt}" + (f"-after-{after}" if after else "")
    if fmt == "csv":
        return kind
    offset, limit = page_params(query)
    return f"{kind}-o{offset}-l{limit}"
