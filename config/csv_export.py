"""CSV files that are safe to open in a spreadsheet (OWASP "CSV Injection").

A cell starting with =, +, -, @, a tab or a carriage return is read by Excel, LibreOffice and
Google Sheets as a formula; an entry or card named `=HYPERLINK(...)` would run in the
organizer's spreadsheet. Such a cell gets a leading single quote, which spreadsheets show as
text and people read past; plain numbers (a negative score, say) are left as they are.
`restore_cell` undoes it, so an exported card set imports back unchanged."""

import csv
import re

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
_NUMBER = re.compile(r"^[+-]?\d+(\.\d+)?$")


def neutralize_cell(value):
    if isinstance(value, str) and value.startswith(FORMULA_STARTS) and not _NUMBER.match(value):
        return "'" + value
    return value


def restore_cell(value: str) -> str:
    """The value before `neutralize_cell` (for re-importing our own exports)."""
    if value.startswith("'") and value[1:].startswith(FORMULA_STARTS):
        return value[1:]
    return value


class SafeWriter:
    """csv.writer with every cell neutralized."""

    def __init__(self, out, **kwargs):
        self._writer = csv.writer(out, **kwargs)

    def writerow(self, row):
        return self._writer.writerow([neutralize_cell(cell) for cell in row])


class SafeDictWriter(csv.DictWriter):
    """csv.DictWriter with every cell neutralized."""

    def writerow(self, rowdict):
        return super().writerow({key: neutralize_cell(value) for key, value in rowdict.items()})
