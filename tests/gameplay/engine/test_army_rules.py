"""Army: one test per clause of the rulebook text, and one per ruling in army/RULINGS.md."""

import pytest

from gameplay.engine import registry
from gameplay.engine.army import cards as army
from gameplay.engine.core import IllegalAction, new_game, play

RULES = registry.get("army")


def fresh(seed: int = 1, **options) -> dict:
    """A new game (line phase)."""
    return new_game("army", seats=2, seed=seed, options=options or None)


def zone_of(state: dict, card: str) -> list:
    """The list (zone) that holds the card."""
    zones = [state["army_pile"], state["army_graveyard"], state["fight_pile"]]
    zones.append(state["fight_graveyard"])
    for player in state["players"].values():
        zones += [player["hand"], player["line"]]
    return next(zone for zone in zones if card in zone)


def give(state: dict, seat: int, hand: list[str]) -> None:
    """Rig the seat's hand to exactly these fighting cards by swapping with their zones."""
    mine = state["players"][str(seat)]["hand"]
    spare = [c for c in mine if c not in hand]
    for card in hand:
        if card in mine:
            continue
        zone, out = zone_of(state, card), spare.pop()
        zone[zone.index(card)] = out
        mine[mine.index(out)] = card


def set_armies(state: dict, seat: int, army_card: str, line: list[str], lost: int = 0) -> None:
    """Rig the seat's army card, line and lost SP (the old ones go back to the army pile)."""
    player = state["players"][str(seat)]
    state["army_pile"] += [player["army"], *player["line"]]
    wanted = [army_card, *line]
    for card in wanted:
        holder = next((p for p in state["players"].values() if p["army"] == card), None)
        if holder is None:
            zone_of(state, card).remove(card)
            continue
        spare = next(c for c in state["army_pile"] if c not in wanted)
        state["army_pile"].remove(spare)
        holder["army"] = spare
    player["army"], player["line"], player["lost"] = army_card, list(line), lost


def fighting(seed: int = 1) -> dict:
    """A game past the line phase (both lead with their first army card as dealt)."""
    state = fresh(seed)
    for seat in (0, 1):
        play(state, seat, RULES.legal_actions(state, seat)[0])
    return state


def round_of(state: dict, card0: str, card1: str) -> None:
    """Rig both hands to hold the cards, then play them."""
    for seat, card in ((0, card0), (1, card1)):
        hand = state["players"][str(seat)]["hand"]
        if card not in hand:
            give(state, seat, [card, *[c for c in hand if c != card][:4]])
    play(state, 0, {"type": "play", "card": card0})
    play(state, 1, {"type": "play", "card": card1})


# ----- setup -------------------------------------------------------------------------------
def test_one_pack_without_jokers_split_into_army_and_fighting_piles():
    # given a new game
    state = fresh()
    # when every zone is counted
    RULES.check_invariants(state)
    armies = state["army_pile"] + [c for p in state["players"].values() for c in p["line"]]
    fights = state["fight_pile"] + [c for p in state["players"].values() for c in p["hand"]]
    # then the 16 court cards and aces form the army cards, the 36 number cards the fighting cards
    assert sorted(armies) == sorted(army.ARMY_CARDS)
    assert len(armies) == 16
    assert sorted(fights) == sorted(army.FIGHTING_CARDS)
    assert len(fights) == 36
    assert not any(c.startswith("JK") for c in armies + fights)


def test_both_piles_are_shuffled_with_the_seeded_chance():
    # given two seeds / when games start / then each pile's shuffle is a logged chance event
    state = fresh(seed=3)
    assert [e["chance"] for e in state["events"]] == ["shuffle army pile", "shuffle fighting pile"]
    assert fresh(seed=3)["fight_pile"] == state["fight_pile"]
    assert fresh(seed=4)["fight_pile"] != state["fight_pile"]


def test_each_player_draws_three_army_cards_and_five_fighting_cards():
    state = fresh()
    for player in state["players"].values():
        assert len(player["line"]) == 3
        assert len(player["hand"]) == 5
    assert state["army_graveyard"] == []
    assert state["fight_graveyard"] == []


def test_each_player_chooses_which_army_card_goes_first():
    # given a new game
    state = fresh()
    line = list(state["players"]["0"]["line"])
    # when seat 0 picks its last card to lead and seat 1 picks too
    choice = {"type": "line", "order": [line[2], line[0], line[1]]}
    assert len(RULES.legal_actions(state, 0)) == 6
    play(state, 0, choice)
    play(state, 1, RULES.legal_actions(state, 1)[0])
    # then that card is face up and the others follow in the chosen order
    assert state["players"]["0"]["army"] == line[2]
    assert state["players"]["0"]["line"] == [line[0], line[1]]
    assert state["phase"] == "fight"


def test_the_first_army_card_stays_hidden_until_both_have_chosen():
    state = fresh()
    play(state, 0, RULES.legal_actions(state, 0)[0])
    seen_by_1 = RULES.view(state, 1)
    assert seen_by_1["players"]["0"]["army"] is None
    assert seen_by_1["players"]["0"]["chosen"]
    assert "choice" not in seen_by_1["players"]["0"]
    assert "line" not in seen_by_1["players"]["0"]
    assert RULES.view(state, 0)["players"]["0"]["choice"] is not None


def test_stamina_points_are_ace_4_king_3_queen_2_jack_1():
    assert [army.stamina_of(r + "S") for r in "AKQJ"] == [4, 3, 2, 1]


# ----- rounds ------------------------------------------------------------------------------
def test_red_cards_attack_and_black_cards_defend():
    assert army.is_attack("7H")
    assert army.is_attack("7D")
    assert not army.is_attack("7S")
    assert not army.is_attack("7C")


def test_players_choose_simultaneously_and_the_choice_is_hidden_until_both_are_ready():
    state = fighting()
    play(state, 0, RULES.legal_actions(state, 0)[0])
    assert RULES.decision(state).kind == "simultaneous"
    assert RULES.decision(state).seats == (1,)
    seen_by_1 = RULES.view(state, 1)["players"]["0"]
    assert seen_by_1["chosen"]
    assert "choice" not in seen_by_1
    assert "hand" not in seen_by_1
    with pytest.raises(IllegalAction):
        play(state, 0, {"type": "play", "card": state["players"]["0"]["hand"][0]})


def test_a_winning_attack_costs_the_opposing_army_card_one_sp():
    state = fighting()
    set_armies(state, 1, "AS", [])
    round_of(state, "9H", "4C")
    assert state["players"]["1"]["lost"] == 1
    assert state["last_round"] == {
        "cards": {"0": "9H", "1": "4C"},
        "winner": 0,
        "damaged": 1,
        "fallen": None,
    }


def test_higher_attack_wins_when_both_attack():
    state = fighting()
    set_armies(state, 0, "AS", [])
    round_of(state, "3D", "8H")
    assert state["players"]["0"]["lost"] == 1
    assert state["players"]["1"]["lost"] == 0


@pytest.mark.parametrize(
    ("card0", "card1"),
    [("6H", "6S"), ("6H", "6D"), ("9S", "3C"), ("4H", "8S"), ("8C", "4H")],
    ids=["equal", "equal-attacks", "both-defence", "defence-wins", "defence-wins-other-seat"],
)
def test_equal_cards_both_defences_or_a_winning_defence_cost_no_sp(card0, card1):
    state = fighting()
    round_of(state, card0, card1)
    assert state["players"]["0"]["lost"] == 0
    assert state["players"]["1"]["lost"] == 0
    assert state["last_round"]["damaged"] is None


def test_both_cards_go_to_the_fighting_graveyard_whatever_the_result():
    state = fighting()
    round_of(state, "6H", "6S")
    assert state["fight_graveyard"][-2:] == ["6H", "6S"]


def test_players_redraw_to_five_after_each_round():
    state = fighting()
    pile = len(state["fight_pile"])
    round_of(state, "5H", "2S")
    assert all(len(p["hand"]) == 5 for p in state["players"].values())
    assert len(state["fight_pile"]) == pile - 2


def test_an_empty_fighting_pile_is_refilled_from_the_shuffled_graveyard():
    # given a fighting pile with a single card left and two cards in the graveyard
    state = fighting()
    state["fight_graveyard"] += state["fight_pile"][1:]
    del state["fight_pile"][1:]
    chances = state["chance_count"]
    # when a round needs two draws
    round_of(state, "5H", "2S")
    # then the graveyard was shuffled (a logged chance) into the new pile and nothing was lost
    assert state["chance_count"] == chances + 1
    assert state["events"][-1]["chance"] == "reshuffle fighting graveyard"
    assert state["fight_graveyard"] == []
    RULES.check_invariants(state)


# ----- keeping track of SP ------------------------------------------------------------------
@pytest.mark.parametrize(
    ("card", "orientations"),
    [
        ("JS", []),
        ("QS", ["sideways"]),
        ("KS", ["sideways", "diagonal"]),
        ("AS", ["sideways", "diagonal", "face-down"]),
    ],
)
def test_army_cards_turn_sideways_diagonal_face_down_then_fall(card, orientations):
    # given an army card with a reserve behind it
    state = fighting()
    set_armies(state, 1, card, ["JH"])
    seen = []
    # when it loses SP one at a time
    for _ in range(army.stamina_of(card)):
        round_of(state, "10H", "2S")
        if state["players"]["1"]["army"] == card:
            seen.append(RULES.view(state, 0)["players"]["1"]["orientation"])
    # then it turns as the text says and then goes to the army graveyard
    assert seen == orientations
    assert state["army_graveyard"] == [card]
    assert state["last_round"]["fallen"] == card


def test_the_next_army_card_in_line_is_revealed_when_one_falls():
    state = fighting()
    set_armies(state, 1, "JS", ["KD", "QC"])
    round_of(state, "10H", "2S")
    assert state["players"]["1"]["army"] == "KD"
    assert state["players"]["1"]["lost"] == 0
    assert state["players"]["1"]["line"] == ["QC"]


def test_a_player_out_of_army_cards_loses():
    state = fighting()
    set_armies(state, 1, "JS", [])
    round_of(state, "10H", "2S")
    result = RULES.result(state)
    assert RULES.decision(state).kind == "terminal"
    assert result.winners == [0]
    assert result.facts["end"] == "armies"
    assert result.life[1] == 0


# ----- rulings (army/RULINGS.md) ---------------------------------------------------------------
def test_ruling_a1_the_whole_line_order_is_chosen_at_the_start():
    state = fresh()
    orders = [tuple(a["order"]) for a in RULES.legal_actions(state, 0)]
    assert len(set(orders)) == 6
    assert all(sorted(o) == sorted(state["players"]["0"]["line"]) for o in orders)


def test_ruling_a2_a_hand_of_only_defences_must_still_play_one():
    state = fighting()
    give(state, 0, ["2S", "3S", "4C", "5C", "6S"])
    actions = RULES.legal_actions(state, 0)
    assert {a["card"] for a in actions} == {"2S", "3S", "4C", "5C", "6S"}
    assert all(a["type"] == "play" for a in actions)


def test_ruling_a3_life_is_remaining_army_sp_and_first_damage_the_first_successful_attack():
    state = fighting()
    set_armies(state, 0, "KS", ["QH", "JD"])
    set_armies(state, 1, "AS", ["JH", "QD"])
    assert RULES.time_facts(state) == {"life": {0: 6, 1: 7}, "first_damage": None}
    round_of(state, "2C", "9D")
    assert RULES.time_facts(state) == {"life": {0: 5, 1: 7}, "first_damage": 1}
    round_of(state, "10H", "3S")
    assert RULES.time_facts(state) == {"life": {0: 5, 1: 6}, "first_damage": 1}


def test_ruling_a4_the_round_limit_ends_the_game_on_remaining_sp():
    # given a 10-round limit and seat 1 already down one SP
    state = new_game("army", seats=2, seed=5, options={"round_limit": 10})
    for seat in (0, 1):
        play(state, seat, RULES.legal_actions(state, seat)[0])
    set_armies(state, 0, "AS", ["KS", "QS"])
    set_armies(state, 1, "AH", ["KH", "QH"], lost=1)
    # when both only defend for ten rounds
    for _ in range(10):
        round_of(state, "2S", "2C")
    # then the game ends and the side with more SP left wins
    result = RULES.result(state)
    assert result.facts == {"end": "round_limit", "rounds": 10}
    assert result.winners == [0]


def test_ruling_a4_equal_sp_at_the_round_limit_goes_to_first_damage_else_a_draw():
    state = new_game("army", seats=2, seed=5, options={"round_limit": 10})
    for seat in (0, 1):
        play(state, seat, RULES.legal_actions(state, seat)[0])
    for _ in range(10):
        round_of(state, "2S", "2C")
    assert RULES.result(state).winners == []
    assert RULES.evaluate(state, 0) == 0.0


def test_ruling_a5_seat_zero_draws_first_when_the_pile_runs_low():
    # given a pile with one card left
    state = fighting()
    state["fight_graveyard"] += state["fight_pile"][1:]
    last = state["fight_pile"][0]
    del state["fight_pile"][1:]
    # when a round is played from the cards already in hand
    play(state, 0, RULES.legal_actions(state, 0)[0])
    play(state, 1, RULES.legal_actions(state, 1)[0])
    # then seat 0 drew the last card of the old pile
    assert last in state["players"]["0"]["hand"]


def test_playing_a_card_not_in_hand_is_illegal_with_a_reason():
    state = fighting()
    missing = next(c for c in army.FIGHTING_CARDS if c not in state["players"]["0"]["hand"])
    with pytest.raises(IllegalAction, match="Play one fighting card from your hand"):
        RULES.apply(state, 0, {"type": "play", "card": missing})


def test_a_seat_that_already_chose_cannot_choose_again():
    state = fighting()
    play(state, 0, RULES.legal_actions(state, 0)[0])
    with pytest.raises(IllegalAction, match="already chosen"):
        RULES.apply(state, 0, {"type": "play", "card": state["players"]["0"]["hand"][0]})


def test_action_labels_name_the_cards():
    assert RULES.describe_action({"type": "play", "card": "10H"}) == "Play 10\u2665 (attack)"
    label = RULES.describe_action({"type": "line", "order": ["AS", "KH", "JD"]})
    assert label == "Lead with A\u2660, then K\u2665, then J\u2666"
