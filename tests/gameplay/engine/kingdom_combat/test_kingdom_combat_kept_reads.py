"""What the engine keeps between reads of a state (lasting.py: the lasting effects of the cards
in play, what effects and attachments give) never outlives a change: a card entering or leaving
play, or an effect coming, shows in the very next listing."""

from __future__ import annotations

from gameplay.engine.kingdom_combat import effects, zones
from tests.gameplay.engine.kingdom_combat.helpers import legal, put_unit, started


def moves(state: dict, uid: str) -> set[str]:
    return {a["to"] for a in legal(state) if a["type"] == "move" and a["unit"] == uid}


def test_a_unit_entering_or_leaving_play_changes_the_next_reading_of_its_aura():
    state = started(seed=4)
    seat = state["turn"]["seat"]
    archer = put_unit(state, seat, "thornbow-archer", zones.fortress_zone(seat))
    assert effects.range_of(state, archer) == 2
    legal(state)  # the scan of the cards in play is kept from here
    elder = put_unit(state, seat, "elder-sylvara", zones.fortress_zone(seat))
    assert effects.range_of(state, archer) == 3  # "your other Archers get +1 range"
    zones.destroy_unit(state, elder)
    legal(state)
    assert effects.range_of(state, archer) == 2


def test_an_effect_coming_or_going_changes_the_next_listing():
    state = started(seed=4)
    seat = state["turn"]["seat"]
    footman = put_unit(state, seat, "ironhold-footman", zones.fortress_zone(seat))
    assert moves(state, footman) == {zones.structures_zone(seat)}
    state["effects"].append({"unit": footman, "skill": "Mounted", "until": effects.EOT})
    assert moves(state, footman) == {zones.structures_zone(seat), zones.BATTLEFIELD}
    state["effects"] = []
    assert moves(state, footman) == {zones.structures_zone(seat)}
