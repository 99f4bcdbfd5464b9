"""The boards name things in words: Army's fallen armies and its move log by card name,
Conventional Combat's mode, step and defeated count."""

import re

import pytest

from gameplay.models import GameRecord
from tests.gameplay.playing import play_to_the_end

pytestmark = pytest.mark.django_db

CARD_CODE = re.compile(r"\b(?:10|[2-9JQKA])[HDCS]\b")


def test_army_board_names_fallen_armies_and_logs_rounds(client, make_user):
    # given a game of Army played to its end against a bot
    user = make_user("ines")
    client.force_login(user)
    client.post("/games/new/", {"ruleset": "army", "bot": "random"})
    game = play_to_the_end(GameRecord.objects.get(), user)
    # when the board is shown
    html = client.get(f"/games/{game.pk}/").content.decode()
    # then every round is in the log, by card name and player name, newest first
    log = html[html.index('id="army-moves"') :]
    assert "Round 1:" in log
    assert "ines played " in log
    assert " of " in log
    assert log.index("Round 2:") < log.index("Round 1:")
    # and the fallen armies are named, never by their codes
    fallen = html[html.index('id="fallen-armies"') :].split("</span>")[0]
    assert " of " in fallen
    assert not CARD_CODE.search(fallen)


def test_conventional_combat_board_says_mode_step_and_defeated_in_words(client, make_user):
    user = make_user("ozzy")
    client.force_login(user)
    client.post("/games/new/", {"ruleset": "conventional-combat", "bot": "random"})
    html = client.get(f"/games/{GameRecord.objects.get().pk}/").content.decode()
    assert "Full Match" in html
    assert "full-match" not in html.split("cc-board")[1][:300]
    assert "step: <strong>Fighter</strong>" in html
    assert "Defeated:</span> 0" in html
