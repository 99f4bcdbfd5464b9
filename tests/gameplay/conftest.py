"""Fixtures of the gameplay tests: quick games against bots."""

import pytest

from gameplay import services


@pytest.fixture
def human_vs_bot(make_user):
    """(user, game): a Combat game, seat 0 a user, seat 1 the random bot, short turn limit."""
    user = make_user()
    game = services.game_create(
        ruleset="combat",
        seats=[{"user": user.pk}, {"bot": "random"}],
        options={"max_turns": 6},
        seed=11,
        created_by=user,
    )
    return user, game
