"""Live updates (config/live.py): notices after commit, the streams, their limits and transports."""

import json
import threading
import time

import pytest
from django.db import connection, transaction
from django.test import override_settings

from config import live
from decks.drafting import services as draft_services
from decks.drafting.models import Draft
from gameplay import services as game_services
from gameplay.engine import registry
from tournaments import services as tournament_services
from tournaments.fastpath.versions import bump_version


class Recorder:
    """Every notice the hub receives, in order."""

    def __init__(self, monkeypatch):
        self.notices: list[tuple[str, object]] = []
        original = live.Hub.put

        def put(hub, topic, version):
            self.notices.append((topic, version))
            original(hub, topic, version)

        monkeypatch.setattr(live.Hub, "put", put)

    def topics(self, prefix: str) -> list[tuple[str, object]]:
        return [n for n in self.notices if n[0].startswith(prefix)]


@pytest.fixture
def notices(monkeypatch):
    live.reset_transport()
    yield Recorder(monkeypatch)
    live.reset_transport()


def _events(response, count: int) -> list[dict]:
    """The first `count` data events of an SSE response (keep-alive comments skipped)."""
    found = []
    for chunk in response.streaming_content:
        text = chunk.decode() if isinstance(chunk, bytes) else chunk
        for line in text.splitlines():
            if line.startswith("data: "):
                found.append(json.loads(line[6:]))
        if len(found) >= count:
            break
    return found


def _events_in(text: str) -> list[dict]:
    return [json.loads(line[6:]) for line in text.splitlines() if line.startswith("data: ")]


def test_the_hub_wakes_a_waiting_stream_with_the_latest_version():
    # given a hub and a stream waiting on one topic since now
    hub = live.Hub()
    cursor = hub.cursor()
    # when another topic and then the topic change, twice
    hub.put("game-2", 9)
    hub.put("game-1", 4)
    hub.put("game-1", 5)
    # then the wait returns at once with the latest version of its topic only
    cursor, changed, version = hub.wait("game-1", cursor, timeout=1)
    assert (changed, version) == (True, 5)
    # and a wait after that cursor times out without a notice
    started = time.monotonic()
    assert hub.wait("game-1", cursor, timeout=0.05)[1] is False
    assert time.monotonic() - started >= 0.05


@pytest.mark.django_db
def test_a_move_announces_the_games_new_version_after_the_commit_only(
    make_user, notices, django_capture_on_commit_callbacks
):
    # given a game between two users
    alice, bob = make_user(), make_user()
    game = game_services.game_create(
        ruleset="combat", seats=[{"user": alice.pk}, {"user": bob.pk}], seed=3, created_by=alice
    )
    mover = (alice, bob)[game.state["turn"]["unit"]]
    action = registry.get("combat").legal_actions(game.state, game.state["turn"]["unit"])[0]
    # when the move is played and its transaction commits
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        game_services.game_act(game_id=game.pk, user=mover, action=action, expected_version=0)
        # then nothing is announced before the commit
        assert notices.topics("game-") == []
    for callback in callbacks:
        callback()
    # and the commit announces the game at version 1
    assert notices.topics(f"game-{game.pk}") == [(f"game-{game.pk}", 1)]


@pytest.mark.django_db(transaction=True)
def test_a_rolled_back_change_announces_nothing(make_user, notices):
    # given a tournament
    organizer = make_user()
    tournament = tournament_services.tournament_create(organizer=organizer, name="Cup")
    notices.notices.clear()

    # when its version is bumped in a transaction that rolls back
    def bump_then_fail():
        with transaction.atomic():
            bump_version(tournament.pk)
            raise RuntimeError("abort")

    with pytest.raises(RuntimeError):
        bump_then_fail()
    # then no page hears of it; a committed bump is announced with the new version
    assert notices.topics("tournament-") == []
    bump_version(tournament.pk)
    tournament.refresh_from_db()
    assert notices.topics("tournament-") == [(f"tournament-{tournament.pk}", tournament.version)]


@pytest.mark.django_db(transaction=True)
def test_a_draft_join_announces_the_rooms_new_stamp(make_user, notices):
    # given an open draft pod
    organizer, player = make_user(), make_user()
    draft = draft_services.draft_create(
        organizer=organizer, game_slug="kingdom-combat", seats=4, bots=0
    )
    notices.notices.clear()
    # when a player joins
    draft_services.draft_join(draft_id=draft.pk, user=player)
    # then the room's open pages hear the stamp the room now polls with
    from decks.drafting.selectors import draft_room_stamp

    assert notices.topics("draft-") == [(f"draft-{draft.pk}", draft_room_stamp(draft_id=draft.pk))]


@pytest.mark.django_db(transaction=True)
@override_settings(LIVE_STREAM_SECONDS=5, LIVE_HEARTBEAT_S=1)
def test_the_game_stream_sends_the_version_then_each_move(client, make_user, notices):
    # given a game between two users, and its stream opened by a spectator
    alice, bob = make_user(), make_user()
    game = game_services.game_create(
        ruleset="combat", seats=[{"user": alice.pk}, {"user": bob.pk}], seed=3, created_by=alice
    )
    held = live.open_streams()
    response = client.get(f"/games/{game.pk}/live/")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/event-stream"
    assert response["Cache-Control"] == "no-store"
    # when a player moves a moment later
    seat = game.state["turn"]["unit"]
    action = registry.get("combat").legal_actions(game.state, seat)[0]

    def move():
        time.sleep(0.2)
        try:
            game_services.game_act(
                game_id=game.pk, user=(alice, bob)[seat], action=action, expected_version=0
            )
        finally:  # the thread's own connection, else the test database is still in use at teardown
            connection.close()

    mover = threading.Thread(target=move)
    mover.start()
    # then the stream says version 0, then version 1 with the board a spectator would fetch
    events = _events(response, 2)
    mover.join()
    response.close()
    board = client.get(f"/games/{game.pk}/board/?version=0").content.decode()
    assert events == [
        {"topic": f"game-{game.pk}", "v": 0},
        {"topic": f"game-{game.pk}", "v": 1, "html": board},
    ]
    assert live.open_streams() == held


@pytest.mark.django_db
def test_a_stream_of_nothing_is_a_404(client):
    for url in ("/games/999999/live/", "/drafts/999999/live/", "/tournaments/999999/live/"):
        assert client.get(url).status_code == 404, url


@pytest.mark.django_db
def test_a_stream_refuses_other_methods(client, make_user):
    alice = make_user()
    game = game_services.game_create(
        ruleset="combat", seats=[{"user": alice.pk}, {"bot": "random"}], created_by=alice
    )
    assert client.post(f"/games/{game.pk}/live/").status_code == 405


@pytest.mark.django_db(transaction=True)  # closing a response closes the connection
def test_streams_beyond_the_limit_are_refused_with_503_and_the_slot_comes_back(
    client, make_user, notices, settings
):
    # given one stream open, the process's limit
    held = live.open_streams()  # (other tests' streams not yet collected)
    settings.LIVE_MAX_STREAMS, settings.LIVE_STREAM_SECONDS = held + 1, 2
    organizer = make_user()
    tournament = tournament_services.tournament_create(organizer=organizer, name="Cup")
    first = client.get(f"/tournaments/{tournament.pk}/live/")
    assert first.status_code == 200
    # when a second page asks for a stream
    second = client.get(f"/tournaments/{tournament.pk}/live/")
    # then it is refused (the page polls instead) with when to try again
    assert second.status_code == 503
    assert second["Retry-After"] == "30"
    # and once the first closes (even before its first event), a stream opens again
    first.close()
    assert live.open_streams() == held
    third = client.get(f"/tournaments/{tournament.pk}/live/")
    assert third.status_code == 200
    assert _events(third, 1) == [{"topic": f"tournament-{tournament.pk}", "v": tournament.version}]
    third.close()


@pytest.mark.django_db(transaction=True)
def test_the_draft_stream_starts_at_the_rooms_stamp(client, make_user, notices):
    organizer = make_user()
    draft = draft_services.draft_create(
        organizer=organizer, game_slug="kingdom-combat", seats=4, bots=0
    )
    from decks.drafting.selectors import draft_room_stamp

    response = client.get(f"/drafts/{draft.pk}/live/")
    assert _events(response, 1) == [
        {"topic": f"draft-{draft.pk}", "v": draft_room_stamp(draft_id=draft.pk)}
    ]
    response.close()
    assert Draft.objects.filter(pk=draft.pk).exists()


def test_the_file_transport_carries_a_notice_from_another_process(tmp_path):
    # given the web process's transport watching a folder, and the worker's writing to it
    web_hub, worker_hub = live.Hub(), live.Hub()
    web = live.FileTransport(web_hub, tmp_path, poll_s=0.02)
    worker = live.FileTransport(worker_hub, tmp_path, poll_s=0.02)
    web.start()
    cursor = web_hub.cursor()
    # when the worker announces a bot's move
    worker.send("game-7", 12)
    # then the web process's streams hear of it
    _cursor, changed, version = web_hub.wait("game-7", cursor, timeout=2)
    assert (changed, version) == (True, 12)


def test_the_file_transport_removes_old_notices(tmp_path):
    # given an old notice and a fresh one in the folder
    import os

    transport = live.FileTransport(live.Hub(), tmp_path, poll_s=1)
    transport.send("game-1", 1)
    transport.send("game-2", 2)
    old = time.time() - live.FILE_SWEEP_S - 5
    os.utime(tmp_path / "game-1", (old, old))
    # when the watcher sweeps
    seen = {"game-1": 1, "game-2": 2}
    transport._sweep(seen)
    # then only the fresh one is left (and forgotten by the watcher)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game-2"]
    assert seen == {"game-2": 2}


@pytest.mark.redis
def test_the_redis_transport_carries_a_notice_between_processes():
    from tests.conftest import REDIS_URL

    # given two processes' transports on one Redis (a web process and a worker)
    web_hub = live.Hub()
    web = live.RedisTransport(web_hub, REDIS_URL, "combat-test:live:")
    worker = live.RedisTransport(live.Hub(), REDIS_URL, "combat-test:live:")
    web.start()
    assert web.healthy()
    cursor = web_hub.cursor()
    # when the worker announces a change
    worker.send("draft-3", "running.1.4.0.8.7")
    # then the web process's streams hear of it
    _cursor, changed, version = web_hub.wait("draft-3", cursor, timeout=3)
    assert (changed, version) == (True, "running.1.4.0.8.7")


def test_an_unreachable_redis_makes_streams_unavailable(settings, rf):
    # given the Redis transport pointed at nothing
    transport = live.RedisTransport(live.Hub(), "redis://127.0.0.1:1/0", "x:")
    transport.start()
    # then it is not healthy (streams answer 503 and pages poll) and sending does not raise
    assert not transport.healthy()
    transport.send("game-1", 1)


@pytest.mark.django_db
def test_my_own_stream_needs_a_login_and_is_only_mine(client, make_user, notices):
    # a visitor has no stream of their own
    assert client.get("/live/me/").status_code == 403
    # a signed-in player's stream is their own topic, starting with nothing to compare
    alice = make_user()
    client.force_login(alice)
    held = live.open_streams()
    with override_settings(LIVE_STREAM_SECONDS=0.5):
        response = client.get("/live/me/")
        # read to its end (half a second): the stream gives its slot back
        chunks = [c.decode() if isinstance(c, bytes) else c for c in response.streaming_content]
    events = _events_in("".join(chunks))
    assert events == [{"topic": f"user-{alice.pk}", "v": None}, {"end": True}]
    # and its last event says it ended as planned, so the page reconnects at once (static/js/
    # live.js), not after the retry delay a dropped stream waits
    assert chunks[-1] == live.END_EVENT
    assert chunks[-1].startswith("event: end\n")
    assert live.open_streams() == held


@pytest.mark.django_db(transaction=True)
def test_a_challenge_and_its_withdrawal_reach_the_challenged_players_home(make_user, notices):
    alice, bob = make_user(), make_user()
    invite = game_services.invite_create(
        by_user=alice, ruleset="combat", opponent_username=bob.username
    )
    assert [t for t, _v in notices.topics("user-")] == [f"user-{bob.pk}"]
    notices.notices.clear()
    game_services.invite_cancel(invite_id=invite.pk, user=alice)
    assert [t for t, _v in notices.topics("user-")] == [f"user-{bob.pk}"]
