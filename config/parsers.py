"""The API's JSON parser: DRF's, with a bound on nesting.

Without one, a body such as `[[[[...]]]]` nested a few thousand deep made the decoder (or the
code walking the result) overflow Python's recursion limit, and every JSON endpoint answered
500, anonymous ones too (issue 12). No request of this API nests deeper than a handful of
levels, so MAX_DEPTH leaves room for every legitimate body."""

import json
from collections.abc import Iterable
from typing import Any

from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

MAX_DEPTH = 32


class TooDeep(ValueError):
    """JSON text nesting deeper than a caller allows."""


def loads_bounded(text: str, *, max_depth: int = MAX_DEPTH) -> Any:
    """json.loads for JSON that arrives inside a request (a form field, an uploaded file's
    text): nesting deeper than `max_depth` raises TooDeep, as the decoder's own recursion
    limit does, instead of a RecursionError that would answer 500. Other bad JSON raises
    json.JSONDecodeError as usual."""
    try:
        value = json.loads(text)
    except RecursionError:
        raise TooDeep(
            f"The JSON nests lists or objects more than {max_depth} levels deep."
        ) from None
    if nesting_depth(value, limit=max_depth) > max_depth:
        raise TooDeep(f"The JSON nests lists or objects more than {max_depth} levels deep.")
    return value


def nesting_depth(value: Any, *, limit: int = MAX_DEPTH) -> int:
    """How deep lists and objects nest in a decoded JSON value (a scalar is 0), iteratively;
    counting stops past `limit`."""
    deepest = 0
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        children: Iterable[Any]
        if isinstance(item, dict):
            children = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        deepest = max(deepest, depth)
        if deepest > limit:
            break
        stack.extend((child, depth + 1) for child in children)
    return deepest


class BoundedJSONParser(JSONParser):
    def parse(self, stream, media_type=None, parser_context=None):
        too_deep = ParseError(
            f"The JSON body nests lists or objects more than {MAX_DEPTH} levels deep; "
            "send a flatter body.",
            code="malformed",
        )
        try:
            data = super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise too_deep from None
        if nesting_depth(data) > MAX_DEPTH:
            raise too_deep
        return data
