"""The API's JSON parser: DRF's, with a bound on nesting.

Without one, a body such as `[[[[...]]]]` nested a few thousand deep made the decoder (or the
code walking the result) overflow Python's recursion limit, and every JSON endpoint answered
500, anonymous ones too (issue 12). No request of this API nests deeper than a handful of
levels, so MAX_DEPTH leaves room for every legitimate body."""

from collections.abc import Iterable
from typing import Any

from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

MAX_DEPTH = 32


def nesting_depth(value) -> int:
    """How deep lists and objects nest in a decoded JSON value (a scalar is 0), iteratively."""
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
        if deepest > MAX_DEPTH:
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
