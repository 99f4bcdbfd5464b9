"""The games' one declaration, and that the decks rules and the engine agree with it."""

import pytest

import games
from decks.legality import FORMATS, GAME_NAMES, formats_for
from gameplay.engine import bots, registry
from gameplay.engine.errors import UnknownRuleset


def test_every_game_is_declared_once_in_display_order():
    assert games.slugs() == (
        "combat",
        "kingdom-combat",
        "conventional-combat",
        "army",
        "rune-duel",
    )
    assert dict(games.choices()) == dict(GAME_NAMES)
    assert games.name_of("rune-duel") == "Rune Duel"
    with pytest.raises(games.UnknownGame, match="chess"):
        games.get("chess")


@pytest.mark.parametrize("game", games.all_games(), ids=lambda g: g.slug)
def test_the_deck_rules_cover_exactly_the_declared_formats(game):
    assert {f.slug for f in formats_for(game.slug)} == set(game.format_slugs())
    for declared in game.formats:
        rules = next(f for f in FORMATS if (f.game, f.slug) == (game.slug, declared.slug))
        assert rules.uses_deck == declared.uses_deck
        assert rules.pool_restricted == (declared.kind in ("draft", "sealed"))


def test_off_the_top_is_combat_s_alone():
    offering = [g.slug for g in games.all_games() if g.format("off-the-top")]
    assert offering == ["combat"]
    assert [f.slug for f in games.get("combat").limited_formats] == [
        "off-the-top",
        "sealed",
        "draft",
    ]


@pytest.mark.parametrize("game", [g for g in games.all_games() if g.engine], ids=lambda g: g.slug)
def test_the_engine_plays_every_player_count_and_team_the_declaration_allows(game):
    ruleset = registry.get(game.slug)
    assert ruleset.name == game.name
    counts = set(game.match_sizes) | set(game.team_players)
    assert all(ruleset.min_players <= n <= ruleset.max_players for n in counts)
    assert set(game.bots) == set(bots.BOTS)
    assert ("teams" in ruleset.options) == game.teams
    assert ("jokers" in ruleset.options) == game.jokers


@pytest.mark.parametrize("game", [g for g in games.all_games() if g.engine], ids=lambda g: g.slug)
def test_the_engine_plays_each_game_as_its_one_declaration_says(game):
    # given a game the engine plays, its ruleset's game type is the declaration's, not a copy
    ruleset = registry.get(game.slug)
    assert ruleset.game_type is game.play
    assert ruleset.game_type.time_limit.measure == game.time.noun
    assert ruleset.game_type.team_sizes == tuple(n for n in game.team_sizes if n > 1)


def test_a_game_off_the_engine_has_no_game_type_and_no_bots():
    import dataclasses

    off = dataclasses.replace(games.get("army"), play=None)
    assert not off.engine
    assert off.bots == ()
    with pytest.raises(games.UnknownGame, match="engine does not play Army"):
        off.game_type()


def test_two_player_engines_are_declared_two_player():
    for game in games.all_games():
        if game.engine and registry.get(game.slug).max_players == 2:
            assert game.two_player
            assert not game.teams


def test_kingdom_combat_is_declared_on_the_engine_with_its_registered_decks():
    game = games.get("kingdom-combat")
    assert game.engine
    assert set(game.bots) == set(bots.BOTS)
    assert game.engine_decks == "kingdom"
    assert registry.get("kingdom-combat").name == "Kingdom Combat"


def test_every_declared_engine_game_is_in_the_registry_and_no_other():
    assert {g.slug for g in games.all_games() if g.engine} == set(registry.GAMES)
    with pytest.raises(UnknownRuleset):
        registry.get("chess")


@pytest.mark.parametrize(
    ("slug", "noun"),
    [
        ("combat", "life"),
        ("rune-duel", "life"),
        ("army", "stamina"),
        ("conventional-combat", "characters left"),
        ("kingdom-combat", "fortress HP"),
    ],
)
def test_each_game_names_its_time_facts_in_its_own_words(slug, noun):
    assert games.get(slug).time.noun == noun


def test_settings_problems_name_what_the_game_refuses():
    army = games.get("army")
    problems = army.settings_problems(
        deck_format="off-the-top", entries_per_match=4, team_size=2, jokers=True
    )
    assert set(problems) == {"deck_format", "entries_per_match", "team_size", "jokers"}
    assert "two-player game" in problems["entries_per_match"][0]
    assert "Standard (standard)" in problems["deck_format"][0]
    combat = games.get("combat")
    assert (
        combat.settings_problems(deck_format="draft", entries_per_match=2, team_size=2, jokers=True)
        == {}
    )
    assert "team_size" in combat.settings_problems(
        deck_format="draft", entries_per_match=3, team_size=3, jokers=False
    )


def test_combat_and_army_are_the_playing_card_games():
    assert games.playing_card_games() == {"combat", "army"}
