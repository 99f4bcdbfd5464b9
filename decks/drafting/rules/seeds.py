"""Seeds: every deal is derived from a stored text seed, so it can be re-derived and checked."""

import hashlib
import random
import secrets


def new_seed() -> str:
    """A fresh random seed (stored with the draft or pool, published to the organizer)."""
    return secrets.token_hex(8)


def rng_for(seed: str, purpose: str) -> random.Random:
    """A generator for one purpose (``"deal"``, ``"pod-2"``...) derived from the seed; the
    derivation does not depend on Python's hash randomisation."""
    digest = hashlib.sha256(f"{seed}:{purpose}".encode()).hexdigest()
    return random.Random(int(digest, 16))
