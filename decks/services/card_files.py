"""Reading organizers' card files (JSON or CSV) into set data, with each card's line number.

Line numbers are the file's own: the line where a card's JSON object or CSV row starts, so an
organizer can jump straight to the row an error names.
"""

import csv
import io
import json
import re
from typing import Any

from config.csv_export import restore_cell
from config.errors import ServiceError
from config.parsers import TooDeep, loads_bounded
from decks.legality.cardsets import CARD_FIELDS

CSV_COLUMNS = list(CARD_FIELDS)  # one column per field of a card
_SPACE = re.compile(r"[ \t\n\r]*")
# The built-in sets nest 6 deep (a card's effects); a set deeper than this is no card set.
CARD_SET_MAX_DEPTH = 32


def parse_card_set(text: str, *, file_format: str) -> tuple[dict[str, Any], list[int]]:
    """Set data ({set, games|game, factions, cards}) and the line each card starts on."""
    text = text.removeprefix("\ufeff")  # spreadsheets save CSV with a byte-order mark
    if file_format == "json":
        return _parse_json(text)
    if file_format == "csv":
        return _parse_csv(text)
    raise ServiceError("The format is json or csv.", errors={"format": ["Use json or csv."]})


def _parse_json(text: str) -> tuple[dict[str, Any], list[int]]:
    try:
        data = loads_bounded(text, max_depth=CARD_SET_MAX_DEPTH)
    except json.JSONDecodeError as error:
        raise ServiceError(f"Line {error.lineno}: not valid JSON ({error.msg}).") from error
    except TooDeep as error:
        # checked before the card lines are found: that walk would recurse as deep
        raise ServiceError(
            f"{error} A card set needs no more than a few.",
            code="too_deep",
            errors={"content": [str(error)]},
        ) from None
    if not isinstance(data, dict) or not isinstance(data.get("cards"), list):
        raise ServiceError("The JSON must be an object with a 'cards' list.")
    lines = _json_card_lines(text)
    if len(lines) != len(data["cards"]):  # e.g. a repeated "cards" key: fall back to numbers
        lines = [index + 1 for index in range(len(data["cards"]))]
    return data, lines


def _json_card_lines(text: str) -> list[int]:
    """Where each item of the top-level "cards" array starts (the text is valid JSON)."""
    decoder, found = json.JSONDecoder(), []

    def skip(index: int) -> int:
        space = _SPACE.match(text, index)
        assert space is not None  # _SPACE matches the empty string too
        return space.end()

    index = skip(0) + 1  # past the opening brace
    while text[skip(index)] != "}":
        key, index = decoder.raw_decode(text, skip(index))
        index = skip(skip(index) + 1)  # past the colon
        if key == "cards":
            found = _array_item_starts(text, index, decoder, skip)
        index = skip(decoder.raw_decode(text, index)[1])
        if text[index] == ",":
            index += 1
    return _line_numbers(text, found)


def _array_item_starts(text: str, index: int, decoder, skip) -> list[int]:
    starts, index = [], skip(index + 1)  # past the opening bracket
    while text[index] != "]":
        starts.append(index)
        index = skip(decoder.raw_decode(text, index)[1])
        if text[index] == ",":
            index = skip(index + 1)
    return starts


def _line_numbers(text: str, offsets: list[int]) -> list[int]:
    """1-based line numbers of increasing character offsets, in one pass over the text."""
    lines, line, done = [], 1, 0
    for offset in offsets:
        line += text.count("\n", done, offset)
        done = offset
        lines.append(line)
    return lines


def _parse_csv(text: str) -> tuple[dict[str, Any], list[int]]:
    reader = csv.reader(io.StringIO(text))
    header = [column.strip().lower() for column in next(reader, [])]
    if "name" not in header or "type" not in header:
        raise ServiceError(
            "Line 1 must be the CSV header and name at least the name and type columns; "
            f"the columns are {', '.join(CSV_COLUMNS)}."
        )
    cards, lines, previous_end = [], [], reader.line_num
    try:
        for row in reader:
            start, previous_end = previous_end + 1, reader.line_num
            if any(cell.strip() for cell in row):  # blank lines are skipped
                cells = [restore_cell(cell) for cell in row]
                cards.append(_csv_card(dict(zip(header, cells, strict=False))))
                lines.append(start)
    except csv.Error as error:
        raise ServiceError(f"Line {reader.line_num}: not valid CSV ({error}).") from error
    return {"cards": cards}, lines


def _csv_card(row: dict[str, str]) -> dict[str, Any]:
    def split(value: str | None) -> list[str]:
        return [part.strip() for part in (value or "").split(";") if part.strip()]

    def as_json(value: str | None, default):
        try:
            return json.loads(value) if value else default
        except json.JSONDecodeError:
            return value  # reported by card_problems as the wrong type

    cost = (row.get("cost") or "").strip()
    return {
        "name": (row.get("name") or "").strip(),
        "code": (row.get("code") or "").strip(),
        "type": (row.get("type") or "").strip(),
        "subtype": (row.get("subtype") or "").strip(),
        "border": (row.get("border") or "").strip(),
        "factions": split(row.get("factions")),
        "cost": int(cost) if cost.isascii() and cost.isdigit() else (cost or None),
        "stats": as_json(row.get("stats"), {}),
        "keywords": split(row.get("keywords")),
        "effects": as_json(row.get("effects"), []),
        "text": (row.get("text") or "").strip(),
    }
