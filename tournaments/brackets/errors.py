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


class UnknownMatch(BracketError):
    """No match has that round number and index."""

    code = "unknown_match"


class MatchNotReady(BracketError):
    """The match does not know all its entries yet."""

    code = "match_not_ready"


class MatchAlreadyDecided(BracketError):
    """The match already has a winner."""

    code = "match_already_decided"


class NotInMatch(BracketError):
    """The named winner does not play in that match."""

    code = "not_in_match"
