"""The CI share of seeded random games (10,000 per game by default), cut into chunks so that
pytest-xdist spreads one game's run over both cores instead of one long test."""

from __future__ import annotations

CHUNKS = 4


def chunk_seeds(total: int, chunk: int) -> range:
    """The seeds of one chunk; the chunks together cover 0 .. total - 1 exactly once."""
    return range(chunk * total // CHUNKS, (chunk + 1) * total // CHUNKS)
