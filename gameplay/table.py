"""The play table: which things on the board a player clicks to make each legal move.

Pure (no Django): one mapping per game turns the engine's legal actions into click paths, a
path being the keys of what the player clicks, in order: "card:<id>" (a card face with that
data-card), "seat:<n>" (a player's side), "zone:<name>" (a zone of the board), "slot:<seat>:<n>"
(a battle-line slot), "fortress:<n>", "offer:<key>" (a card offered beside the board) or
"opt:<name>" (a worded button in the action bar, for what the board has no thing for: "End
turn", "Retreat"). The server stays the judge: the table only offers the legal actions, a
completed path names exactly one of them (no path repeats or is the start of another), and the
action is checked again when it is posted.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from gameplay.engine.kingdom_combat import cards as kc_cards

Path = tuple[str, ...]


class Table(dict):
    """{"moves": [{"i", "path", "label"}], "words": {opt key: button words}, "hint": what to
    choose first, "then": what to choose after the first choice ("" for the table's words),
    "bar": [{"i", "label"}] (one-click moves), "offer": [keys of offered cards]}."""


def build(slug: str, view: dict, actions: list, labels: list[str], names: dict) -> Table:
    """The click table of a seat's legal actions (labels: each action's words)."""
    mapper = MAPPERS.get(slug)
    words: dict[str, str] = {}
    hint = ""
    paths: list[Path] = []
    if actions:
        if mapper is None:
            paths = [(f"opt:{i}",) for i in range(len(actions))]
            words = {f"opt:{i}": label for i, label in enumerate(labels)}
        else:
            paths, words, hint = mapper(view, actions, names)
    hint, then = hint if isinstance(hint, tuple) else (hint, "")
    moves = [
        {"i": i, "path": list(path), "label": label}
        for i, (path, label) in enumerate(zip(paths, labels, strict=True))
    ]
    bar = [
        {"i": m["i"], "label": words.get(m["path"][0], m["label"])}
        for m in moves
        if len(m["path"]) == 1 and m["path"][0].startswith("opt:")
    ]
    offer = sorted({k.removeprefix("offer:") for p in paths for k in p if k.startswith("offer:")})
    return Table(moves=moves, words=words, hint=hint, then=then, bar=bar, offer=offer)


def problems(paths: list[Path]) -> list[str]:
    """What makes a set of click paths ambiguous (empty when each names one action)."""
    out = []
    seen = set()
    for path in paths:
        if not path:
            out.append("an empty path")
        if path in seen:
            out.append(f"two actions share the path {path}")
        seen.add(path)
    for path in seen:
        for n in range(1, len(path)):
            if path[:n] in seen:
                out.append(f"{path[:n]} is complete and also the start of {path}")
    return out


# --- Combat ---------------------------------------------------------------------------------


def combat_paths(view: dict, actions: list, names: dict) -> tuple[list[Path], dict, str]:
    """Card in hand, then soldiers / farms / a target; attacker, then the player it attacks;
    blocker, then the attacker it blocks; the soldier a point of damage goes to."""
    me = view.get("viewer")
    step = view["turn"]["step"]
    done_words = {"attack": "Done attacking", "block": "Done blocking"}
    words: dict[str, str] = {
        "opt:end": "End the main step",
        "opt:done": done_words.get(step, "Done"),
        "opt:special": "Use its special ability (draw two)",
    }
    paths: list[Path] = []
    kinds = set()
    for action in actions:
        kind = action["type"]
        kinds.add(kind)
        card = f"card:{action['card']}" if "card" in action else ""
        if kind in ("soldier", "court"):
            paths.append((card, f"zone:soldiers:{me}"))
        elif kind == "farm":
            paths.append((card, f"zone:farms:{me}"))
        elif kind == "special":
            if "target" in action:
                paths.append((card, f"card:{action['target']}"))
            elif "opponent" in action:
                paths.append((card, f"seat:{action['opponent']}"))
            else:
                paths.append((card, "opt:special"))
        elif kind == "attack":
            paths.append((card, f"seat:{action['target']}"))
        elif kind == "block":
            paths.append((card, f"card:{action['attacker']}"))
        elif kind == "damage":
            paths.append((f"card:{action['target']}",))
        elif kind == "destroy":
            paths.append((card,))
        else:  # "end", "done"
            paths.append((f"opt:{kind}",))
    if "destroy" in kinds:
        hint = "Choose which of your soldiers the 2 destroys."
    elif "damage" in kinds:
        hint = "Choose the soldier that takes the next point of damage."
    elif step == "attack":
        hint = (
            "Choose an attacker, then the player it attacks; or say you are done.",
            "Now choose the player it attacks.",
        )
    elif step == "block":
        hint = (
            "Choose a blocker, then the attacker it blocks; or say you are done.",
            "Now choose the attacker it blocks.",
        )
    else:
        hint = (
            "Choose a card in your hand, then where it goes: your soldiers or your farms.",
            "Now choose where it goes (Soldiers or Farms) or the target of its special ability.",
        )
    return paths, words, hint


# --- Army -----------------------------------------------------------------------------------


def army_paths(view: dict, actions: list, names: dict) -> tuple[list[Path], dict, str]:
    """The army line: its cards clicked in fighting order; a round: the fighting card."""
    paths: list[Path] = []
    hint: str | tuple[str, str] = "Choose the fighting card you play this round."
    for action in actions:
        if action["type"] == "line":
            paths.append(tuple(f"card:{c}" for c in action["order"]))
            hint = (
                "Click your army cards in the order they fight: the first one leads.",
                "Now click the army card that fights next.",
            )
        else:
            paths.append((f"card:{action['card']}",))
    return paths, {}, hint


# --- Conventional Combat --------------------------------------------------------------------

CC_HINTS = {
    "fighter": "Choose your Fighter from your hand.",
    "supporter": "Choose your Supporter from your hand.",
    "action": "Choose your Action card from your hand.",
}


def conventional_combat_paths(
    view: dict, actions: list, names: dict
) -> tuple[list[Path], dict, str]:
    """One click on the card (equal cards are one choice: the first copy is the one offered)."""
    paths = [(f"card:{a['card']}",) for a in actions]
    return paths, {}, CC_HINTS.get(view.get("phase"), "Choose a card from your hand.")


# --- Rune Duel ------------------------------------------------------------------------------


def rune_duel_paths(view: dict, actions: list, names: dict) -> tuple[list[Path], dict, str]:
    """Play a card into the Duel; the slot a Charge creature enters or the creature a spell
    targets; at the end of combat one card to discard, or keep the hand."""
    choice = view.get("choice") or {}
    paths: list[Path] = []
    hint = "Choose a card in your hand to play into the Duel."
    for action in actions:
        kind = action["type"]
        if kind == "play":
            paths.append((f"card:{action['card']}",))
        elif kind == "slot":
            paths.append((f"slot:{choice.get('seat')}:{action['slot']}",))
            hint = "Choose the empty slot of your battle line the creature charges into."
        elif kind == "target":
            paths.append((f"slot:{action['seat']}:{action['slot']}",))
            hint = "Choose the creature the effect targets."
        elif kind == "discard":
            paths.append((f"card:{action['card']}",))
            hint = "End of combat: choose one card to discard, or keep your hand."
        else:  # keep
            paths.append(("opt:keep",))
    return paths, {"opt:keep": "Keep my hand"}, hint


def rune_duel_slots(view: dict) -> int:
    """How many slots each battle line shows: the longer line, and one past it while a Charge
    creature chooses where it enters."""
    lines = [len(p.get("line") or []) for p in view["players"].values()]
    width = max(lines, default=0)
    choice = view.get("choice") or {}
    for option in choice.get("options") or []:
        width = max(width, int(option.get("slot", 0)))
    return width


# --- Kingdom Combat -------------------------------------------------------------------------

_ZONE = re.compile(r"^(B|[FS]\d+)$")


def kingdom_combat_thing(view: dict, thing) -> str:
    """The board key of a card id, a fortress or a zone ("" when the board does not draw it)."""
    text = str(thing)
    if text in view["units"] or text in view.get("structures", {}):
        return f"card:{text}"
    if text.startswith("fortress-") and text[9:].isdigit():
        return f"fortress:{text[9:]}"
    if _ZONE.match(text):
        return f"zone:{text}"
    return ""


def kingdom_combat_paths(view: dict, actions: list, names: dict) -> tuple[list[Path], dict, str]:
    """Hire from the offered cards; a card in hand (then its target); a unit, then where it
    moves, what it attacks or shoots; an attacked unit, then retreat; a unit, then the battle it
    joins; a source, then its ability (and target)."""
    words = {
        "opt:done": "Done",
        "opt:keep": "Keep this hand",
        "opt:mulligan": "Mulligan",
        "opt:combat": "Go to combat",
        "opt:commit": "Commit the attack",
        "opt:end": "End the turn",
        "opt:pass": "Pass",
        "opt:pass-turn": "No responses this turn",
        "opt:pass-stack": "Pass until the stack resolves",
        "opt:cast": "Cast it",
        "opt:retreat": "Retreat",
        "opt:activate": "Use its ability",
    }
    phase = view.get("phase")
    stage = (view.get("turn") or {}).get("stage")

    def target(thing) -> str:
        key = kingdom_combat_thing(view, thing)
        if key:
            return key
        words[f"opt:at:{thing}"] = "a face-down unit"
        return f"opt:at:{thing}"

    def source(thing) -> str:
        key = kingdom_combat_thing(view, thing)
        if key:
            return key
        words[f"opt:use:{thing}"] = "Use an ability"
        return f"opt:use:{thing}"

    paths: list[Path] = []
    for action in actions:
        kind = action["type"]
        if kind == "hire":
            paths.append((f"offer:{action['card']}",))
        elif kind == "play":
            card = f"card:{action['card']}"
            printed_action = view["cards"].get(action["card"], "")
            if "target" in action:
                paths.append((card, target(action["target"])))
            elif _kc_is_action(printed_action):
                paths.append((card, "opt:cast"))
            else:
                paths.append((card,))
        elif kind in ("move", "attack", "shoot"):
            # a move into a structure of its own zone: the structure (K20)
            goal = (action.get("into") or action["to"]) if kind == "move" else action["target"]
            paths.append((f"card:{action['unit']}", target(goal)))
        elif kind == "retreat":
            paths.append((f"card:{action['unit']}", "opt:retreat"))
        elif kind == "join" and action.get("front"):  # in front of the units already there
            battle = int(action["battle"])
            words[f"opt:join-front:{battle}"] = f"Join the defence in front (battle {battle + 1})"
            paths.append((f"card:{action['unit']}", f"opt:join-front:{battle}"))
        elif kind == "join":
            battle = int(action["battle"])
            words[f"opt:join:{battle}"] = f"Join the defence (battle {battle + 1})"
            paths.append((f"card:{action['unit']}", f"opt:join:{battle}"))
        elif kind == "activate":
            path = (source(action["source"]), "opt:activate")
            if action.get("target") is not None:
                path += (target(action["target"]),)
            paths.append(path)
        elif kind == "pass":  # this question, until the stack resolves (K50), or the turn
            if action.get("turn"):
                paths.append(("opt:pass-turn",))
            elif action.get("window"):
                paths.append(("opt:pass-stack",))
            else:
                paths.append(("opt:pass",))
        else:  # done, keep, mulligan, combat, commit, end
            paths.append((f"opt:{kind}",))
    if phase == "garrison":
        hint = "Hire units for your Starting Garrison: choose a card offered, then confirm."
        words["opt:done"] = "Done hiring"
    elif phase == "mulligan":
        hint = "Keep your hand or mulligan."
    elif view.get("window"):
        hint = "Answer the stack with a card or a shot, or pass."
    elif stage == "combat":
        hint = (
            "Choose an attacker, then its target; then commit the attack.",
            "Now choose what it attacks.",
        )
    elif stage == "defend":
        hint = "Choose an attacked unit to retreat, or a unit to join the defence; then done."
        words["opt:done"] = "Done defending"
    else:
        hint = (
            "Choose a card in your hand, or a unit, then where it goes or what it targets.",
            "Now choose where it goes, what it targets, or what it does.",
        )
    return paths, words, hint


def _kc_is_action(key: str) -> bool:
    """Whether the printed card is an action card (Events, Dirty Tricks, Abilities...)."""
    if not key:
        return False
    return kc_cards.card(key)["type"] == "action"


MAPPERS: dict[str, Callable] = {
    "combat": combat_paths,
    "army": army_paths,
    "conventional-combat": conventional_combat_paths,
    "rune-duel": rune_duel_paths,
    "kingdom-combat": kingdom_combat_paths,
}
