"""Playing people: open seats, challenges, their answers, who may do what, and the pages."""

import pytest

from accounts.models import Notification
from config.errors import Conflict, NotAllowed, ServiceError
from gameplay import selectors, services
from gameplay.models import GameInvite, GameRecord
from gameplay.services.invites import MAX_OPEN_INVITES
from tests.tournaments.test_concurrency import race

pytestmark = pytest.mark.django_db


def test_a_challenge_tells_the_opponent_and_accepting_starts_the_game(make_user):
    # given alice challenges bob to Combat
    alice, bob = make_user("alice"), make_user("bob")
    invite = services.invite_create(
        by_user=alice, ruleset="combat", opponent_username="Bob", options={"max_turns": 5}
    )
    # then bob is told, and sees it among his challenges
    note = Notification.objects.get(user=bob)
    assert note.text == "alice challenges you to Combat."
    assert note.url == "/games/lobby/"
    assert [c["id"] for c in selectors.challenges_for(user=bob)] == [invite.pk]
    assert selectors.open_seats() == []  # a challenge is not an open seat
    # when bob accepts
    game = services.invite_accept(invite_id=invite.pk, user=bob)
    # then the game is between them, alice in seat 1, with the options she chose
    assert [(s.number, s.user_id) for s in selectors.seats_of(game)] == [(0, alice.pk), (1, bob.pk)]
    assert game.options["max_turns"] == 5
    invite.refresh_from_db()
    assert (invite.status, invite.game_id) == ("accepted", game.pk)
    assert invite.answered_at is not None
    # and alice is told her game started
    assert Notification.objects.filter(user=alice, url=f"/games/{game.pk}/").exists()
    assert selectors.challenges_for(user=bob) == []


def test_an_open_seat_is_in_the_lobby_until_someone_joins(make_user):
    alice, carol = make_user(), make_user()
    invite = services.invite_create(by_user=alice, ruleset="rune-duel")
    assert [s["id"] for s in selectors.open_seats()] == [invite.pk]
    assert selectors.open_seats()[0]["game_name"] == "Rune Duel"
    game = services.invite_accept(invite_id=invite.pk, user=carol)
    assert game.ruleset == "rune-duel"
    assert selectors.open_seats() == []
    invite.refresh_from_db()
    assert invite.opponent_id == carol.pk


@pytest.mark.parametrize(
    ("opponent", "code"),
    [("nobody-by-that-name", "unknown_user"), ("ALICE", "self_challenge")],
)
def test_a_challenge_to_nobody_or_to_yourself_is_refused(make_user, opponent, code):
    alice = make_user("alice")
    with pytest.raises(ServiceError) as refused:
        services.invite_create(by_user=alice, ruleset="combat", opponent_username=opponent)
    assert refused.value.code == code
    assert refused.value.status_code == 400
    assert not GameInvite.objects.exists()


def test_bad_games_and_options_are_refused_before_anything_is_written(make_user):
    alice = make_user()
    with pytest.raises(ServiceError) as unknown:
        services.invite_create(by_user=alice, ruleset="chess")
    assert unknown.value.code == "unknown_ruleset"
    with pytest.raises(ServiceError) as bad_option:
        services.invite_create(by_user=alice, ruleset="combat", options={"max_turns": "soon"})
    assert bad_option.value.code == "invalid_game"
    assert not GameInvite.objects.exists()


def test_a_player_has_at_most_ten_offers_waiting(make_user):
    alice = make_user()
    for _ in range(MAX_OPEN_INVITES):
        services.invite_create(by_user=alice, ruleset="combat")
    with pytest.raises(Conflict) as refused:
        services.invite_create(by_user=alice, ruleset="combat")
    assert refused.value.code == "too_many_invites"


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_sixteen_offers_at_once_leave_ten_waiting(make_user):
    # given a player with no offer waiting
    alice = make_user()
    # when 16 offers are made at the same moment, each in its own thread and connection
    results = race(
        *[lambda: services.invite_create(by_user=alice, ruleset="combat") for _ in range(16)]
    )
    # then ten are waiting and the six others were refused with the limit's code
    refused = [r for r in results if isinstance(r, Exception)]
    assert GameInvite.objects.filter(created_by=alice, status="open").count() == MAX_OPEN_INVITES
    assert len(refused) == 16 - MAX_OPEN_INVITES
    assert {getattr(r, "code", repr(r)) for r in refused} == {"too_many_invites"}


def test_only_the_challenged_player_accepts_or_declines(make_user):
    alice, bob, mallory = make_user(), make_user(), make_user()
    invite = services.invite_create(by_user=alice, ruleset="combat", opponent_username=bob.username)
    for act in (services.invite_accept, services.invite_decline):
        with pytest.raises(NotAllowed) as refused:
            act(invite_id=invite.pk, user=mallory)
        assert refused.value.code == "not_your_invite"
    with pytest.raises(ServiceError) as own:
        services.invite_accept(invite_id=invite.pk, user=alice)
    assert own.value.code == "own_invite"
    with pytest.raises(NotAllowed):
        services.invite_cancel(invite_id=invite.pk, user=bob)  # only alice withdraws
    invite.refresh_from_db()
    assert invite.status == "open"
    assert not GameRecord.objects.exists()


def test_a_declined_challenge_tells_the_challenger_and_cannot_be_accepted(make_user):
    alice, bob = make_user("alice"), make_user("bob")
    invite = services.invite_create(by_user=alice, ruleset="combat", opponent_username="bob")
    services.invite_decline(invite_id=invite.pk, user=bob)
    assert Notification.objects.filter(
        user=alice, text="bob declined your Combat challenge."
    ).exists()
    with pytest.raises(Conflict) as late:
        services.invite_accept(invite_id=invite.pk, user=bob)
    assert late.value.code == "invite_declined"
    assert late.value.status_code == 409


def test_a_withdrawn_seat_cannot_be_joined(make_user):
    alice, bob = make_user(), make_user()
    invite = services.invite_create(by_user=alice, ruleset="combat")
    services.invite_cancel(invite_id=invite.pk, user=alice)
    with pytest.raises(Conflict) as late:
        services.invite_accept(invite_id=invite.pk, user=bob)
    assert late.value.code == "invite_cancelled"
    assert selectors.open_seats() == []


def test_the_api_offers_lists_and_accepts(make_user, client_for, api_client):
    alice, bob = make_user("alice"), make_user("bob")
    made = client_for(alice).post(
        "/api/invites/", {"ruleset": "combat", "opponent": "bob"}, format="json"
    )
    assert made.status_code == 201, made.json()
    assert made.json()["opponent"] == "bob"
    assert made.json()["status"] == "open"
    lobby = client_for(bob).get("/api/invites/").json()
    assert [c["id"] for c in lobby["challenges"]] == [made.json()["id"]]
    assert lobby["open_seats"] == []
    # a visitor sees the lobby but cannot accept
    assert api_client.get("/api/invites/").status_code == 200
    assert api_client.post(f"/api/invites/{made.json()['id']}/accept/").status_code in (401, 403)
    accepted = client_for(bob).post(f"/api/invites/{made.json()['id']}/accept/")
    assert accepted.status_code == 201
    game = accepted.json()
    assert [s["username"] for s in game["seats"]] == ["alice", "bob"]
    again = client_for(bob).post(f"/api/invites/{made.json()['id']}/accept/")
    assert again.status_code == 409
    assert again.json()["code"] == "seat_taken"


def test_the_api_refuses_with_clear_codes(make_user, client_for):
    alice, bob, mallory = make_user("alice"), make_user("bob"), make_user("mallory")
    bad = client_for(alice).post(
        "/api/invites/", {"ruleset": "combat", "opponent": "ghost"}, format="json"
    )
    assert bad.status_code == 400
    assert bad.json()["code"] == "unknown_user"
    made = client_for(alice).post(
        "/api/invites/", {"ruleset": "combat", "opponent": "bob"}, format="json"
    )
    pk = made.json()["id"]
    denied = client_for(mallory).post(f"/api/invites/{pk}/accept/")
    assert denied.status_code == 403
    assert denied.json()["code"] == "not_your_invite"
    assert client_for(mallory).post(f"/api/invites/{pk}/cancel/").status_code == 403
    assert client_for(bob).post("/api/invites/999999/decline/").status_code == 404
    declined = client_for(bob).post(f"/api/invites/{pk}/decline/")
    assert declined.status_code == 200
    assert declined.json()["status"] == "declined"


def test_the_lobby_page_lists_seats_by_game_and_joining_opens_the_game(client, make_user):
    alice, bob = make_user("alice"), make_user("bob")
    services.invite_create(by_user=alice, ruleset="combat")
    services.invite_create(by_user=alice, ruleset="rune-duel")
    client.force_login(bob)
    page = client.get("/games/lobby/").content.decode()
    assert "<h3>Combat</h3>" in page
    assert "<h3>Rune Duel</h3>" in page
    assert "Join alice's Combat game" in page
    invite = GameInvite.objects.get(ruleset="combat")
    response = client.post(f"/games/invites/{invite.pk}/accept/")
    game = GameRecord.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/games/{game.pk}/"


def test_a_challenge_from_the_page_and_its_answer_on_the_home_page(client, make_user):
    alice, bob = make_user("alice"), make_user("bob")
    client.force_login(alice)
    sent = client.post("/games/lobby/offer/", {"ruleset": "combat", "opponent": "bob"})
    assert sent.status_code == 302
    invite = GameInvite.objects.get()
    assert invite.opponent_id == bob.pk
    client.force_login(bob)
    home = client.get("/").content.decode()
    assert "Challenges for you" in home
    assert "Accept alice's Combat challenge" in home
    declined = client.post(f"/games/invites/{invite.pk}/decline/", {"back": "home"})
    assert declined["Location"] == "/"
    invite.refresh_from_db()
    assert invite.status == "declined"


def test_a_refusal_on_the_page_is_a_message_not_an_error(client, make_user):
    alice, bob, mallory = make_user("alice"), make_user("bob"), make_user("mallory")
    invite = services.invite_create(by_user=alice, ruleset="combat", opponent_username="bob")
    client.force_login(mallory)
    response = client.post(f"/games/invites/{invite.pk}/accept/", follow=True)
    assert response.status_code == 200
    assert "This challenge is for another player." in response.content.decode()
    # a GET of an action goes back to the lobby; a visitor is sent to log in
    assert client.get(f"/games/invites/{invite.pk}/accept/")["Location"] == "/games/lobby/"
    client.logout()
    assert client.post(f"/games/invites/{invite.pk}/accept/")["Location"].startswith("/login/")
    assert bob.pk  # bob never answered: still open
    invite.refresh_from_db()
    assert invite.status == "open"


def test_the_nav_shows_how_many_games_wait_for_my_move(client, make_user):
    alice, bob = make_user("alice"), make_user("bob")
    invite = services.invite_create(by_user=alice, ruleset="combat")
    game = services.invite_accept(invite_id=invite.pk, user=bob)
    seat = game.state["turn"]["unit"]
    mover, other = (alice, bob) if seat == 0 else (bob, alice)
    client.force_login(mover)
    page = client.get("/games/").content.decode()
    assert 'id="your-move-link"' in page
    assert '1<span class="sr-only"> game waits for your move' in page
    client.force_login(other)
    assert 'id="your-move-link"' not in client.get("/games/").content.decode()


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_players_joining_one_open_seat_at_once_get_one_game(make_user):
    # given an open seat
    alice, bob, carol = make_user(), make_user(), make_user()
    invite = services.invite_create(by_user=alice, ruleset="combat")
    # when bob and carol join at the same moment (real threads, row locks on PostgreSQL)
    results = race(
        lambda: services.invite_accept(invite_id=invite.pk, user=bob),
        lambda: services.invite_accept(invite_id=invite.pk, user=carol),
    )
    # then one game exists with one of them; the other is told the seat was taken (409)
    errors = [r for r in results if isinstance(r, Exception)]
    games = [r for r in results if isinstance(r, GameRecord)]
    assert len(errors) == 1
    assert len(games) == 1
    assert isinstance(errors[0], Conflict)
    assert errors[0].code == "seat_taken"
    assert errors[0].message == "Someone else took this seat first."
    assert GameRecord.objects.count() == 1
    invite.refresh_from_db()
    assert invite.game_id == games[0].pk
    assert invite.opponent_id in (bob.pk, carol.pk)
