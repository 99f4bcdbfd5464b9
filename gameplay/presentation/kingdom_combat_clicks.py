"""Kingdom Combat's clicks on the play page: which card, unit or zone a click names, and the
path of clicks that makes each legal action (a card in hand, then a unit, then the zone)."""

from __future__ import annotations

import re

from gameplay.engine.kingdom_combat import cards as kc_cards
from gameplay.presentation.base import Clicks, Names, Path

# What an answer window leads to, in the prompt (shared with the board's window panel).
KC_WINDOW_TITLE = {
    None: "Answers to the stack",
    "combat": "Before combat begins",
    "end": "Before the turn ends",
    "damage": "Before combat damage",
}


_ZONE = re.compile(r"^(B|[FS]\d+)$")
WORDS = {
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


def kingdom_combat_paths(view: dict, actions: list, names: Names) -> Clicks:
    """Hire from the offered cards; a card in hand (then its target); a unit, then where it
    moves, what it attacks or shoots; an attacked unit, then retreat; a unit, then the battle it
    joins; a source, then its ability (and target)."""
    words = dict(WORDS)  # the paths add words for what the board does not draw
    paths = [_kc_path(view, action, words) for action in actions]
    return paths, words, _kc_hint(view, words, {a["type"] for a in actions})


def _kc_key(view: dict, thing, words: dict[str, str], prefix: str, word: str) -> str:
    """The board key of a thing, or a worded button when the board does not draw it."""
    key = kingdom_combat_thing(view, thing)
    if key:
        return key
    words[f"opt:{prefix}:{thing}"] = word
    return f"opt:{prefix}:{thing}"


def _kc_path(view: dict, action: dict, words: dict[str, str]) -> Path:
    """The clicks that make one legal action (adding words for the buttons it needs)."""
    kind = action["type"]

    def target(thing) -> str:
        return _kc_key(view, thing, words, "at", "a face-down unit")

    if kind == "hire":
        return (f"offer:{action['card']}",)
    if kind == "play":
        card = f"card:{action['card']}"
        if "target" in action:
            return (card, target(action["target"]))
        if _kc_is_action(view["cards"].get(action["card"], "")):
            return (card, "opt:cast")
        return (card,)
    if kind in ("move", "attack", "shoot"):
        # a move into a structure of its own zone: the structure (K20)
        goal = (action.get("into") or action["to"]) if kind == "move" else action["target"]
        return (f"card:{action['unit']}", target(goal))
    if kind == "retreat":
        return (f"card:{action['unit']}", "opt:retreat")
    if kind == "join":
        return _kc_join(action, words)
    if kind == "activate":
        source = _kc_key(view, action["source"], words, "use", "Use an ability")
        path: Path = (source, "opt:activate")
        if action.get("target") is not None:
            path += (target(action["target"]),)
        return path
    if kind == "pass":  # this question, until the stack resolves (K50), or the turn
        if action.get("turn"):
            return ("opt:pass-turn",)
        return ("opt:pass-stack",) if action.get("window") else ("opt:pass",)
    return (f"opt:{kind}",)  # done, keep, mulligan, combat, commit, end


def _kc_join(action: dict, words: dict[str, str]) -> Path:
    """A unit, then the battle it joins the defence of (in front of the units already there)."""
    battle = int(action["battle"])
    if action.get("front"):
        words[f"opt:join-front:{battle}"] = f"Join the defence in front (battle {battle + 1})"
        return (f"card:{action['unit']}", f"opt:join-front:{battle}")
    words[f"opt:join:{battle}"] = f"Join the defence (battle {battle + 1})"
    return (f"card:{action['unit']}", f"opt:join:{battle}")


KC_ANSWERS = (
    ("play", "play a Dirty Trick"),
    ("shoot", "shoot with a Ranged unit"),
    ("activate", "use an ability"),
)


def _kc_hint(view: dict, words: dict[str, str], kinds: set[str]) -> str | tuple[str, str]:
    """What to choose first (and after the first choice), naming "Done" for the moment; in a
    response window, the answers this player has."""
    stage = (view.get("turn") or {}).get("stage")
    if view.get("phase") == "garrison":
        words["opt:done"] = "Done hiring"
        return "Hire units for your Starting Garrison: choose a card offered, then confirm."
    if view.get("phase") == "mulligan":
        return "Keep your hand or mulligan."
    if view.get("window"):
        what = KC_WINDOW_TITLE.get(view["window"].get("then"), "Answers to the stack")
        answers = ", ".join(words for kind, words in KC_ANSWERS if kind in kinds)
        return f"{what}: you may {answers}, or pass." if answers else f"{what}: pass."
    if stage == "combat":
        return (
            "Choose an attacker, then its target; then commit the attack.",
            "Now choose what it attacks.",
        )
    if stage == "defend":
        words["opt:done"] = "Done defending"
        return "Choose an attacked unit to retreat, or a unit to join the defence; then done."
    return (
        "Choose a card in your hand, or a unit, then where it goes or what it targets.",
        "Now choose where it goes, what it targets, or what it does.",
    )


def _kc_is_action(key: str) -> bool:
    """Whether the printed card is an action card (Events, Dirty Tricks, Abilities...)."""
    if not key:
        return False
    return kc_cards.card(key)["type"] == "action"
