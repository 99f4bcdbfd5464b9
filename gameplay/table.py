"""The play table: which things on the board a player clicks to make each legal move.

Pure (no Django): each game's click mapping (the `clicks` of its presentation, in
gameplay/presentation/) turns the engine's legal actions into click paths, a path being the keys
of what the player clicks, in order: "card:<id>" (a card face with that data-card), "seat:<n>"
(a player's side), "zone:<name>" (a zone of the board), "slot:<seat>:<n>" (a battle-line slot),
"fortress:<n>", "offer:<key>" (a card offered beside the board) or "opt:<name>" (a worded button
in the action bar, for what the board has no thing for: "End turn", "Retreat"). The server stays
the judge: the table only offers the legal actions, a completed path names exactly one of them
(no path repeats or is the start of another), and the action is checked again when it is posted.
"""

from __future__ import annotations

from gameplay.presentation import registry
from gameplay.presentation.base import Path

__all__ = ["Path", "Table", "build", "problems"]


class Table(dict):
    """{"moves": [{"i", "path", "label"}], "words": {opt key: button words}, "hint": what to
    choose first, "then": what to choose after the first choice ("" for the table's words),
    "bar": [{"i", "label"}] (one-click moves), "offer": [keys of offered cards]}."""


def build(slug: str, view: dict, actions: list, labels: list[str], names: dict) -> Table:
    """The click table of a seat's legal actions (labels: each action's words)."""
    mapper = registry.get(slug).clicks
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
