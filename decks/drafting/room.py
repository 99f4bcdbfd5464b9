"""The draft room as a player arranges it: the pack sorted, the picks grouped into a running
deck and sideboard, the pass direction in words. The choices are cookies draft.js sets; the
server reads them so every refresh draws the room the same way (no reordering flash)."""

from decks.drafting.rules import pass_direction

STATUS_LABELS = {
    "open": "Waiting for players",
    "running": "Drafting",
    "paused": "Paused",
    "finished": "Finished",
}
# How a player may order their pack and picks (a cookie each, set by draft.js).
SORTS = {
    "pack": "Pack order",
    "cost": "Cost",
    "type": "Type",
    "faction": "Faction",
    "border": "Border",
    "name": "Name",
}
GROUPS = {"type": "Type", "cost": "Cost", "faction": "Faction", "border": "Border", "none": "None"}
BORDER_ORDER = {"gold": 0, "silver": 1, "black": 2, "green": 3, "": 4}


def sort_key(key: str):
    def by(item: dict):
        face = item["face"]
        cost = face.get("cost")
        values = {
            "cost": (cost if isinstance(cost, int) else 99,),
            "type": (face.get("type_label", ""),),
            "faction": (face.get("sort_faction", "") or "~",),
            "border": (BORDER_ORDER.get(face.get("border", ""), 5),),
        }
        return (*values.get(key, ()), values["cost"][0], face.get("name", ""))

    return by


def group_label(key: str, face: dict) -> str:
    if key == "cost":
        return "No cost" if face.get("cost") is None else f"Cost {face['cost']}"
    if key == "faction":
        return face.get("sort_faction") or "No faction"
    if key == "border":
        return face.get("border_label") or "No border"
    return face.get("type_label") or "Other"


def sorted_pack(cards: list[dict], key: str) -> list[dict]:
    return cards if key not in SORTS or key == "pack" else sorted(cards, key=sort_key(key))


def pick_groups(picks: list[dict], group: str, sort: str, sideboard: set[int]) -> dict:
    """The picks as the running deck: main deck and sideboard, each grouped and sorted."""
    if sort == "pack":  # the order they were picked in
        ordered = sorted(picks, key=lambda p: (p["round"], p["pick_number"]))
    else:
        ordered = sorted(picks, key=sort_key(sort if sort in SORTS else "cost"))
    if group in GROUPS and group != "none":
        ordered.sort(key=lambda p: sort_key(group)(p)[:-2])
    sections = {}
    for name, rows in (
        ("main", [p for p in ordered if p["id"] not in sideboard]),
        ("sideboard", [p for p in ordered if p["id"] in sideboard]),
    ):
        groups: list[dict] = []
        for pick in rows:
            label = "" if group == "none" else group_label(group, pick["face"])
            if not groups or groups[-1]["label"] != label:
                groups.append({"label": label, "picks": []})
            groups[-1]["picks"].append(pick)
        sections[name] = {"groups": groups, "count": len(rows)}
    return sections


def sideboard(cookies: dict, draft_id: int) -> set[int]:
    """The pick ids the player moved to the sideboard (a cookie draft.js keeps)."""
    raw = cookies.get(f"draft_side_{draft_id}", "")
    return {int(part) for part in raw.split(".") if part.isascii() and part.isdigit()}


def pass_label(round_number: int | None) -> str:
    """Which way this round's packs travel, in words (rulebook 7: left, right, left...)."""
    if not round_number:
        return ""
    return "passing left" if pass_direction(round_number) > 0 else "passing right"


def prefs(cookies: dict) -> dict:
    """The player's choices (cookies), each one of the known values or its default."""
    sort, picks_sort = cookies.get("draft_pack_sort", ""), cookies.get("draft_picks_sort", "")
    group = cookies.get("draft_picks_group", "")
    return {
        "sort": sort if sort in SORTS else "pack",
        "picks_sort": picks_sort if picks_sort in SORTS else "cost",
        "group": group if group in GROUPS else "type",
    }
