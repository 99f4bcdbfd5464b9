"""Live streams under ASGI (config/live_streams.py): async generators on the event loop, their
access rules and limits, the redis.asyncio listener, and the app served by its real server."""

import asyncio
import json
import os
import socket
import subprocess
import time
import urllib.request

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from django.db import connection
from django.test import AsyncClient, override_settings

from config import live, live_streams
from config.serving import web_server_command
from decks.drafting import services as draft_services
from gameplay import services as game_services
from gameplay.engine import registry
from tests.conftest import REDIS_URL
from tournaments import services as tournament_services

pytestmark = pytest.mark.django_db(transaction=True)  # the stream's reads see committed rows


@pytest.fixture(autouse=True)
def local_transport():
    live.reset_transport()
    yield
    live.reset_transport()


async def _data(chunks, timeout: float = 5) -> dict:
    """The next data event of an async stream (keep-alive comments skipped)."""
    async with asyncio.timeout(timeout):
        async for chunk in chunks:
            text = chunk.decode() if isinstance(chunk, bytes) else chunk
            for line in text.splitlines():
                if line.startswith("data: "):
                    return json.loads(line[6:])
    raise AssertionError("the stream ended")


def _game(make_user):
    alice, bob = make_user(), make_user()
    game = game_services.game_create(
        ruleset="combat", seats=[{"user": alice.pk}, {"user": bob.pk}], seed=3, created_by=alice
    )
    return game, (alice, bob)


def test_a_move_reaches_open_async_streams_a_spectators_with_the_board_they_would_fetch(
    make_user,
):
    # given a game, a spectator's stream and a player's, served on the event loop
    game, players = _game(make_user)
    seat = game.state["turn"]["unit"]
    action = registry.get("combat").legal_actions(game.state, seat)[0]

    def move():
        game_services.game_act(
            game_id=game.pk, user=players[seat], action=action, expected_version=0
        )

    async def scenario():
        response = await AsyncClient().get(f"/games/{game.pk}/live/")
        assert response.status_code == 200
        assert response["Content-Type"] == "text/event-stream"
        assert response.is_async  # an async generator: sent as it goes, not read to its end
        player = AsyncClient()
        await player.aforce_login(players[1 - seat])
        own = await player.get(f"/games/{game.pk}/live/")
        chunks, own_chunks = aiter(response.streaming_content), aiter(own.streaming_content)
        first, own_first = await _data(chunks), await _data(own_chunks)
        # when a player moves
        await sync_to_async(move)()
        # then both streams announce the new version
        second, own_second = await _data(chunks), await _data(own_chunks)
        await chunks.aclose()
        await own_chunks.aclose()
        board = await AsyncClient().get(f"/games/{game.pk}/board/?version=0")
        return first, second, own_first, own_second, board.content.decode()

    held = live.open_streams()
    first, second, own_first, own_second, board = async_to_sync(scenario)()
    assert first == own_first == {"topic": f"game-{game.pk}", "v": 0}
    # the spectator's with the board as a spectator's page would fetch it, the same bytes
    assert second == {"topic": f"game-{game.pk}", "v": 1, "html": board}
    assert 'data-version="1"' in board
    # the player's with nothing more than the version: their board shows their hand
    assert own_second == {"topic": f"game-{game.pk}", "v": 1}
    assert live.open_streams() == held  # closing the streams gave their slots back


@override_settings(LIVE_STREAM_SECONDS=0.5, LIVE_HEARTBEAT_S=0.2)
def test_an_async_stream_ends_after_its_time_with_an_end_event(make_user):
    # given a tournament's stream
    tournament = tournament_services.tournament_create(organizer=make_user(), name="Cup")

    async def read_to_the_end():
        response = await AsyncClient().get(f"/tournaments/{tournament.pk}/live/")
        return [c.decode() async for c in response.streaming_content]

    held = live.open_streams()
    # when it is read to its end
    chunks = async_to_sync(read_to_the_end)()
    # then it began with the version, kept the connection alive, and ended as planned (the
    # page reconnects at once), giving its slot back
    assert chunks[0].startswith(f"retry: {live.RETRY_MS}\n")
    assert json.loads(chunks[0].split("data: ", 1)[1]) == {
        "topic": f"tournament-{tournament.pk}",
        "v": tournament.version,
    }
    assert ": keep-alive\n\n" in chunks
    assert chunks[-1] == live.END_EVENT
    assert live.open_streams() == held


def test_async_streams_keep_each_pages_access_rule(make_user):
    draft = draft_services.draft_create(
        organizer=make_user(), game_slug="kingdom-combat", seats=4, bots=0
    )
    alice = make_user()

    async def scenario():
        client = AsyncClient()
        statuses = {
            url: (await client.get(url)).status_code
            for url in ("/games/999999/live/", "/drafts/999999/live/", "/tournaments/999999/live/")
        }
        statuses["visitor's own"] = (await client.get("/live/me/")).status_code
        statuses["post"] = (await client.post(f"/drafts/{draft.pk}/live/")).status_code
        watcher = await client.get(f"/drafts/{draft.pk}/live/")
        watched = await _data(aiter(watcher.streaming_content))
        await client.aforce_login(alice)
        mine = await client.get("/live/me/")
        own = await _data(aiter(mine.streaming_content))
        return statuses, watched, own

    statuses, watched, own = async_to_sync(scenario)()
    # no such object: 404; a visitor has no stream of their own; only GET
    assert statuses == {
        "/games/999999/live/": 404,
        "/drafts/999999/live/": 404,
        "/tournaments/999999/live/": 404,
        "visitor's own": 403,
        "post": 405,
    }
    # anyone may watch a pod; a signed-in player's own stream is theirs alone
    assert watched["topic"] == f"draft-{draft.pk}"
    assert own == {"topic": f"user-{alice.pk}", "v": None}


def test_async_streams_beyond_the_limit_are_refused_with_503(make_user, settings):
    game, _players = _game(make_user)
    settings.LIVE_MAX_ASYNC_STREAMS = live.open_streams() + 1

    async def scenario():
        client = AsyncClient()
        first = await client.get(f"/games/{game.pk}/live/")
        second = await client.get(f"/games/{game.pk}/live/")
        await aiter(first.streaming_content).aclose()
        first.close()
        third = await client.get(f"/games/{game.pk}/live/")
        third.close()
        return first.status_code, second, third.status_code

    first, second, third = async_to_sync(scenario)()
    assert (first, second.status_code, second["Retry-After"], third) == (200, 503, "30", 200)


def test_only_stream_views_are_served_without_a_thread_of_their_own(make_user):
    assert live_streams.is_stream_path("/games/1/live/")
    assert live_streams.is_stream_path("/live/me/")
    assert not live_streams.is_stream_path("/matches/1/live/")  # the match page's poll
    assert not live_streams.is_stream_path("/games/1/")
    assert not live_streams.is_stream_path("/no/such/page/")


@pytest.mark.redis
def test_the_redis_asyncio_listener_feeds_the_hub():
    prefix = f"combat-test-{os.getpid()}:live:"
    worker = live.RedisTransport(live.Hub(), REDIS_URL, prefix)

    async def scenario():
        listener = live_streams.RedisListener.for_this_loop(
            live.RedisTransport(live.hub(), REDIS_URL, prefix)
        )
        await listener.started()
        healthy = listener.healthy()
        cursor = live.hub().cursor()
        # when a worker announces a change
        await sync_to_async(worker.send, thread_sensitive=False)("draft-3", "running.1.4")
        async with asyncio.timeout(3):
            while not (found := live.hub().since("draft-3", cursor))[1]:
                await asyncio.sleep(0.01)
        listener.task.cancel()
        return healthy, found

    healthy, (_cursor, changed, version) = async_to_sync(scenario)()
    # then this process's streams hear of it
    assert healthy
    assert (changed, version) == (True, "running.1.4")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _get(port: int, path: str) -> tuple[int, str, bytes]:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=10) as answer:
            return answer.status, answer.headers["Content-Type"], answer.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers["Content-Type"], error.read()


@pytest.mark.postgres  # the server is another process: it needs the test database too
@pytest.mark.slow
def test_the_asgi_server_serves_the_app_and_a_workers_notice_reaches_its_stream(
    make_user, tmp_path
):
    # given the web server as deployed (config/serving.py) on the test database, with the
    # embedded mode's file transport, and a game
    game, players = _game(make_user)
    db = connection.settings_dict
    port = _free_port()
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings.test",
        "DATABASE_URL": f"postgres://{db['USER']}@{db['HOST'] or '127.0.0.1'}:"
        f"{db['PORT'] or 5432}/{db['NAME']}",
        "LIVE_TRANSPORT": "file",
        "VAR_DIR": str(tmp_path),
    }
    server = subprocess.Popen(
        web_server_command("127.0.0.1", port, workers=1),
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        for _ in range(300):
            try:
                status, kind, body = _get(port, "/healthz")
                break
            except OSError:
                time.sleep(0.05)
        # then health, pages, the API and static files answer through it
        assert (status, kind) == (200, "application/json")
        assert json.loads(body)["database"] == "ok"
        status, kind, body = _get(port, f"/games/{game.pk}/")
        assert (status, kind) == (200, "text/html; charset=utf-8")
        assert b"live.js" in body
        assert _get(port, f"/api/games/{game.pk}/")[:2] == (200, "application/json")
        assert _get(port, "/static/js/live.js")[0] == 200
        assert _get(port, "/games/999999/live/")[0] == 404
        # and a stream opened on it hears a notice the worker process writes
        with urllib.request.urlopen(
            f"http://127.0.0.1:{port}/games/{game.pk}/live/", timeout=10
        ) as stream:
            assert stream.headers["Content-Type"] == "text/event-stream"
            first = _next_data(stream)
            seat = game.state["turn"]["unit"]
            action = registry.get("combat").legal_actions(game.state, seat)[0]
            game_services.game_act(
                game_id=game.pk, user=players[seat], action=action, expected_version=0
            )
            worker = live.FileTransport(live.Hub(), tmp_path / "live", poll_s=1)
            worker.send(f"game-{game.pk}", 1)
            second = _next_data(stream)
            # a spectator's notice brings the board at that version
            assert (first["v"], second["v"]) == (0, 1)
            assert 'data-version="1"' in second["html"]
    finally:
        server.terminate()
        server.wait(10)


def _next_data(stream) -> dict:
    while line := stream.readline():
        if line.startswith(b"data: "):
            return json.loads(line[6:])
    raise AssertionError("the stream ended")
