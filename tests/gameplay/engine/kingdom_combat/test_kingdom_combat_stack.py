"""The stack and the response windows (manual, "Playing Events & Dirty Tricks",
"Understanding the Stack"; ruling K46)."""

from __future__ import annotations

from gameplay.engine import core
from gameplay.engine.kingdom_combat import KINGDOM_COMBAT as KC
from tests.gameplay.engine.kingdom_combat.helpers import put_unit, started, to_hand


def board(seed: int = 4) -> tuple[dict, int, int]:
    state = started(seed=seed)
    me = state["turn"]["seat"]
    return state, me, 1 - me


def clear_hands(state: dict) -> None:
    """Move the dealt hands to the discard piles so only the test's cards can answer."""
    for p in state["players"].values():
        p["discard"] += p["hand"]
        p["hand"].clear()


def asked(state: dict) -> int | None:
    return KC.decision(state).seats[0] if state["window"] else None


def test_pay_then_the_others_may_answer_and_the_last_played_resolves_first():
    # the manual's example: A plays an Event, B reacts with a Dirty Trick; B's happens first
    state, me, them = board()
    clear_hands(state)
    mine = put_unit(state, me, "sellsword", "B")
    theirs = put_unit(state, them, "sellsword", "B")
    rally = to_hand(state, me, "blood-moon-rally")
    bribe = to_hand(state, them, "bribe-the-guard")
    state["players"][str(me)]["gold"] = 2
    state["players"][str(them)]["gold"] = 3
    core.play(state, me, {"type": "play", "card": rally})
    # paid at once, on the stack, not resolved yet; the opponent is asked
    assert state["players"][str(me)]["gold"] == 0
    assert [i["card"] for i in state["stack"]] == [rally]
    assert rally in KC.view(state, them)["cards"]
    assert asked(state) == them
    core.play(state, them, {"type": "play", "card": bribe, "target": mine})
    # the Event's player has nothing to answer with: the stack resolved, last in first out
    resolved = [e["card"] for e in state["events"] if e.get("e") == "resolve"]
    assert resolved == [bribe, rally]
    assert state["units"][mine]["exhausted"]
    assert state["stack"] == []
    assert {rally} <= set(state["players"][str(me)]["discard"])
    assert {bribe} <= set(state["players"][str(them)]["discard"])
    assert theirs in state["units"]


def test_an_answer_can_be_answered():
    state, me, them = board()
    clear_hands(state)
    mine = put_unit(state, me, "sellsword", "B")
    market = to_hand(state, me, "market-day")
    shields = to_hand(state, me, "raise-shields")
    bribe = to_hand(state, them, "bribe-the-guard")
    state["players"][str(me)]["gold"] = 1
    state["players"][str(them)]["gold"] = 3
    core.play(state, me, {"type": "play", "card": market})
    core.play(state, them, {"type": "play", "card": bribe, "target": mine})
    assert asked(state) == me  # asked again, about the answer
    core.play(state, me, {"type": "play", "card": shields, "target": mine})
    # the opponent has no gold left: the stack resolves, last in first out
    resolved = [e["card"] for e in state["events"] if e.get("e") == "resolve"]
    assert resolved == [shields, bribe, market]


def test_a_seat_with_no_possible_answer_is_not_asked():
    state, me, them = board()
    clear_hands(state)
    market = to_hand(state, me, "market-day")
    to_hand(state, them, "raise-shields")  # no gold to pay for it
    state["players"][str(them)]["gold"] = 0
    core.play(state, me, {"type": "play", "card": market})
    assert state["window"] is None
    assert state["players"][str(me)]["gold"] >= 2


def test_passing_for_the_rest_of_the_turn_stops_the_questions_until_the_next_turn():
    state, me, them = board()
    clear_hands(state)
    put_unit(state, them, "thornbow-archer", f"S{them}")
    put_unit(state, me, "sellsword", "B", exhausted=True)
    markets = [to_hand(state, me, "market-day") for _ in range(2)]
    core.play(state, me, {"type": "play", "card": markets[0]})
    assert asked(state) == them  # the archer could shoot
    core.play(state, them, {"type": "pass", "turn": True})
    core.play(state, me, {"type": "play", "card": markets[1]})
    assert state["window"] is None
    core.play(state, me, {"type": "combat"})
    assert state["window"] is None


def test_going_to_combat_and_ending_the_turn_give_the_others_a_window():
    state, me, them = board()
    clear_hands(state)
    archer = put_unit(state, them, "thornbow-archer", f"S{them}")
    target = put_unit(state, me, "sellsword", "B", exhausted=True)
    core.play(state, me, {"type": "combat"})
    assert asked(state) == them
    assert state["turn"]["stage"] == "pre"
    core.play(state, them, {"type": "shoot", "unit": archer, "target": target})
    assert target not in state["units"]
    assert state["turn"]["stage"] == "post"  # then the combat stage (nothing to attack)


def test_a_shot_is_paid_by_exhausting_and_can_be_answered():
    state, me, them = board()
    clear_hands(state)
    archer = put_unit(state, me, "thornbow-archer", f"S{me}")
    scout = put_unit(state, them, "glade-scout", "B")
    mist = to_hand(state, them, "vanishing-mist")
    state["players"][str(them)]["gold"] = 1
    core.play(state, me, {"type": "shoot", "unit": archer, "target": scout})
    assert state["units"][archer]["exhausted"]
    assert asked(state) == them
    core.play(state, them, {"type": "play", "card": mist, "target": scout})
    assert state["units"][scout]["hp"] == 1


def test_a_card_whose_target_is_gone_does_nothing_and_is_still_discarded():
    state, me, them = board()
    clear_hands(state)
    archer = put_unit(state, me, "thornbow-archer", f"S{me}")
    scout = put_unit(state, them, "glade-scout", "B")
    shields = to_hand(state, them, "raise-shields")
    state["players"][str(them)]["gold"] = 1
    state["players"][str(me)]["gold"] = 0
    core.play(state, me, {"type": "shoot", "unit": archer, "target": scout})
    core.play(state, them, {"type": "play", "card": shields, "target": scout})
    # the shields resolve first (+2 armor: 3), then the shot of 2 does not cost the scout an HP
    assert state["units"][scout]["hp"] == 1
    assert shields in state["players"][str(them)]["discard"]
    # another turn: a shield played on a unit that dies first fizzles
    state2, me2, them2 = board(seed=7)
    clear_hands(state2)
    archer2 = put_unit(state2, them2, "thornbow-archer", f"S{them2}")
    sword = put_unit(state2, me2, "sellsword", "B")
    rally_target = to_hand(state2, me2, "raise-shields")
    state2["players"][str(me2)]["gold"] = 1
    core.play(state2, me2, {"type": "play", "card": rally_target, "target": sword})
    core.play(state2, them2, {"type": "shoot", "unit": archer2, "target": sword})
    assert sword not in state2["units"]  # the shot resolved first
    assert rally_target in state2["players"][str(me2)]["discard"]
    assert not [e for e in state2["effects"] if e.get("unit") == sword]


# --- K49: the Respond step before combat damage; K50: passing for a whole window -------------


def test_after_the_defenders_answer_the_attacker_first_then_the_others_may_answer_before_damage():
    state, me, them = board()
    clear_hands(state)
    raider = put_unit(state, me, "sellsword", "B")
    guard = put_unit(state, them, "sellsword", f"S{them}", exhausted=True)
    shields = to_hand(state, me, "raise-shields")
    ambush = to_hand(state, them, "ambush")
    state["players"][str(me)]["gold"] = 1
    state["players"][str(them)]["gold"] = 1
    core.play(state, me, {"type": "combat"})
    assert state["window"] is None  # Ambush needs an attacker: no answer yet
    core.play(state, me, {"type": "attack", "unit": raider, "target": guard})
    core.play(state, me, {"type": "commit"})
    assert KC.decision(state).seats == (them,)  # the defender answers (it could Ambush now)
    core.play(state, them, {"type": "done"})
    # the Respond step's last window: the attacker is asked first, nothing is dealt yet
    assert asked(state) == me
    assert state["window"]["then"] == "damage"
    assert state["units"][guard]["hp"] == 1
    assert state["turn"]["stage"] == "defend"
    core.play(state, me, {"type": "play", "card": shields, "target": raider})
    assert asked(state) == them  # the answer may be answered
    core.play(state, them, {"type": "play", "card": ambush, "target": raider})
    # the stack resolves (Ambush, then the shields), then the damage: 0 attack vs 2 defense
    # on 1 + 2 armor: neither unit loses an HP
    assert state["turn"]["stage"] == "post"
    assert state["units"][raider]["hp"] == 1
    assert state["units"][guard]["hp"] == 1


def test_with_nobody_able_to_answer_the_damage_follows_the_defence_at_once():
    state, me, them = board()
    clear_hands(state)
    raider = put_unit(state, me, "sellsword", "B")
    guard = put_unit(state, them, "sellsword", f"S{them}", exhausted=True)
    core.play(state, me, {"type": "combat"})
    core.play(state, me, {"type": "attack", "unit": raider, "target": guard})
    core.play(state, me, {"type": "commit"})
    assert state["window"] is None
    assert state["turn"]["stage"] == "post"
    assert guard not in state["units"]
    assert raider not in state["units"]


def _market_day_answered_by(shields: int) -> tuple[dict, int, int, int, str, str]:
    """Three seats: a plays Market Day with its Sellsword in zone B; b and c each hold
    `shields` Raise Shields and 2 gold. (state, a, b, c, the Sellsword, Market Day)."""
    state = started(seats=3, seed=4)
    a = state["turn"]["seat"]
    b, c = (a + 1) % 3, (a + 2) % 3
    clear_hands(state)
    target = put_unit(state, a, "sellsword", "B")
    market = to_hand(state, a, "market-day")
    for seat in (b, c):
        for _ in range(shields):
            to_hand(state, seat, "raise-shields")
        state["players"][str(seat)]["gold"] = 2
    core.play(state, a, {"type": "play", "card": market})
    return state, a, b, c, target, market


def test_passing_for_the_window_is_not_asked_again_after_a_later_answer():
    state, _a, b, c, target, market = _market_day_answered_by(2)
    assert asked(state) == b
    # with a card on the stack, "pass until the stack resolves" is offered
    assert {"type": "pass", "window": True} in KC.legal_actions(state, b)
    core.play(state, b, {"type": "pass", "window": True})
    assert asked(state) == c
    shields = state["players"][str(c)]["hand"][0]
    core.play(state, c, {"type": "play", "card": shields, "target": target})
    # the answer reopens the window: a is asked (nothing to answer with: skipped), b has
    # passed for the window and is not asked again; c's own card does not ask c
    assert state["window"] is None
    assert [e["card"] for e in state["events"] if e.get("e") == "resolve"] == [shields, market]


def test_a_plain_pass_is_asked_again_after_a_later_answer():
    state, _a, b, c, target, _market = _market_day_answered_by(1)
    core.play(state, b, {"type": "pass"})
    shields = state["players"][str(c)]["hand"][0]
    core.play(state, c, {"type": "play", "card": shields, "target": target})
    assert asked(state) == b


def test_pass_for_the_window_is_offered_only_with_a_stack_to_answer():
    state, me, them = board()
    clear_hands(state)
    put_unit(state, them, "thornbow-archer", f"S{them}")
    put_unit(state, me, "sellsword", "B", exhausted=True)
    core.play(state, me, {"type": "combat"})
    assert asked(state) == them
    passes = [a for a in KC.legal_actions(state, them) if a["type"] == "pass"]
    assert passes == [{"type": "pass"}, {"type": "pass", "turn": True}]
    assert KC.describe_action({"type": "pass", "window": True}) == "Pass until the stack resolves"
