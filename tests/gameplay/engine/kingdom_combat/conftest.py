"""Kingdom Combat is not in the registry's GAMES yet (its tournament matches must first play
the registered decks), so these tests add it for their own run only."""

import pytest

from gameplay.engine import registry
from gameplay.engine.kingdom_combat import KINGDOM_COMBAT


@pytest.fixture(autouse=True)
def _kingdom_combat_in_the_registry(monkeypatch):
    monkeypatch.setitem(registry._ADDED, KINGDOM_COMBAT.slug, KINGDOM_COMBAT)
