"""The legality package's one error hierarchy."""


class LegalityError(Exception):
    """Base class for every error raised by decks.legality."""


class FormatError(LegalityError):
    """An unknown game or format, or a bad format option."""


class CatalogError(LegalityError):
    """A card catalogue that is inconsistent (e.g. two cards with one identity)."""
