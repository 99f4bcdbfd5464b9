"""Conditional reads of a tournament's pages and API: an ETag from the tournament's version.

A watcher's page polls every few seconds; while nothing changed it is answered from the
version alone (one indexed read): 304 to a request with a matching `If-None-Match`, and 204
to an htmx poll that says which version it shows (`?since=v`), so htmx swaps nothing.
"""

import re

from csp.constants import HEADER as CSP_HEADER
from csp.constants import HEADER_REPORT_ONLY as CSP_HEADER_RO
from csp.middleware import CSPMiddleware
from django.conf import settings
from django.contrib.messages import get_messages
from django.contrib.messages.storage.cookie import CookieStorage
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.http import Http404, HttpRequest, HttpResponse
from django.utils.cache import patch_vary_headers
from django.utils.http import parse_etags

from tournaments import selectors

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


def version_of(request: HttpRequest, tournament_id: int) -> selectors.Version | None:
    """The tournament's version and status: the one `UnchangedReadMiddleware` read for this
    request, else one query."""
    read = getattr(request, "_tournament_version", None)
    if read is not None and read[0] == tournament_id:
        return read[1]
    return selectors.tournament_version(tournament_id=tournament_id)


def version_or_404(tournament_id: int, request: HttpRequest | None = None) -> selectors.Version:
    """The tournament's version and status (one query, none when the middleware read it for
    this request); Http404 when there is none."""
    if request is None:
        version = selectors.tournament_version(tournament_id=tournament_id)
    else:
        version = version_of(request, tournament_id)
    if version is None:
        raise Http404("No such tournament.")
    return version


# /tournaments/<pk>/, its bracket and standings pages, and the bracket and standings API
POLLED = re.compile(r"^/(api/)?tournaments/([1-9]\d{0,17})/(?:(bracket|standings)/)?$")

# the match page's live part: `?since=key` names what it shows (`selectors.match_live_key`)
MATCH_POLLED = re.compile(r"^/matches/([1-9]\d{0,17})/live/$")


class UnchangedReadMiddleware:
    """Answers watchers' unchanged polls from the tournament's version alone, before the
    session, CSRF, the user and messages are read (a watcher's poll costs one indexed read):

    - the bracket's htmx poll naming the version it shows (`?since=v`) and the match page's
      naming its match's key (`?since=key`, what its live part shows): 204, for anyone;
    - the bracket and standings API with a matching `If-None-Match`: 304 (their tags name no
      reader);
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
            if since and since == selectors.match_live_key(match_id=int(found[1])):
                return no_change()
        return None

    def _unchanged(self, request, api: str | None, pk: str, page: str | None):
        since = request.GET.get("since") if page == "bracket" and not api else None
        asked = request.META.get("HTTP_IF_NONE_MATCH")
        if not since and not asked:
            return None
        state = selectors.tournament_version(tournament_id=int(pk))
        if state is None:
            return None  # the view answers 404
        request._tournament_version = (int(pk), state)  # the view need not read it again
        if since:
            return no_change() if unchanged_since(request, state.version) else None
        if api:
            if page != "bracket" or request.GET:
                return None  # the standings' tag names its format; the view works it out
            tag = etag(kind="bracket-api", tournament_id=int(pk), version=state.version)
            return not_modified(tag) if matches(request, tag) else None
        if settings.SESSION_COOKIE_NAME in request.COOKIES or MESSAGES_COOKIE in request.COOKIES:
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
        tag = etag(kind=kind, tournament_id=int(pk), version=state.version, user_id=0)
        return not_modified(tag) if matches(request, tag) else None


MESSAGES_COOKIE = CookieStorage.cookie_name

_CSP_HEADERS: dict[str, dict[str, str]] = {}  # "built": the policy headers (see with_csp)


def with_csp(request: HttpRequest, response: HttpResponse) -> HttpResponse:
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
