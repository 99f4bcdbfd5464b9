"""The fuzz checks fail when they should: a broken game is caught, not waved through.

The seeded fuzz games and the million-game benches only mean something if their checks can fail;
each test here breaks a game the way a rules bug would and expects the check to say so.
"""

from __future__ import annotations

import pytest

from gameplay.engine import core, fuzz
from gameplay.engine.combat import COMBAT


def _game_in_progress(options: dict | None = None, actions: int = 6) -> dict:
    """A two-player Combat game a few random actions in (seeded, so always the same)."""
    state = core.new_game("combat", seats=2, options=options or {}, seed=7)
    for _ in range(actions):
        seat = COMBAT.decision(state).seats[0]
        core.play(state, seat, COMBAT.legal_actions(state, seat)[0])
    return state


def test_a_healthy_game_passes_every_check():
    state = _game_in_progress()
    COMBAT.check_invariants(state)
    fuzz.check_views(COMBAT, state)


def test_a_duplicated_card_breaks_card_conservation():
    state = _game_in_progress()
    state["hands"]["1"].append(state["hands"]["0"][0])
    with pytest.raises(AssertionError, match="card conservation"):
        COMBAT.check_invariants(state)


def test_a_lost_card_breaks_card_conservation():
    state = _game_in_progress()
    pile = next(p for p in state["draw"].values() if p)
    pile.pop()
    with pytest.raises(AssertionError, match="card conservation"):
        COMBAT.check_invariants(state)


def test_life_changed_other_than_by_damage_is_caught():
    state = _game_in_progress()
    state["life"]["0"] -= 1
    with pytest.raises(AssertionError, match="other than by damage"):
        COMBAT.check_invariants(state)


def test_a_knocked_out_seat_holding_cards_is_caught():
    state = _game_in_progress()
    state["out"][1] = True
    with pytest.raises(AssertionError, match="is out but still has cards"):
        COMBAT.check_invariants(state)


def test_a_card_in_the_wrong_owners_hand_is_caught_with_own_decks():
    deck = fuzz.SAMPLE_OWN_DECK
    state = _game_in_progress({"format": "constructed", "decks": [deck, deck[::-1]]})
    state["hands"]["0"], state["hands"]["1"] = state["hands"]["1"], state["hands"]["0"]
    with pytest.raises(AssertionError, match="does not own"):
        COMBAT.check_invariants(state)


class _LeakyView:
    """Combat with a view that shows everybody seat 0's hand (a hidden-information bug)."""

    game_type = COMBAT.game_type
    hidden_cards = staticmethod(COMBAT.hidden_cards)

    @staticmethod
    def view(state: dict, seat):
        return {**COMBAT.view(state, seat), "peek": list(state["hands"]["0"])}


def test_a_view_showing_an_opponents_hand_is_caught():
    state = _game_in_progress()
    with pytest.raises(AssertionError, match="can see hidden cards"):
        fuzz.check_views(_LeakyView(), state)


def test_an_event_naming_a_hidden_card_is_caught():
    state = _game_in_progress()
    state["events"].append({"seat": 0, "drew": state["hands"]["0"][0]})
    with pytest.raises(AssertionError, match="can see hidden cards"):
        fuzz.check_views(COMBAT, state, new_events=1)


def _break_once(monkeypatch, when, breakage) -> dict:
    """Wrap core.play: after the first action for which `when(state, actions_so_far)` held
    before it was played, break the state with `breakage(state)`."""
    real_play = core.play
    played = {"count": 0, "broken": False}

    def play(state, seat, action):
        due = not played["broken"] and when(state, played["count"])
        result = real_play(state, seat, action)
        played["count"] += 1
        if due:
            breakage(state)
            played["broken"] = True
        return result

    monkeypatch.setattr(core, "play", play)
    return played


def test_sparse_checks_still_catch_a_card_duplicated_mid_game(monkeypatch):
    """The million-game run checks every 50th action; a lost or extra card stays lost or extra,
    so the next check (or the one at the game's end) still finds it."""

    def duplicate(state):
        state["hands"]["1"].append(state["hands"]["0"][0])

    _break_once(monkeypatch, lambda state, count: count == 9, duplicate)
    with pytest.raises(AssertionError, match="card conservation"):
        fuzz.play_checked("combat", seats=2, options={}, seed=3, checks_every=50, views_every=0)


def test_a_seat_healed_without_a_rule_is_caught(monkeypatch):
    """Life may only go down: healing that also rewrites the damage record (so life still equals
    start minus damage) is caught by the life check."""

    def already_hurt(state, count):
        # heal on a later action than the damage, so the life check sees life go back up
        return any(state["damage_taken"].values())

    def heal(state):
        hurt = next(k for k, taken in state["damage_taken"].items() if taken)
        state["damage_taken"][hurt] -= 1
        state["life"][hurt] += 1

    played = _break_once(monkeypatch, already_hurt, heal)
    with pytest.raises(AssertionError, match="gained life"):
        fuzz.play_checked("combat", seats=2, options={}, seed=3, views_every=0)
    assert played["broken"]


def test_replay_detects_a_final_state_the_log_does_not_produce():
    state = fuzz.play_checked("combat", seats=2, options={}, seed=5, views_every=0)
    assert fuzz.replay_matches(state)
    state["life"]["0"] -= 1
    assert not fuzz.replay_matches(state)


def _lose_a_card(slug: str, state: dict) -> None:
    """Take one card out of the game, the way a rules bug that forgets a card would."""
    if slug in ("army", "conventional-combat"):
        state["players"]["0"]["hand"].pop()
    else:
        state["zones"]["0"]["deck"].pop()


@pytest.mark.parametrize("slug", ["army", "conventional-combat", "rune-duel"])
def test_the_other_games_checks_catch_a_lost_card(slug):
    state = core.new_game(slug, seats=2, options={}, seed=1)
    rules = core.ruleset_of(state)
    rules.check_invariants(state)
    _lose_a_card(slug, state)
    with pytest.raises(AssertionError, match="zone"):  # each game's card-conservation message
        rules.check_invariants(state)
