"""Each engine game's presentation is registered like its engine, and a game without one is
still playable on the generic board."""

from gameplay import boards, table
from gameplay.engine import registry as engine_registry
from gameplay.presentation import base, registry


def test_every_engine_game_has_a_presentation_that_loads():
    assert set(registry.PRESENTATIONS) == set(engine_registry.GAMES)
    for slug in registry.PRESENTATIONS:
        presentation = registry.get(slug)
        assert isinstance(presentation, base.Presentation)
        assert presentation is not base.GENERIC
        assert presentation.clicks is not None  # every engine game is played by clicking


def test_a_game_without_a_presentation_gets_one_button_per_action_and_the_raw_view():
    actions = [{"type": "a"}, {"type": "b"}]
    clicks = table.build("toy-game", {}, actions, ["Do A", "Do B"], {})
    assert [m["path"] for m in clicks["moves"]] == [["opt:0"], ["opt:1"]]
    assert [b["label"] for b in clicks["bar"]] == ["Do A", "Do B"]
    assert boards.board_context("toy-game", {"x": 1}, {}) == {}
    assert boards.offer_faces("toy-game", ["k"]) == []
    assert boards.offer_title("toy-game") == "Choose a card"
    assert boards.action_label("toy-game", {}, {}, "Attack seat 2", {1: "ann"}) == "Attack seat 2"


def test_the_result_banner_reads_the_game_s_end_words():
    result = {"winners": [0], "facts": {"reason": "fortress"}}
    words = boards.result_words("kingdom-combat", result, {0: "ann", 1: "ben"})
    assert words == {"headline": "ann wins", "how": "the last fortress standing"}
    unknown = boards.result_words("toy-game", {"winners": [], "facts": {"end": "no_cards"}}, {})
    assert unknown == {"headline": "A draw", "how": "no cards"}
