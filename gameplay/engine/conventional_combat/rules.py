"""Conventional Combat (`conventional-combat`): Quick Duel and Full Match for two players.

The rules follow `rulebooks/002_d5e0d3bbd60d4003.txt`; rulings where the text is silent are in
`RULINGS.md` beside this module, each with a test.

State (plain JSON): `cards` maps card ids ("0.3": seat 0's fourth card; Null is the last id) to
card dicts; per seat the hand, the Fighter, Supporter and Action on the table, the discard pile
of defeated characters and the used actions; `waiting` lists the seats that choose in the
current step and `pending` holds their secret choices until everyone in `waiting` has chosen.
"""

from __future__ import annotations

import json
import random
from typing import Any

import games
from gameplay.engine.conventional_combat import duel, invariants, setup, strategy, views
from gameplay.engine.conventional_combat.cards import IMMEDIATE_OPS, NULL_ACTION
from gameplay.engine.conventional_combat.setup import DEFEATS_TO_SURRENDER, SEATS, other
from gameplay.engine.core import TERMINAL, Decision, IllegalAction, Result, Ruleset

STEPS = ("fighter", "supporter", "action")
STEP_WORDS = {"fighter": "Fighter", "supporter": "Supporter", "action": "Action"}


class ConventionalCombat(Ruleset):
    """Conventional Combat: duels of Fighter, Supporter and Action decided by Skill and dice."""

    declared = games.get(games.CONVENTIONAL_COMBAT)  # its slug, name and game_type
    # 2: the decks app's starter set as the default forces, skill/reroll/conditional effects
    version = "2"
    setup_module = setup  # new_state: both forces in hand; everyone chooses a Fighter first
    views_module = views  # determinize: an opponent's hidden choice sampled from its options
    invariants_module = invariants
    options = setup.OPTIONS

    def decision(self, state: dict[str, Any]) -> Decision:
        """The seats still to choose in this step (secretly), or terminal."""
        if state["phase"] == "over":
            return TERMINAL
        seats = tuple(int(s) for s in state["waiting"] if state["pending"][s] is None)
        return Decision("simultaneous", seats)

    def legal_actions(self, state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
        """One choice per distinct card of the kind this step needs (characters or actions)."""
        key = str(seat)
        if state["phase"] == "over" or key not in state["waiting"] or state["pending"][key]:
            return []
        wanted = "action" if state["phase"] == "action" else "character"
        cards, phase = state["cards"], state["phase"]
        kept: dict[str, list[dict[str, Any]]] = {}  # name -> the distinct cards offered under it
        actions = []
        for card_id in state["players"][key]["hand"]:
            card = cards[card_id]
            if card["kind"] != wanted:
                continue
            name = card["name"]
            same_name = kept.get(name)
            if same_name is None:  # equal cards share a name: a new name is a new card
                kept[name] = [card]
            elif _already_offered(card, same_name):
                continue
            else:
                same_name.append(card)
            actions.append({"type": phase, "card": card_id, "name": name})
        return actions

    def why_illegal(self, state: dict[str, Any], seat: int, action: dict[str, Any]) -> str:
        """The rule the action breaks, in players' words (the one path for refusals)."""
        return _why_illegal(state, seat, action)

    def apply(self, state: dict[str, Any], seat: int, action: dict[str, Any]) -> None:
        """Record a secret choice; when every waiting seat has chosen, reveal and go on."""
        if action not in self.legal_actions(state, seat):
            raise IllegalAction(_why_illegal(state, seat, action))
        self.apply_trusted(state, seat, action)

    def apply_trusted(self, state: dict[str, Any], seat: int, action: dict[str, Any]) -> None:
        """apply, for an action core.play has just checked against legal_actions."""
        state["pending"][str(seat)] = action
        if all(state["pending"][s] is not None for s in state["waiting"]):
            _reveal(state)

    def view(self, state: dict[str, Any], seat: int | None) -> dict[str, Any]:
        """Everything on the table and in hands (open forces); others' pending choices hidden."""
        return views.view(self, state, seat)

    def result(self, state: dict[str, Any]) -> Result | None:
        """The winner, characters left as life, and the first seat to defeat a character."""
        if state["phase"] != "over":
            return None
        facts = {"end": state["end"], "duels": state["duel"], "mode": state["mode"]}
        return self.finished(state, [state["winner"]], **facts)

    def time_facts(self, state: dict[str, Any]) -> dict[str, Any]:
        """Life = characters not in the discard pile; first damage = first duel winner."""
        life = {int(s): views.characters_left(state, s) for s in SEATS}
        return {"life": life, "first_damage": state["first_damage"]}

    def evaluate(self, state: dict[str, Any], seat: int) -> float:
        """Characters-left difference plus the chance of winning the duel being set up."""
        return strategy.evaluate(self, state, seat)

    def rollout_action(
        self, state: dict[str, Any], seat: int, legal: list[dict[str, Any]], rng: random.Random
    ) -> dict[str, Any]:
        """The search bot's rollout policy: mostly the greedy bot's choice (strategy.py)."""
        return strategy.rollout_action(self, state, seat, legal, rng)

    def model_choices(self, state: dict[str, Any], seat: int, rng: random.Random) -> None:
        """A choice the other seat made in secret, re-drawn as the rollout policy would make it."""
        strategy.model_choices(self, state, seat, rng)

    def describe_action(self, action: dict[str, Any]) -> str:
        """Button text, e.g. "Fighter: Ember Knight"."""
        step = STEP_WORDS.get(str(action.get("type")), "Play")
        return f"{step}: {action.get('name') or action.get('card')}"


_SIGNATURES: dict[int, tuple[dict[str, Any], str]] = {}


def _signature(card: dict[str, Any]) -> str:
    """What makes two cards the same choice (legal_actions offers one per distinct card).

    Cards never change during a game, so the JSON text is computed once per card object; the
    cache keeps the object itself, so its id cannot be reused by another card while cached."""
    hit = _SIGNATURES.get(id(card))
    if hit is not None and hit[0] is card:
        return hit[1]
    if len(_SIGNATURES) > 100_000:  # many finished games: start again
        _SIGNATURES.clear()
    signature = json.dumps(card, sort_keys=True)
    _SIGNATURES[id(card)] = (card, signature)
    return signature


def _already_offered(card: dict[str, Any], offered: list[dict[str, Any]]) -> bool:
    """True if a card of the same name offered already is the same card (same signature)."""
    signature = _signature(card)
    return any(_signature(other) == signature for other in offered)


def _why_illegal(state: dict[str, Any], seat: int, action: dict[str, Any] | None = None) -> str:
    key = str(seat)
    if state["phase"] == "over":
        return "The game is over."
    if key not in state["pending"]:
        return "There is no such seat in this game."
    if key not in state["waiting"]:
        return "You have nothing to choose in this step; wait for your opponent."
    if state["pending"][key] is not None:
        return "You have already chosen; wait for your opponent."
    wanted = "an action card" if state["phase"] == "action" else "a character"
    card_id = action.get("card") if isinstance(action, dict) else None
    if card_id is not None and card_id not in state["players"][key]["hand"]:
        return f"That card is not in your hand; choose {wanted} from it."
    if card_id is not None and card_id in state["cards"]:
        kind = state["cards"][card_id]["kind"]
        if kind != ("action" if state["phase"] == "action" else "character"):
            return f"This step needs {wanted}, not {'an' if kind == 'action' else 'a'} {kind} card."
    return f"Choose {wanted} from your hand as your {STEP_WORDS[state['phase']]}."


# ----- the duel's steps ---------------------------------------------------------------------
def _reveal(state: dict[str, Any]) -> None:
    """Everyone waiting has chosen: put the cards on the table, resolve, go to the next step."""
    phase = state["phase"]
    for seat in state["waiting"]:
        card_id = state["pending"][seat]["card"]
        state["players"][seat]["hand"].remove(card_id)
        state["players"][seat][phase] = card_id
    state["pending"] = {"0": None, "1": None}
    if phase in ("supporter", "action"):
        for seat in state["waiting"]:
            _immediate_effects(state, seat, state["players"][seat][phase])
    if phase == "action":
        _fight(state)
    else:
        _enter(state, "supporter" if phase == "fighter" else "action")


def _immediate_effects(state: dict[str, Any], seat: str, card_id: str) -> None:
    """Support abilities that tell you to do something happen as soon as they are played."""
    for item in state["cards"][card_id]["effect"]:
        if item["op"] in IMMEDIATE_OPS and item["op"] == "recover_action":
            used = state["players"][seat]["used"]
            if used:
                state["players"][seat]["hand"].append(used.pop())


def _enter(state: dict[str, Any], phase: str) -> None:
    """Start a step with the seats that can act in it; skip the step if nobody can."""
    state["phase"] = phase
    wanted = "action" if phase == "action" else "character"
    able = [
        s
        for s in SEATS
        if any(state["cards"][c]["kind"] == wanted for c in state["players"][s]["hand"])
    ]
    if phase == "fighter":
        unarmed = [s for s in SEATS if state["players"][s]["fighter"] is None and s not in able]
        if unarmed:  # ruling CC-7: no character left to fight with means surrender
            _finish(state, other(unarmed[0]), "no_fighter")
            return
        able = [s for s in able if state["players"][s]["fighter"] is None]
    state["waiting"] = able
    if able:
        return
    if phase == "action":
        _fight(state)
    else:
        _enter(state, "supporter" if phase == "fighter" else "action")


def _fight(state: dict[str, Any]) -> None:
    """Skill, dice, the winner; then the Full Match clean-up or the end of the game."""
    sides = duel.matchup(state)
    winner, rolls = duel.roll_winner(state, sides)
    loser = "1" if winner == "0" else "0"
    defeated = state["players"][loser]["fighter"]
    state["last_duel"] = {
        "duel": state["duel"],
        "sides": sides,
        "rolls": rolls,
        "winner": int(winner),
        "defeated": defeated,
        "table": {s: _table(state, s) for s in SEATS},
    }
    if state["first_damage"] is None:
        state["first_damage"] = int(winner)
    state["players"][loser]["discard"].append(defeated)
    state["players"][loser]["fighter"] = None
    if state["mode"] == "quick-duel":
        _finish(state, winner, "duel")
    elif len(state["players"][loser]["discard"]) >= DEFEATS_TO_SURRENDER:
        _finish(state, winner, "surrender")
    else:
        _clean_up(state, winner)


def _table(state: dict[str, Any], seat: str) -> dict[str, Any]:
    player = state["players"][seat]
    return {k: player[k] for k in ("fighter", "supporter", "action")}


def _clean_up(state: dict[str, Any], winner: str) -> None:
    for seat in SEATS:
        player = state["players"][seat]
        if seat == winner:
            player["hand"].append(player["fighter"])
        action = player["action"]
        if action is not None:
            target = "hand" if state["cards"][action]["name"] == NULL_ACTION["name"] else "used"
            player[target].append(action)
        player["fighter"], player["supporter"], player["action"] = player["supporter"], None, None
    state["duel"] += 1
    _enter(state, "fighter")


def _finish(state: dict[str, Any], winner: str, why: str) -> None:
    state["phase"] = "over"
    state["waiting"] = []
    state["winner"] = int(winner)
    state["end"] = why


CONVENTIONAL_COMBAT = ConventionalCombat()


CONVENTIONAL_COMBAT = ConventionalCombat()
