"""The Rune Duel board partial draws a seat's view: own hand, the other hand as backs, the line."""

from __future__ import annotations

import random

from django.template.loader import render_to_string

from gameplay import boards
from gameplay.engine import core
from gameplay.engine.rune_duel import RUNE_DUEL as RD


def page(view: dict) -> dict:
    """What the play page gives the board template: the view and the presenter's data."""
    return {"detail": {"view": view}, "board": boards.board_context("rune-duel", view, {})}


def mid_game(seed: int = 5) -> dict:
    """A random game played until both battle lines hold creatures (or a few rounds passed)."""
    state = core.new_game("rune-duel", seats=2, seed=seed)
    rng = random.Random(seed)
    while state["outcome"] is None and state["round"] < 3:
        for seat in RD.decision(state).seats:
            legal = RD.legal_actions(state, seat)
            RD.apply(state, seat, legal[rng.randrange(len(legal))])
    return state


def test_the_board_shows_my_hand_and_hides_the_other():
    state = mid_game()
    seat = 0
    html = render_to_string("gameplay/boards/rune-duel.html", page(RD.view(state, seat)))
    for card_id in state["zones"]["0"]["hand"]:
        assert f'data-card="{card_id}"' in html
    for card_id in state["zones"]["1"]["hand"] + state["zones"]["0"]["deck"]:
        assert f'data-card="{card_id}"' not in html
    assert html.count('class="rd-back"') == len(state["zones"]["1"]["hand"])
    assert f'data-life="1">{state["life"]["1"]}<' in html


def test_the_board_draws_both_battle_lines_slot_by_slot():
    state = mid_game(9)
    html = render_to_string("gameplay/boards/rune-duel.html", page(RD.view(state, None)))
    for seat in ("0", "1"):
        for entry in state["line"][seat]:
            assert f'data-card="{entry["card"]}"' in html
    assert f"data-round>{state['round']}<" in html
