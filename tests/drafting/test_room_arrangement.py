"""The draft room's arrangement of a pack and of the picks (decks/drafting/room.py)."""

from decks.drafting import room


def pick(pick_id, name, cost, type_label="Unit", border="black", round_=1, number=1):
    face = {"name": name, "cost": cost, "type_label": type_label, "border": border}
    face |= {"border_label": f"{border.capitalize()} border", "sort_faction": ""}
    return {"id": pick_id, "face": face, "round": round_, "pick_number": number}


def test_picks_group_by_type_sorted_by_cost_with_costless_cards_last():
    picks = [pick(1, "Ogre", 5), pick(2, "Hex", None, "Action"), pick(3, "Scout", 1)]
    picks.append(pick(4, "Mint", 4, "Structure", "silver"))
    deck = room.pick_groups(picks, "type", "cost", sideboard=set())
    labels = [(g["label"], [p["face"]["name"] for p in g["picks"]]) for g in deck["main"]["groups"]]
    assert labels == [("Action", ["Hex"]), ("Structure", ["Mint"]), ("Unit", ["Scout", "Ogre"])]
    assert deck["sideboard"] == {"groups": [], "count": 0}


def test_the_sideboard_takes_its_picks_out_of_the_deck_and_pick_order_is_kept():
    picks = [pick(1, "B", 2, number=2), pick(2, "A", 1, number=1), pick(3, "C", 3, number=3)]
    deck = room.pick_groups(picks, "none", "pack", sideboard={3})
    assert [p["id"] for p in deck["main"]["groups"][0]["picks"]] == [2, 1]
    assert deck["main"]["count"] == 2
    assert [p["id"] for p in deck["sideboard"]["groups"][0]["picks"]] == [3]


def test_choices_from_cookies_are_checked_and_the_pass_direction_alternates():
    assert room.prefs({"draft_pack_sort": "border", "draft_picks_group": "nonsense"}) == {
        "sort": "border",
        "picks_sort": "cost",
        "group": "type",
    }
    assert [room.pass_label(n) for n in (1, 2, 3)] == [
        "passing left",
        "passing right",
        "passing left",
    ]
    assert room.pass_label(None) == ""
    assert room.sideboard({"draft_side_7": "4.x.².9"}, 7) == {4, 9}


def test_the_new_pack_sound_is_a_short_wav_served_from_our_static_files():
    import wave
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "static" / "drafting" / "new-pack.wav"
    with wave.open(str(path)) as sound:
        seconds = sound.getnframes() / sound.getframerate()
    assert 0.05 < seconds < 1
    assert path.stat().st_size < 8000
