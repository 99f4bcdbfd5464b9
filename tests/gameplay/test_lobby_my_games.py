"""The lobby's "My games": every running game of the player with whose move it is, and the
offers taken since, which a lobby showing them waiting follows to the game."""

import pytest

from gameplay import selectors, services
from gameplay.models import GameInvite

pytestmark = pytest.mark.django_db


def test_my_games_lists_every_running_game_and_whose_move(client, make_user):
    # given alice's challenge that bob accepted, and a game of hers against a bot
    alice, bob = make_user("alice"), make_user("bob")
    invite = services.invite_create(by_user=alice, ruleset="combat", opponent_username="bob")
    duel = services.invite_accept(invite_id=invite.pk, user=bob)
    services.game_create(ruleset="army", seats=[{"user": alice.pk}, {"bot": "random"}])
    # then both games are hers, each saying whose move it is
    rows = {row["id"]: row for row in selectors.games_running(user=alice)}
    assert len(rows) == 2
    assert rows[duel.pk]["opponents"] == ["bob"]
    assert ["random bot"] in [row["opponents"] for row in rows.values()]
    assert {row["my_move"] for row in rows.values()} <= {True, False}
    assert [g["id"] for g in selectors.games_awaiting_move(user=alice)] == [
        pk for pk, row in rows.items() if row["my_move"]
    ]
    # and her lobby shows them, with the taken offer as the link to follow
    client.force_login(alice)
    page = client.get("/games/lobby/").content.decode()
    assert "My games" in page
    assert f"game {duel.pk}</a> vs bob" in page
    assert "your move" in page or "their move" in page
    assert f'data-accepted-invite="{invite.pk}" href="/games/{duel.pk}/"' in page
    assert "Your offers waiting" not in page


def test_a_waiting_offer_is_marked_for_the_page_to_follow(client, make_user):
    alice = make_user("alice")
    make_user("bob")
    invite = services.invite_create(by_user=alice, ruleset="combat", opponent_username="bob")
    client.force_login(alice)
    page = client.get("/games/lobby/").content.decode()
    assert f'data-invite-waiting="{invite.pk}"' in page
    assert 'data-live-url="/live/me/"' in page
    assert GameInvite.objects.get().status == GameInvite.Status.OPEN
