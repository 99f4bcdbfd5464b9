"""The Kingdom Combat table shows the response windows (issue 37): what waits to resolve, who
is asked now and after, what follows; the asked player gets the prompt, the others a notice."""

from __future__ import annotations

from gameplay.engine import core
from gameplay.engine.kingdom_combat import KINGDOM_COMBAT as KC
from gameplay.engine.kingdom_combat import fight
from gameplay.presentation import kingdom_combat as boards
from tests.gameplay.engine.kingdom_combat.helpers import put_unit, started

NAMES = {0: "ann", 1: "ben"}


def at_the_damage_window() -> tuple[dict, int, int]:
    """Two Ogres of the turn's player attack the other's fortress from next door; its Ash
    Shaman (Ranged) could still shoot, so the window before the damage asks it first."""
    state = started(seed=4)
    me = state["turn"]["seat"]
    them = 1 - me
    ogres = [put_unit(state, me, "cinder-ogre", f"S{them}") for _ in range(2)]
    put_unit(state, me, "ash-shaman", f"S{them}")
    put_unit(state, them, "sellsword", f"F{them}", exhausted=True)
    state["players"][str(them)]["gold"] = 0
    for action in (
        {"type": "combat"},
        *({"type": "attack", "unit": o, "target": fight.fortress_target(them)} for o in ogres),
        {"type": "commit"},
    ):
        while KC.decision(state).seats != (me,):  # the other seat passes its windows
            core.play(state, them, {"type": "pass"})
        core.play(state, me, action)
    return state, me, them


def test_the_asked_player_is_prompted_and_sees_what_waits_and_what_follows():
    state, me, _them = at_the_damage_window()
    assert KC.decision(state).seats == (me,)
    board = boards.kingdom_combat_board(KC.view(state, me), NAMES)
    respond = board["respond"]
    assert respond["me"] is True
    assert respond["title"] == "Before combat damage"
    assert "combat damage is dealt" in respond["then"]
    assert board["battles"][0]["target"] == f"{NAMES[1 - me]}'s fortress"
    assert board["battles"][0]["attackers"] == "Cinder Ogre, Cinder Ogre"
    assert board["battles"][0]["fortress"] is True


def test_a_player_who_is_not_asked_gets_no_prompt_but_is_told_who_answers():
    state, me, them = at_the_damage_window()
    respond = boards.kingdom_combat_board(KC.view(state, them), NAMES)["respond"]
    assert respond["me"] is False
    assert respond["asked"] == NAMES[me]


def test_a_cast_on_the_stack_is_listed_last_in_first_out_with_the_seat_asked():
    state = started(seed=4)
    view = KC.view(state, 0)
    view["stack"] = [{"seat": 0, "card": "x1", "target": None}, {"seat": 1, "card": "x2"}]
    view["cards"] |= {"x1": "market-day", "x2": "raise-shields"}
    view["window"] = {"order": [1, 0], "index": 0, "then": None, "settled": []}
    board = boards.kingdom_combat_board(view, NAMES)
    assert [item["text"] for item in board["stack"]] == ["ann: Market Day", "ben: Raise Shields"]
    assert board["respond"]["asked"] == "ben"
    assert board["respond"]["later"] == ["ann"]
    assert board["respond"]["title"] == "Answers to the stack"


def test_no_window_and_no_defence_means_nobody_is_asked():
    state = started(seed=4)
    assert boards.kingdom_combat_board(KC.view(state, 0), NAMES)["respond"] is None


def test_the_bar_names_the_answers_the_asked_player_has():
    state, me, _them = at_the_damage_window()
    legal = KC.legal_actions(state, me)
    _paths, _words, hint = boards.kingdom_combat_paths(KC.view(state, me), legal, NAMES)
    tricks = "play a Dirty Trick, " if any(a["type"] == "play" for a in legal) else ""
    assert hint == f"Before combat damage: you may {tricks}shoot with a Ranged unit, or pass."
    # with no gold left, only the shot and the passes
    state["players"][str(me)]["gold"] = 0
    legal = KC.legal_actions(state, me)
    _paths, _words, hint = boards.kingdom_combat_paths(KC.view(state, me), legal, NAMES)
    assert hint == "Before combat damage: you may shoot with a Ranged unit, or pass."
