"""What the tournaments' API views share: the error responses they document, input
validation, and the conditional (ETag) answers of the polled reads."""

import json

from django.http import HttpResponse
from rest_framework import renderers
from rest_framework.response import Response
from rest_framework.utils.encoders import JSONEncoder
from rest_framework.utils.urls import remove_query_param, replace_query_param

from accounts.serializers import ErrorOut
from config.errors import NotFound
from tournaments.fastpath import conditional
from tournaments.fastpath.cache import cached_per_version

ERRORS = dict.fromkeys((400, 401, 403, 404, 409), ErrorOut)


def valid(serializer_class, request) -> dict:
    serializer = serializer_class(data=request.data)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


def conditional_read(request, pk: int, kind: str):
    """The read's ETag from the tournament's version (one query), and a 304 when the client
    has that already; 404 for no such tournament. The bracket and standings are the same
    for every reader, so the tag does not name the reader."""
    state = conditional.version_of(request, pk)
    if state is None:
        raise NotFound("No such tournament.", code="tournament_not_found")
    tag = conditional.etag(kind=kind, tournament_id=pk, version=state.version)
    return tag, conditional.not_modified(tag) if conditional.matches(request, tag) else None


def json_per_version(request, tournament, kind: str, build):
    """The body as JSON bytes rendered once per version (for the JSON renderer; others such
    as the browsable API or CSV render the cached data themselves)."""
    if request.accepted_renderer.format != "json":
        return Response(build())
    body = cached_per_version(
        f"{kind}-json", tournament, lambda: renderers.JSONRenderer().render(build())
    )
    return HttpResponse(body, content_type="application/json")


def json_page(request, tournament, kind: str, build, offset: int, limit: int):
    """A page of the list `build()` (`limit` rows from `offset`) in DRF's limit/offset shape:
    `count`, `next` and `previous` links, `results`. Each row is rendered as JSON once per
    version (for the JSON renderer a page is then a join of bytes; the browsable API renders
    the page's rows itself)."""
    rows = cached_per_version(f"{kind}-json-rows", tournament, lambda: [_json(r) for r in build()])
    page = rows[offset : offset + limit]
    url = request.build_absolute_uri()
    head = {
        "count": len(rows),
        "next": None
        if offset + limit >= len(rows)
        else replace_query_param(
            replace_query_param(url, "limit", limit), "offset", offset + limit
        ),
        "previous": None
        if offset <= 0
        else remove_query_param(url, "offset")
        if offset - limit <= 0
        else replace_query_param(
            replace_query_param(url, "limit", limit), "offset", offset - limit
        ),
    }
    if request.accepted_renderer.format != "json":
        return Response({**head, "results": [json.loads(row) for row in page]})
    body = _json(head)[:-1] + b',"results":[' + b",".join(page) + b"]}"
    return HttpResponse(body, content_type="application/json")


# One encoder for every row: json.dumps with options builds a new one a call, a quarter of
# the time of a 4,096-row standings' JSON (bench/event_scale.py, changed standings).
_ENCODER = JSONEncoder(ensure_ascii=False, allow_nan=False, separators=(",", ":"))


def _json(data) -> bytes:
    """`data` as DRF's JSONRenderer renders it by default (compact, UTF-8, no NaN)."""
    return _ENCODER.encode(data).encode()
