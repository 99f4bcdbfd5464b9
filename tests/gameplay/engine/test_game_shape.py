"""Every game has the same package shape and declares what it supports as data (issue 13)."""

import importlib
import random
import re
from pathlib import Path

import pytest

from gameplay.engine import core, registry
from gameplay.engine.core import GameType, Ruleset

ENGINE = Path(registry.__file__).parent
ROLES = ("__init__.py", "rules.py", "setup.py", "cards.py", "views.py", "strategy.py")
ROLES += ("invariants.py", "RULINGS.md")
GAMES = sorted(registry.GAMES)


@pytest.mark.parametrize("slug", GAMES)
def test_every_game_is_a_package_with_the_same_module_names(slug):
    module = registry.GAMES[slug].partition(":")[0]
    package = ENGINE / module.split(".")[2]
    assert module.endswith(".rules")
    assert [role for role in ROLES if not (package / role).is_file()] == []


@pytest.mark.parametrize("slug", GAMES)
def test_the_same_roles_offer_the_same_names(slug):
    package = registry.GAMES[slug].partition(":")[0].rpartition(".")[0]
    names = {
        "setup": ("OPTIONS", "new_state"),
        "strategy": ("evaluate",),
        "invariants": ("check_invariants",),
        "views": ("determinize",),
    }
    missing = [
        f"{module}.{name}"
        for module, wanted in names.items()
        for name in wanted
        if not hasattr(importlib.import_module(f"{package}.{module}"), name)
    ]
    assert missing == []
    assert registry.get(slug).options is importlib.import_module(f"{package}.setup").OPTIONS


def test_no_rulings_file_is_left_beside_the_packages():
    assert sorted(p.name for p in ENGINE.glob("*RULINGS*")) == []


@pytest.mark.parametrize("slug", GAMES)
def test_the_declaration_sets_the_seat_counts_new_game_accepts(slug):
    ruleset = registry.get(slug)
    declared = ruleset.game_type
    assert isinstance(declared, GameType)
    assert (ruleset.min_players, ruleset.max_players) == (
        declared.min_players,
        declared.max_players,
    )
    with pytest.raises(core.EngineError, match="players"):
        core.new_game(slug, seats=declared.max_players + 1, seed=1)
    assert ruleset.describe()["game_type"]["max_players"] == declared.max_players


def test_time_limit_facts_are_named_in_each_games_own_words():
    measures = {slug: registry.get(slug).game_type.time_limit.measure for slug in GAMES}
    assert measures == {
        "army": "stamina",
        "combat": "life",
        "conventional-combat": "characters left",
        "kingdom-combat": "fortress HP",
        "rune-duel": "life",
    }


def test_teams_and_simultaneous_choices_are_declared():
    declared = {slug: registry.get(slug).game_type for slug in GAMES}
    assert declared["combat"].team_modes == ("alliance", "as-one")
    assert [s for s, d in declared.items() if d.teams] == ["combat"]
    assert [s for s, d in declared.items() if d.simultaneous] == [
        "army",
        "conventional-combat",
        "rune-duel",
    ]
    combat_teams = registry.get("combat").options["teams"].choices
    assert set(declared["combat"].team_modes) == set(combat_teams) - {"none"}


@pytest.mark.parametrize("slug", GAMES)
def test_what_a_game_declares_it_can_do(slug):
    ruleset = registry.get(slug)
    declared = ruleset.game_type
    state = core.new_game(slug, seats=declared.min_players, seed=7)
    seat = core.acting_seat(state)
    if declared.time_limit is not None:
        assert set(ruleset.time_facts(state)["life"]) == set(range(state["seats"]))
    if declared.determinization:
        sampled = ruleset.determinize(ruleset.view(state, seat), seat, random.Random(1))
        assert ruleset.legal_actions(sampled, seat) == ruleset.legal_actions(state, seat)
    if declared.lists_hidden_cards:
        assert isinstance(ruleset.hidden_cards(state, seat), set)
    own_policy = type(ruleset).rollout_action is not Ruleset.rollout_action or (
        ruleset.strategy_module is not None and hasattr(ruleset.strategy_module, "rollout_action")
    )
    assert own_policy == declared.rollout_policy
    assert set(declared.bots) <= {"random", "greedy", "search"}


def test_callers_read_the_declaration_instead_of_probing_the_ruleset():
    probing = re.compile(r"(getattr|hasattr)\(\s*(ruleset|rules|self)\b")
    found = [
        f"{path.relative_to(ENGINE.parents[1])}:{n}"
        for folder in (ENGINE.parent, ENGINE.parents[1] / "tournaments")
        for path in folder.rglob("*.py")
        for n, line in enumerate(path.read_text().splitlines(), start=1)
        if probing.search(line)
    ]
    assert found == []
