"""The one error hierarchy of the pure bracket package."""


class BracketError(Exception):
    """Base class: every error raised by `tournaments.brackets` is one of these."""

    code = "bracket_error"


class InvalidMatchSize(BracketError):
    """Entries per match must be 2, 3 or 4."""

    code = "invalid_match_size"


class TooFewEntries(BracketError):
    """A single-elimination event needs at least two entries."""

    code = "too_few_entries"


class DuplicateEntry(BracketError):
    """The same entry was given twice."""

    code = "duplicate_entry"
