"""Live updates: how soon a move shows on the other player's page, through gunicorn as deployed.

Starts gunicorn (gthread workers, as docker/ runs it) on a throwaway test database with the
Redis transport (TEST_REDIS_URL), then: a watcher holds the game's stream; the player to move
posts each move through the API; the bench times the notice's arrival on the stream and the
watcher's refresh of the board (what static/js/live.js does). The commit happens inside the
move request, so "request sent -> notice" bounds "committed -> notice" from above and
"response received -> notice" from below. Then the same with BENCH_IDLE_STREAMS other pages
holding streams, and the time of a plain page while they do. With --sync, also shows why the
sync worker class does not fit: two streams hold both sync workers and a page waits.

Usage: DATABASE_URL=postgres://... TEST_REDIS_URL=redis://... python bench/live_push.py
       [--moves N] [--idle N] [--sync]
One JSON line per figure. Wall-clock times (a shared box's load counts against them).
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import queue
import socket
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")

import django  # noqa: E402

django.setup()

from django.db import connection  # noqa: E402

from bench.report import emit  # noqa: E402
from tests.net import answers, free_port  # noqa: E402

REDIS = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/15")


def redis_answers() -> bool:
    return answers(REDIS)


def start_gunicorn(port: int, *, worker_class: str, workers: int, threads: int):
    db = connection.settings_dict
    url = f"postgres://{db['USER']}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"
    if db.get("PASSWORD"):
        url = url.replace("@", f":{db['PASSWORD']}@", 1)
    env = {
        **os.environ,
        "DATABASE_URL": url,
        "DJANGO_SETTINGS_MODULE": "config.settings.test",
        "LIVE_TRANSPORT": "redis",
        "REDIS_URL": REDIS,
        "LIVE_MAX_STREAMS": "200",
    }
    command = [
        sys.executable, "-m", "gunicorn", "config.wsgi", "--bind", f"127.0.0.1:{port}",
        "--workers", str(workers), "--worker-class", worker_class, "--threads", str(threads),
        "--log-level", "warning",
    ]  # fmt: skip
    process = subprocess.Popen(command, cwd=ROOT, env=env)
    for _ in range(200):
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return process
        except OSError:
            time.sleep(0.05)
    process.kill()
    raise SystemExit("gunicorn did not start")


def stop(process) -> None:
    process.terminate()
    try:
        process.wait(10)
    except subprocess.TimeoutExpired:  # a sync worker still held by a stream
        process.kill()
        process.wait()


def get(port: int, path: str, timeout: float = 10) -> tuple[int, float]:
    started = time.perf_counter()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    conn.request("GET", path)
    response = conn.getresponse()
    response.read()
    conn.close()
    return response.status, time.perf_counter() - started


class Stream:
    """A page's EventSource: notices into a queue (arrival time, version)."""

    def __init__(self, port: int, path: str) -> None:
        self.notices: queue.Queue = queue.Queue()
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
        self.conn.request("GET", path, headers={"Accept": "text/event-stream"})
        self.response = self.conn.getresponse()
        self.status = self.response.status
        if self.status == 200:
            threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        try:
            while line := self.response.readline():
                if line.startswith(b"data: "):
                    self.notices.put((time.perf_counter(), json.loads(line[6:])["v"]))
        except (OSError, ValueError, AttributeError):  # closed by the bench
            pass

    def wait_for(self, version: int, timeout: float = 10) -> float:
        deadline = time.perf_counter() + timeout
        while True:
            arrived, seen = self.notices.get(timeout=max(0.01, deadline - time.perf_counter()))
            if seen == version:
                return arrived

    def close(self) -> None:
        self.conn.close()


def players_and_game():
    from django.contrib.auth import get_user_model
    from knox.models import AuthToken

    from gameplay import services

    users = [
        get_user_model().objects.create_user(username=f"live-bench-{i}-{time.time_ns()}")
        for i in range(2)
    ]
    tokens = {u.pk: AuthToken.objects.create(u)[1] for u in users}
    game = services.game_create(
        ruleset="combat",
        seats=[{"user": users[0].pk}, {"user": users[1].pk}],
        seed=7,
        created_by=users[0],
    )
    return users, tokens, game


def next_move(game_id: int, users, tokens) -> tuple[str, dict, int] | None:
    """(token of the player to move, action, version) from the stored game, or None (over)."""
    from gameplay import selectors
    from gameplay.engine import registry
    from gameplay.models import GameRecord

    game = GameRecord.objects.get(pk=game_id)
    if game.status != "in_progress":
        return None
    state = selectors.game_state(game)
    rules = registry.get("combat")
    seat = rules.decision(state).seats[0]
    legal = rules.legal_actions(state, seat)
    return tokens[users[seat].pk], legal[len(legal) // 2], game.version


def moves(port: int, game_id: int, users, tokens, count: int, label: str) -> None:
    watcher = Stream(port, f"/games/{game_id}/live/")
    assert watcher.status == 200, watcher.status
    watcher.notices.get(timeout=10)  # the version on connecting
    sent_to_notice, response_to_notice, sent_to_board = [], [], []
    for _ in range(count):
        move = next_move(game_id, users, tokens)
        if move is None:
            break
        token, action, version = move
        body = json.dumps({"action": action, "version": version})
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        sent = time.perf_counter()
        conn.request(
            "POST",
            f"/api/games/{game_id}/actions/",
            body=body,
            headers={"Authorization": f"Token {token}", "Content-Type": "application/json"},
        )
        response = conn.getresponse()
        response.read()
        answered = time.perf_counter()
        conn.close()
        assert response.status == 200, response.status
        arrived = watcher.wait_for(version + 1)
        status, took = get(port, f"/games/{game_id}/board/?version={version}")
        assert status == 200, status
        sent_to_notice.append(arrived - sent)
        response_to_notice.append(arrived - answered)
        sent_to_board.append(arrived - sent + took)
    watcher.close()
    for name, values in (
        ("move sent -> notice on the other page", sent_to_notice),
        ("move answered -> notice on the other page", response_to_notice),
        ("move sent -> other page's board refreshed", sent_to_board),
    ):
        ms = sorted(v * 1000 for v in values)
        emit(
            f"{name} ({label})",
            round(statistics.median(ms), 1),
            "ms median",
            p95=round(ms[int(0.95 * (len(ms) - 1))], 1),
            max=round(ms[-1], 1),
            moves=len(ms),
        )


def idle_streams(port: int, game_id: int, count: int) -> list[Stream]:
    return [Stream(port, f"/games/{game_id}/live/") for _ in range(count)]


def page_times(port: int, game_id: int, label: str, n: int = 20) -> None:
    times = sorted(get(port, f"/games/{game_id}/board/")[1] * 1000 for _ in range(n))
    emit(
        f"board page while {label}",
        round(statistics.median(times), 1),
        "ms median",
        max=round(times[-1], 1),
    )


def sync_demo(game_id: int) -> None:
    port = free_port()
    process = start_gunicorn(port, worker_class="sync", workers=2, threads=1)
    try:
        streams = idle_streams(port, game_id, 2)
        time.sleep(0.5)
        try:
            status, took = get(port, f"/games/{game_id}/board/", timeout=5)
            emit("sync workers=2, 2 streams open: a page", round(took * 1000), "ms", status=status)
        except (TimeoutError, OSError):
            emit("sync workers=2, 2 streams open: a page", "no answer in 5 s", "")
        for stream in streams:
            stream.close()
    finally:
        stop(process)


def file_transport(count: int = 30) -> None:
    """The embedded mode's path for a worker's notice (a bot move): written to a file by one
    process's transport, read by the web process's watcher (every LIVE_FILE_POLL_S)."""
    import tempfile

    from django.conf import settings

    from config import live

    with tempfile.TemporaryDirectory() as folder:
        web_hub = live.Hub()
        web = live.FileTransport(web_hub, Path(folder), settings.LIVE_FILE_POLL_S)
        worker = live.FileTransport(live.Hub(), Path(folder), settings.LIVE_FILE_POLL_S)
        web.start()
        waits = []
        for version in range(count):
            cursor = web_hub.cursor()
            sent = time.perf_counter()
            worker.send("game-1", version)
            web_hub.wait("game-1", cursor, timeout=5)
            waits.append((time.perf_counter() - sent) * 1000)
            time.sleep(0.013)  # not in step with the watcher
    waits.sort()
    emit(
        "embedded mode: worker's notice -> web process (file transport)",
        round(statistics.median(waits), 1),
        "ms median",
        max=round(waits[-1], 1),
        poll_ms=settings.LIVE_FILE_POLL_S * 1000,
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--moves", type=int, default=int(os.environ.get("BENCH_MOVES", "20")))
    parser.add_argument("--idle", type=int, default=int(os.environ.get("BENCH_IDLE_STREAMS", "60")))
    parser.add_argument("--sync", action="store_true")
    args = parser.parse_args()
    file_transport()
    if connection.vendor != "postgresql" or not redis_answers():
        # gunicorn needs a database both processes reach, and the notices Redis
        emit("live push through gunicorn", "skipped: needs PostgreSQL and Redis", "")
        return
    old_name = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, autoclobber=True, keepdb=False)
    port = free_port()
    process = start_gunicorn(port, worker_class="gthread", workers=2, threads=48)
    try:
        users, tokens, game = players_and_game()
        moves(port, game.pk, users, tokens, args.moves, "gthread 2x48, Redis")
        streams = idle_streams(port, game.pk, args.idle)
        opened = sum(1 for s in streams if s.status == 200)
        emit("idle streams held", opened, "streams")
        page_times(port, game.pk, f"{opened} streams are open")
        moves(port, game.pk, users, tokens, args.moves, f"with {opened} other streams open")
        for stream in streams:
            stream.close()
        if args.sync:
            sync_demo(game.pk)
    finally:
        stop(process)
        connection.close()
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()
