"""The live tier: open pages one web process holds, how soon a move reaches them, and slow clients.

Side by side on a throwaway test database with the Redis transport (TEST_REDIS_URL):
- the ASGI server as deployed (config/serving.py, one worker process): --streams spectators'
  live streams spread over --games games, then --moves moves posted through the API; for each,
  the time from sending the move to its board on every spectator's page (the notice carries
  it: "move to screen"), and to one board fetched after the notice (what a player's page does);
  the server's CPU per move and per notice; the server's memory per open stream (its RSS
  before and after); then --fetch-moves moves with every spectator's page fetching the board
  after its notice, as pages did before notices carried it;
- today's thread-per-stream path: gunicorn gthread 3x48 with LIVE_MAX_STREAMS=40, as docker/
  ran it, asked for --baseline-streams;
- with --compare, uvicorn and daphne on the same ASGI app (--compare-streams each), the
  measurement the server was chosen by (README, "Scaling out");
- slow clients: --slow connections sending partial headers (a line every 5 s, reconnecting
  when cut off) beside --slow-streams open streams, while /healthz and a page are probed.

Usage: DATABASE_URL=postgres://... TEST_REDIS_URL=redis://... python bench/live_tier.py
One JSON line per figure. Wall-clock times on a shared box: the bench's own client (one
asyncio loop holding every connection) shares the cores with the server.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime
import itertools
import json
import multiprocessing
import os
import platform
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from django.db import connection  # noqa: E402
from live_push import (  # noqa: E402  (sets Django up)
    REDIS,
    next_move,
    players_and_game,
    redis_answers,
)
from live_servers import HOST, cpu_s, rss_kb, start, stop  # noqa: E402

from bench.report import emit  # noqa: E402


async def request(
    port: int, method: str, path: str, *, body: bytes = b"", headers=None, timeout: float = 10
) -> tuple[int, bytes]:
    async def go() -> tuple[int, bytes]:
        reader, writer = await asyncio.open_connection(HOST, port)
        extra = "".join(f"{k}: {v}\r\n" for k, v in (headers or {}).items())
        writer.write(
            f"{method} {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n{extra}"
            f"Content-Length: {len(body)}\r\n\r\n".encode()
            + body
        )
        answer = await reader.read()
        writer.close()
        return int(answer.split(b" ", 2)[1]), answer

    return await asyncio.wait_for(go(), timeout)


class Streams:
    """Open pages' EventSources (spectators: no one signed in); per game, the arrival time of
    every data event on any of its streams, and whether it carried the board."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.arrivals: dict[int, list[tuple[float, bool]]] = {}
        self.watchers: dict[int, int] = {}
        self.open: list[asyncio.StreamWriter] = []
        self.readers: list[asyncio.Task] = []
        self.refused = 0

    async def open_many(self, games: list[int], count: int, at_once: int = 64) -> None:
        gate = asyncio.Semaphore(at_once)
        started = asyncio.Event()

        async def one(game: int) -> None:
            async with gate:
                await self._open(game, started)

        await asyncio.gather(*(one(games[i % len(games)]) for i in range(count)))

    async def _open(self, game: int, started: asyncio.Event) -> None:
        try:
            reader, writer = await asyncio.open_connection(HOST, self.port)
            writer.write(f"GET /games/{game}/live/ HTTP/1.1\r\nHost: localhost\r\n\r\n".encode())
            status = int((await asyncio.wait_for(reader.readline(), 30)).split()[1])
        except (OSError, TimeoutError, IndexError, ValueError):
            self.refused += 1
            return
        if status != 200:
            self.refused += 1
            writer.close()
            return
        self.open.append(writer)
        self.watchers[game] = self.watchers.get(game, 0) + 1
        self.readers.append(asyncio.get_running_loop().create_task(self._read(game, reader)))

    async def _read(self, game: int, reader: asyncio.StreamReader) -> None:
        try:
            while line := await reader.readline():
                if line.startswith(b"data: "):
                    # not parsed: the bench's one loop reads every page's events, a browser
                    # only its own
                    shown = b'"html": ' in line
                    self.arrivals.setdefault(game, []).append((time.perf_counter(), shown))
        except (OSError, ValueError):
            pass

    def seen(self, game: int) -> int:
        """How many events the game's streams have had so far."""
        return len(self.arrivals.get(game, ()))

    async def next_on_every_watcher(
        self, game: int, seen: int, sent: float
    ) -> tuple[list[float], int, int]:
        """After `seen` events, the next one caused at `sent`: each watcher's delay to it (up
        to 5 s), how many of them never came, how many carried the board."""
        watchers = self.watchers[game]
        deadline = time.perf_counter() + 5
        while self.seen(game) < seen + watchers and time.perf_counter() < deadline:
            await asyncio.sleep(0.002)
        arrived = self.arrivals[game][seen : seen + watchers]
        delays = [t - sent for t, _shown in arrived]
        return delays, watchers - len(arrived), sum(shown for _t, shown in arrived)

    def close(self, keep: int = 0) -> None:
        for writer, reader in zip(self.open[keep:], self.readers[keep:], strict=True):
            writer.close()
            reader.cancel()
        del self.open[keep:], self.readers[keep:]


def read_move(game: int, users, tokens):
    """The next move, read in a thread that then gives its connection back."""
    try:
        return next_move(game, users, tokens)
    finally:
        connection.close()


def emit_times(name: str, values: list[float], **extra) -> None:
    if not values:
        emit(name, None, "ms median", samples=0, **extra)
        return
    ms = sorted(v * 1000 for v in values)
    p99 = ms[int(0.99 * (len(ms) - 1))]
    emit(name, round(statistics.median(ms), 1), "ms median", p99=round(p99, 1),
         max=round(ms[-1], 1), samples=len(ms), **extra)  # fmt: skip


async def a_move(
    port: int, streams: Streams, game: int, users, tokens
) -> tuple[int, float, int] | None:
    """The next move of `game` posted through the API: (its streams' events before it, when
    it was sent, the version it was made at), or None when the game is over."""
    move = await asyncio.to_thread(read_move, game, users, tokens)
    if move is None:
        return None
    token, action, version = move
    body = json.dumps({"action": action, "version": version}).encode()
    headers = {"Authorization": f"Token {token}", "Content-Type": "application/json"}
    seen, sent = streams.seen(game), time.perf_counter()
    status, _ = await request(
        port, "POST", f"/api/games/{game}/actions/", body=body, headers=headers
    )
    assert status == 200, status
    return seen, sent, version


async def move_and_notice(port: int, streams: Streams, players: dict, game: int):
    """A move through the API and its notice on every watcher: (sent at, seconds to the
    API's answer, the new version, (delays, watchers missed, notices with the board)), or None
    when the move was refused."""
    made = await a_move(port, streams, game, *players[game])
    if made is None:
        return None
    seen, sent, version = made
    answer_s = time.perf_counter() - sent
    return sent, answer_s, version, await streams.next_on_every_watcher(game, seen, sent)


async def moves(port: int, pid: int, streams: Streams, players: dict, count: int,
                label: str) -> None:  # fmt: skip
    """Moves through the API, each timed to its board on every spectator's page (in its
    notice) and to one board fetched after the notice (what a player's page does)."""
    answered, screen, fetched, lost, shown, cpu = [], [], [], 0, 0, 0.0
    games = [g for g in players if streams.watchers.get(g)]
    for i in range(count + 1):  # the first move of a process imports the API: not counted
        game = games[i % len(games)]
        cpu_before = cpu_s(pid)
        moved_and_seen = await move_and_notice(port, streams, players, game)
        if moved_and_seen is None:
            continue
        sent, answer_s, version, (delays, missing, with_board) = moved_and_seen
        answered.append(answer_s)
        screen, lost, shown = screen + delays, lost + missing, shown + with_board
        if delays:
            await request(port, "GET", f"/games/{game}/board/?version={version}")
            fetched.append(time.perf_counter() - sent)
        cpu += cpu_s(pid) - cpu_before
        if i == 0:
            answered, screen, fetched, lost, shown, cpu = [], [], [], 0, 0, 0.0
    moved = max(1, len(answered))
    emit_times(f"move sent -> answered (the API's move) ({label})", answered)
    emit_times(f"move sent -> its board on every spectator's page, in the notice ({label})",
               screen, lost=lost, with_board=shown,
               server_cpu_ms_per_move=round(cpu * 1000 / moved, 1))  # fmt: skip
    emit_times(f"move sent -> a board fetched after the notice (a player's page) ({label})",
               fetched)  # fmt: skip


async def moves_fetched_by_all(port: int, pid: int, streams: Streams, players: dict,
                               count: int, label: str) -> None:  # fmt: skip
    """As before the notice carried the board: each spectator's page fetches the board after
    its notice (every watcher of the game at once, as their browsers would)."""
    boards, cpu, failed = [], 0.0, 0
    games = [g for g in players if streams.watchers.get(g)]

    async def fetch(game: int, version: int, sent: float) -> None:
        nonlocal failed
        try:
            await request(port, "GET", f"/games/{game}/board/?version={version}", timeout=30)
            boards.append(time.perf_counter() - sent)
        except (OSError, TimeoutError):
            failed += 1

    for i in range(count):
        game = games[i % len(games)]
        cpu_before = cpu_s(pid)
        moved_and_seen = await move_and_notice(port, streams, players, game)
        if moved_and_seen is None:
            continue
        sent, _answer_s, version, (delays, _missing, _shown) = moved_and_seen
        await asyncio.gather(*(fetch(game, version, sent) for _ in delays))
        cpu += cpu_s(pid) - cpu_before
    emit_times(f"move sent -> every spectator's board fetched after a bare notice, as before "
               f"({label})", boards, failed=failed,
               server_cpu_ms_per_move=round(cpu * 1000 / max(1, count), 1))  # fmt: skip


async def pushes(pid: int, streams: Streams, count: int, label: str) -> None:
    """Notices PUBLISHed to Redis as a worker sends them, each timed to every watcher of its
    game: the live tier's own part of a move's way to the screen (the board rendered once
    per notice, sent to every spectator)."""
    import redis.asyncio as redis

    client = redis.Redis.from_url(REDIS)
    games = [g for g in streams.watchers if streams.watchers[g]]
    delays, lost, cpu = [], 0, 0.0
    for i in range(count):
        game, version = games[i % len(games)], 1_000_000 + i
        cpu_before = cpu_s(pid)
        seen, sent = streams.seen(game), time.perf_counter()
        await client.publish(f"combat:live:game-{game}", json.dumps(version))
        arrived, missing, _shown = await streams.next_on_every_watcher(game, seen, sent)
        cpu += cpu_s(pid) - cpu_before
        delays, lost = delays + arrived, lost + missing
        await asyncio.sleep(0.05)
    await client.aclose()
    emit_times(f"notice published -> on every watcher ({label})", delays, lost=lost,
               server_cpu_ms_per_notice=round(cpu * 1000 / max(1, count), 1))  # fmt: skip


async def hold_and_move(kind: str, players: dict, count: int, moves_n: int, slow: int = 0,
                        slow_streams: int = 0, fetch_moves: int = 0) -> None:  # fmt: skip
    process, port = start(kind)
    try:
        games = list(players)
        warm = Streams(port)  # the first streams and page of a process import and connect
        await warm.open_many(games, 8)
        await request(port, "GET", f"/games/{games[0]}/")
        warm.close()
        await asyncio.sleep(1)
        streams = Streams(port)
        before, cpu_before = rss_kb(process.pid), cpu_s(process.pid)
        started = time.perf_counter()
        await streams.open_many(games, count)
        opened = len(streams.open)
        took = time.perf_counter() - started
        cpu_open = cpu_s(process.pid) - cpu_before
        await asyncio.sleep(2)
        after = rss_kb(process.pid)
        label = f"{kind}, {opened} streams"
        emit(f"streams held by one process ({kind})", opened, "streams", asked=count,
             refused=streams.refused, opened_per_s=round(opened / took),
             server_cpu_ms_per_open=round(cpu_open * 1000 / max(1, count), 2))  # fmt: skip
        if opened:
            emit(f"memory per open stream ({kind})", round((after - before) / opened, 1),
                 "KB", rss_before_mb=before // 1024, rss_after_mb=after // 1024)  # fmt: skip
        await pushes(process.pid, streams, moves_n, label)
        await moves(port, process.pid, streams, players, moves_n, label)
        if fetch_moves:
            await moves_fetched_by_all(port, process.pid, streams, players, fetch_moves, label)
        if slow:
            streams.close(keep=slow_streams)
            await slow_clients(port, games[0], slow, len(streams.open), kind)
        streams.close()
    finally:
        stop(process)


async def slowloris(port: int, count: int, seconds: float) -> int:
    """`count` slowloris connections for `seconds`: each sends a request line, then a header
    line every 5 s, and opens again when the server hangs up. Returns how often it did."""
    cut = 0

    async def one() -> None:
        nonlocal cut
        while True:
            try:
                reader, writer = await asyncio.open_connection(HOST, port)
            except OSError:
                await asyncio.sleep(0.5)
                continue
            try:
                writer.write(b"GET /healthz HTTP/1.1\r\nHost: localhost\r\n")
                for line in itertools.count():
                    try:
                        await asyncio.wait_for(reader.read(1), 5)
                        break  # the server answered or hung up: cut off
                    except TimeoutError:
                        writer.write(f"X-Slow-{line}: 1\r\n".encode())
            except OSError:
                pass
            finally:
                writer.close()
            cut += 1

    attackers = [asyncio.create_task(one()) for _ in range(count)]
    await asyncio.sleep(seconds)
    for task in attackers:
        task.cancel()
    await asyncio.gather(*attackers, return_exceptions=True)
    return cut


def attack(port: int, count: int, seconds: float, cut) -> None:
    """The slow clients' own process: their reconnections do not delay the probes' loop."""
    cut.value = asyncio.run(slowloris(port, count, seconds))


async def slow_clients(port: int, game: int, count: int, held: int, kind: str) -> None:
    """`count` slow connections (another process) while /healthz and a page are probed four
    times a second each for 20 s; the probes' times and failures."""

    async def probe(path: str) -> tuple[str, float, str]:
        started = time.perf_counter()
        try:
            status, _ = await request(port, "GET", path, timeout=5)
            outcome = str(status)
        except (OSError, TimeoutError) as error:
            outcome = type(error).__name__
        return path, time.perf_counter() - started, outcome

    cut = multiprocessing.Value("i", 0)
    attacker = multiprocessing.Process(target=attack, args=(port, count, 27, cut))
    attacker.start()
    await asyncio.sleep(6)  # every slow connection open and sending
    probes = []
    for _ in range(80):  # 20 s: the slow connections are cut off and come back twice
        for path in ("/healthz", f"/games/{game}/"):
            probes.append(asyncio.create_task(probe(path)))
        await asyncio.sleep(0.25)
    results = await asyncio.gather(*probes)
    await asyncio.to_thread(attacker.join)
    for path in ("/healthz", f"/games/{game}/"):
        ms = sorted(took * 1000 for p, took, _outcome in results if p == path)
        failed = [outcome for p, _took, outcome in results if p == path and outcome != "200"]
        emit(f"GET {'/healthz' if path == '/healthz' else 'a game page'} with {count} slow "
             f"connections and {held} streams ({kind})", round(ms[int(0.99 * (len(ms) - 1))], 1),
             "ms p99", median=round(statistics.median(ms), 1), failed=len(failed),
             failures=sorted(set(failed)), probes=len(ms),
             slow_connections_cut_off=cut.value)  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--streams", type=int, default=5000)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--moves", type=int, default=60)
    parser.add_argument("--baseline-streams", type=int, default=200)
    parser.add_argument("--slow", type=int, default=1000)
    parser.add_argument("--slow-streams", type=int, default=1000)
    parser.add_argument("--baseline-slow", type=int, default=400)
    parser.add_argument("--fetch-moves", type=int, default=4)
    parser.add_argument("--compare", action="store_true")
    parser.add_argument("--compare-streams", type=int, default=2000)
    args = parser.parse_args()
    emit("machine", platform.machine(), "", cores=os.cpu_count(), python=platform.python_version(),
         date=datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
         load=os.getloadavg())  # fmt: skip
    if connection.vendor != "postgresql" or not redis_answers():
        emit("live tier", "skipped: needs PostgreSQL and Redis", "")
        return
    old_name = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, autoclobber=True, keepdb=False)
    try:
        players = {}
        for _ in range(args.games):
            users, tokens, game = players_and_game()
            players[game.pk] = (users, tokens)
        connection.close()
        asyncio.run(hold_and_move("granian", players, args.streams, args.moves, args.slow,
                                  args.slow_streams, args.fetch_moves))  # fmt: skip
        asyncio.run(hold_and_move("gthread", players, args.baseline_streams, args.moves // 2,
                                  args.baseline_slow, args.baseline_streams,
                                  args.fetch_moves))  # fmt: skip
        if args.compare:
            for kind in ("uvicorn", "daphne"):
                asyncio.run(hold_and_move(kind, players, args.compare_streams, args.moves // 2))
    finally:
        connection.close()
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()
