"""The watchers' unchanged polls answered before the session, CSRF, the user and messages.

Stands for: letting every poll go through the whole middleware stack to the views (which
make the same checks, `tournaments.fastpath.conditional`). Justified by
`bench/event_scale.py`, figures `unchanged_bracket_poll_204_cpu`,
`unchanged_match_poll_204_cpu`, `unchanged_bracket_api_304_cpu`,
`unchanged_standings_api_304_cpu` and `unchanged_page_304_cpu` beside `bare_view_cpu` (a
watcher's poll costs one Redis GET of the version's copy or one indexed read, issues 17 and 33).
"""

import re

from csp.constants import HEADER as CSP_HEADER
from csp.constants import HEADER_REPORT_ONLY as CSP_HEADER_RO
from csp.middleware import CSPMiddleware
from django.conf import settings
from django.contrib.messages.storage.cookie import CookieStorage
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse, HttpResponseBase

from tournaments.fastpath import version_copy
from tournaments.fastpath.conditional import (
    etag,
    matches,
    no_change,
    not_modified,
    standings_kind,
    unchanged_since,
)
from tournaments.fastpath.match_keys import match_live_key
from tournaments.fastpath.pk_reads import Version, tournament_version

# /tournaments/<pk>/, its bracket and standings pages, and the bracket and standings API
POLLED = re.compile(r"^/(api/)?tournaments/([1-9]\d{0,17})/(?:(bracket|standings)/)?$")

# the match page's live part: `?since=key` names what it shows (`match_live_key`)
MATCH_POLLED = re.compile(r"^/matches/([1-9]\d{0,17})/live/$")


class UnchangedReadMiddleware:
    """Answers watchers' unchanged polls from the tournament's version alone, before the
    session, CSRF, the user and messages are read (a watcher's poll costs one indexed read,
    or one Redis GET where the version's copy answers, `version_copy`):

    - the bracket's htmx poll naming the version it shows (`?since=v`) and the match page's
      naming its match's key (`?since=key`, what its live part shows): 204, for anyone;
    - the bracket and standings API with a matching `If-None-Match`: 304 (their tags name no
      reader; the standings' names its format, Swiss round and page);
    - the event, bracket and standings pages with a matching `If-None-Match` from a browser
      with no session and no flash messages (their tags name the reader: 0 for nobody).

    Everything else (a change, a signed-in page, a registration page) goes on to the views,
    which make the same checks. Placed right after the security middleware (host check, its
    headers), before the CSP middleware, whose policy it stamps itself from a copy built
    once (`with_csp`): building it was a fifth of an unchanged poll's CPU time (issue 17)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.method in ("GET", "HEAD"):
            answer = self._answer(request)
            if answer is not None:
                return with_csp(request, answer)
        return self.get_response(request)

    def _answer(self, request):
        request.get_host()  # a host not allowed is refused here too (400), as by the views
        found = POLLED.match(request.path_info)
        if found is not None:
            return self._unchanged(request, *found.groups())
        if (found := MATCH_POLLED.match(request.path_info)) is not None:
            since = request.GET.get("since")
            if since and since == match_live_key(match_id=int(found[1])):
                return no_change()
        return None

    def _unchanged(self, request, api: str | None, pk: str, page: str | None):
        since = request.GET.get("since") if page == "bracket" and not api else None
        if not since and not request.META.get("HTTP_IF_NONE_MATCH"):
            return None
        tournament_id = int(pk)
        copied = None
        # the bracket and standings answers do not depend on the event's status; a page for a
        # browser with a session is never answered here, so it neither reads nor writes the
        # copy (the view reads the version this middleware reads, `_tournament_version`)
        uses_copy = bool(api or since or (page is not None and not _has_reader(request)))
        if uses_copy:
            copied = version_copy.recall(tournament_id)
            if copied is not None:
                known = Version(copied, status=STATUS_NOT_READ)
                answer = _answer_unchanged(request, api, tournament_id, page, since, known)
                if answer is not None:
                    return answer  # a differing copy may be behind: the database decides
        state = tournament_version(tournament_id=tournament_id)
        if state is None:
            return None  # the view answers 404
        if uses_copy and copied is None:
            version_copy.store(tournament_id, state.version)
        request._tournament_version = (tournament_id, state)  # the view need not read it again
        return _answer_unchanged(request, api, tournament_id, page, since, state)


STATUS_NOT_READ = ""  # a version from the copy: only the event page reads the status


def _answer_unchanged(request, api, pk: int, page, since, state: Version):
    """204 or 304 when the request names `state`'s version, else None."""
    if since:
        return no_change() if unchanged_since(request, state.version) else None
    if api:
        return _api_unchanged(request, pk, page, state.version)
    return _page_unchanged(request, pk, page, state)


def _api_unchanged(request, pk: int, page: str | None, version: int):
    """304 for the bracket or standings API's conditional request naming the version's tag."""
    if page == "bracket" and not request.GET:
        kind = "bracket-api"
    elif page == "standings" and (found := _standings_kind(request)) is not None:
        kind = found
    else:
        return None
    tag = etag(kind=kind, tournament_id=pk, version=version)
    return not_modified(tag) if matches(request, tag) else None


STANDINGS_QUERY = {"format", "round", "offset", "limit"}


def _standings_kind(request) -> str | None:
    """The kind the standings API names in its tag for this request (`standings_kind`), when
    it is plain to see: JSON or CSV asked by `?format=` or by the Accept header (none, any,
    JSON or CSV); None for anything else (the browsable API, another parameter), which the
    view works out with DRF's content negotiation."""
    query = request.GET
    if not STANDINGS_QUERY.issuperset(query):
        return None
    fmt = query.get("format") or ACCEPTED.get(request.META.get("HTTP_ACCEPT", "*/*"))
    after = query.get("round", "")
    if fmt not in ("json", "csv"):
        return None
    if after and not (after.isdigit() and len(after) <= 4 and int(after) > 0):
        return None  # the view answers 400
    return standings_kind(fmt, int(after) if after else None, query)


# Accept headers a standings poll sends, and the format DRF's negotiation picks for them
ACCEPTED = {"*/*": "json", "": "json", "application/json": "json", "text/csv": "csv"}


def _page_unchanged(request, pk: int, page: str | None, state):
    """304 for a page's conditional request from a browser with no session and no flash
    messages (the tag names reader 0)."""
    if _has_reader(request):
        return None
    if page is None and state.status == "registration":
        return None  # the page is not conditional while entries may change
    region = request.GET.get("region", "")
    if page == "bracket" and region.isdigit():
        kind = f"bracket-r{region}"
    elif request.GET:
        return None
    else:
        kind = page or "page"
    tag = etag(kind=kind, tournament_id=pk, version=state.version, user_id=0)
    return not_modified(tag) if matches(request, tag) else None


def _has_reader(request) -> bool:
    """The browser has a session or flash messages: its pages name it (or say something)."""
    return settings.SESSION_COOKIE_NAME in request.COOKIES or MESSAGES_COOKIE in request.COOKIES


MESSAGES_COOKIE = CookieStorage.cookie_name

_CSP_HEADERS: dict[str, dict[str, str]] = {}  # "built": the policy headers (see with_csp)


def with_csp(request: HttpRequest, response: HttpResponse) -> HttpResponseBase:
    """The response with the headers the CSP middleware would give it (it runs after this
    middleware), built by that middleware once and copied thereafter: the policy names no
    nonce here (no page is rendered) and no view decorates it. With excluded URL prefixes
    the middleware decides for each request."""
    policy = getattr(settings, "CONTENT_SECURITY_POLICY", None) or {}
    if policy.get("EXCLUDE_URL_PREFIXES"):
        return CSPMiddleware(lambda r: response).process_response(request, response)
    if "built" not in _CSP_HEADERS:
        built = CSPMiddleware(lambda r: response).process_response(request, HttpResponse())
        _CSP_HEADERS["built"] = {h: built[h] for h in (CSP_HEADER, CSP_HEADER_RO) if h in built}
    for header, value in _CSP_HEADERS["built"].items():
        response[header] = value
    return response


@receiver(setting_changed)
def _forget_csp(*, setting: str, **kwargs) -> None:
    if setting.startswith("CONTENT_SECURITY_POLICY"):
        _CSP_HEADERS.clear()
