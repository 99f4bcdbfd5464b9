"""Event day under load (issue 17): Locust plays a whole single-elimination event round by
round against gunicorn + Celery + PostgreSQL + Redis on this box, then hammers the bare view
and an unchanged poll for comparison. One JSON line per figure.

Builds a throwaway database (<DATABASE_URL's name>_load), an event of BENCH_LOAD_ENTRIES
players (64 by default, quick; 4096 is the issue's size), each with a session (the pages) and
an API token (reports and confirmations), then starts gunicorn (BENCH_LOAD_WORKERS sync
workers, 2 by default) and a Celery worker, and runs bench/load/locustfile.py headless.

Locust is not a dependency of the app: install it from requirements-bench.txt here or in a
virtualenv of its own and give its python as LOCUST_PYTHON (var/locust-venv is looked at too).
Without Locust, PostgreSQL or Redis the bench says so in one line and stops.

Usage: DATABASE_URL=postgres://... REDIS_URL=redis://... PYTHONPATH=. .venv/bin/python
bench/event_load.py   (BENCH_LOAD_ENTRIES, BENCH_LOAD_WORKERS, BENCH_LOAD_POLL, BENCH_LOAD_PLAY,
BENCH_LOAD_ARRIVE, BENCH_LOAD_MAX_SECONDS, BENCH_LOAD_PORT, BENCH_LOAD_HAMMER_SECONDS,
BENCH_LOAD_TIMEOUT)
"""

import csv
import json
import os
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

from bench.report import emit

ROOT = Path(__file__).resolve().parent.parent
ENTRIES = int(os.environ.get("BENCH_LOAD_ENTRIES", "64"))
WORKERS = int(os.environ.get("BENCH_LOAD_WORKERS", "2"))
# the organizer's desk polls this often; a player polls as often as their page says
# (RULINGS.md 22), this until the page has said it
POLL = os.environ.get("BENCH_LOAD_POLL", "5")
PLAY = os.environ.get("BENCH_LOAD_PLAY", "3")
# Seconds over which players open their pages: each arrival reads the event page, the match
# page and the match (signed in, so rendered for them), about 10 a second on this box.
ARRIVE = os.environ.get("BENCH_LOAD_ARRIVE", str(max(float(POLL), ENTRIES / 10)))
TIMEOUT = os.environ.get("BENCH_LOAD_TIMEOUT", "120")  # a request's limit (Locust and gunicorn)
PORT = int(os.environ.get("BENCH_LOAD_PORT", "8765"))
HAMMER_SECONDS = int(os.environ.get("BENCH_LOAD_HAMMER_SECONDS", "10"))
MAX_SECONDS = int(os.environ.get("BENCH_LOAD_MAX_SECONDS", "1800"))  # the event's time cap


def locust_python() -> str | None:
    """A python that can run Locust: LOCUST_PYTHON, var/locust-venv, or this one."""
    for candidate in (
        os.environ.get("LOCUST_PYTHON"),
        str(ROOT / "var" / "locust-venv" / "bin" / "python"),
        sys.executable,
    ):
        if candidate and Path(candidate).exists():
            probe = subprocess.run([candidate, "-c", "import locust"], capture_output=True)
            if probe.returncode == 0:
                return candidate
    return None


def environment() -> dict | None:
    """The servers' environment: production settings for this box, a throwaway database."""
    url = os.environ.get("DATABASE_URL", "")
    redis = os.environ.get("REDIS_URL") or os.environ.get("TEST_REDIS_URL")
    if not url.startswith("postgres") or not redis:
        return None
    return {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "bench.load.settings",
        "PYTHONPATH": str(ROOT),
        "DATABASE_URL": f"{url}_load",
        "REDIS_URL": redis,
        "SECRET_KEY": secrets.token_urlsafe(64),
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "DEBUG": "false",
        "CONN_MAX_AGE": "60",
        "LOG_LEVEL": "WARNING",
        "HEALTHZ_HEARTBEATS": "false",  # no Celery beat in this run
    }


def recreate_database(env: dict) -> None:
    """Drop and create the throwaway database, then migrate it."""
    import psycopg

    name = env["DATABASE_URL"].rsplit("/", 1)[1]
    admin = env["DATABASE_URL"].rsplit("/", 1)[0] + "/postgres"
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        connection.execute(f'CREATE DATABASE "{name}"')
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"],
        cwd=ROOT,
        env=env,
        check=True,
    )


def tournament_version(env: dict, tournament: int) -> int:
    import psycopg

    with psycopg.connect(env["DATABASE_URL"]) as connection:
        row = connection.execute(
            "SELECT version FROM tournaments_tournament WHERE id = %s", [tournament]
        ).fetchone()
    return row[0]


def finished(env: dict, tournament: int) -> tuple[int, int, str]:
    """Matches finished, matches in all, and the event's status after the run: every round
    was played when the status is "finished"."""
    import psycopg

    with psycopg.connect(env["DATABASE_URL"]) as connection:
        status = connection.execute(
            "SELECT status FROM tournaments_tournament WHERE id = %s", [tournament]
        ).fetchone()[0]
        done, total = connection.execute(
            "SELECT COUNT(*) FILTER (WHERE status = 'finished'), COUNT(*)"
            " FROM tournaments_match WHERE tournament_id = %s",
            [tournament],
        ).fetchone()
    return done, total, status


def drop_database(env: dict) -> None:
    import psycopg

    name = env["DATABASE_URL"].rsplit("/", 1)[1]
    admin = env["DATABASE_URL"].rsplit("/", 1)[0] + "/postgres"
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


BUILD = """
import json, sys
import django
django.setup()
from django.contrib.auth import get_user_model
from django.contrib.sessions.backends.db import SessionStore
from django.core.cache import cache
from knox.models import AuthToken
from tournaments.models import Entry, EntryMember, Match, MatchEntry
from tournaments.services import tournament_create, tournament_start

entries = int(sys.argv[1])
cache.clear()
User = get_user_model()
organizer = User.objects.create_user(username="load-organizer")
users = User.objects.bulk_create(
    [User(username=f"load-player-{i}", password="!") for i in range(1, entries + 1)]
)
t = tournament_create(organizer=organizer, name=f"Load {entries}", seeding="manual",
                      best_of=1, time_limit_minutes=0)
made = Entry.objects.bulk_create(
    [Entry(tournament=t, user=u, name="", seed=i) for i, u in enumerate(users, 1)]
)
EntryMember.objects.bulk_create(
    [EntryMember(entry=e, user=u, tournament=t) for e, u in zip(made, users)]
)
t = tournament_start(tournament=t, by_user=organizer)


def session(user):
    store = SessionStore()
    store["_auth_user_id"] = str(user.pk)
    store["_auth_user_backend"] = "django.contrib.auth.backends.ModelBackend"
    store["_auth_user_hash"] = user.get_session_auth_hash()
    store.create()
    return store.session_key


first = {
    entry: (r, i)
    for entry, r, i in MatchEntry.objects.filter(match__tournament=t, match__round__number=1)
    .values_list("entry_id", "match__round__number", "match__index")
}
players = []
for entry, user in zip(made, users):
    r, i = first[entry.pk]
    players.append({"entry": entry.pk, "round": r, "index": i, "session": session(user),
                    "token": AuthToken.objects.create(user)[1]})
matches = {f"{r}:{i}": pk for pk, r, i in
           Match.objects.filter(tournament=t).values_list("pk", "round__number", "index")}
json.dump({"tournament": t.pk, "per_match": t.entries_per_match, "players": players,
           "matches": matches, "organizer": {"session": session(organizer)}}, sys.stdout)
"""


def build_event(env: dict, path: Path) -> None:
    """The event and its players' credentials, written as JSON for the Locust file."""
    with path.open("w") as out:
        subprocess.run(
            [sys.executable, "-c", BUILD, str(ENTRIES)], cwd=ROOT, env=env, stdout=out, check=True
        )


def start(env: dict, log_dir: Path) -> list[subprocess.Popen]:
    """gunicorn and a Celery worker; waits until /healthz answers."""
    try:
        urllib.request.urlopen(f"http://127.0.0.1:{PORT}/healthz", timeout=2)
    except urllib.error.HTTPError:
        raise RuntimeError(f"port {PORT} is taken: set BENCH_LOAD_PORT") from None
    except OSError:
        pass  # free
    else:
        raise RuntimeError(f"port {PORT} is taken: set BENCH_LOAD_PORT")
    python = Path(sys.executable)
    bindir = python.parent
    servers = [
        subprocess.Popen(
            [
                str(bindir / "gunicorn"),
                "config.wsgi",
                "--workers",
                str(WORKERS),
                "--bind",
                f"127.0.0.1:{PORT}",
                "--backlog",
                "4096",
                "--timeout",
                TIMEOUT,
            ],
            cwd=ROOT,
            env=env,
            stdout=(log_dir / "gunicorn.log").open("w"),
            stderr=subprocess.STDOUT,
            start_new_session=True,
        ),
        subprocess.Popen(
            [str(bindir / "celery"), "-A", "config", "worker", "-c", "1", "-l", "WARNING"],
            cwd=ROOT,
            env=env,
            stdout=(log_dir / "celery.log").open("w"),
            stderr=subprocess.STDOUT,
            start_new_session=True,
        ),
    ]
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{PORT}/healthz", timeout=2):
                return servers
        except OSError:
            time.sleep(0.5)
    stop(servers)
    log = (log_dir / "gunicorn.log").read_text()[-3000:]
    raise RuntimeError(f"gunicorn did not answer:\n{log}")


def _ms(value: str) -> float:
    """A Locust percentile ("N/A" when nothing was answered)."""
    return float(value) if value and value != "N/A" else 0.0


def drained(port: int, *, seconds: float = 300) -> None:
    """Wait until the servers answer at once again: the requests a big run left in the
    listen queue are answered first (sync workers), so a hammer started at once got nothing."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        started = time.monotonic()
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=seconds):
                pass
        except OSError:
            pass
        if time.monotonic() - started < 0.5:
            return
        time.sleep(1)


def stop(servers: list[subprocess.Popen]) -> None:
    for server in servers:
        if server.poll() is None:
            os.killpg(server.pid, signal.SIGTERM)
    for server in servers:
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)


def locust(python: str, env: dict, classes: list[str], users: int, seconds: int, csv_prefix):
    """One headless Locust run; its per-endpoint stats as rows of its CSV."""
    command = [
        python,
        "-m",
        "locust",
        "-f",
        str(ROOT / "bench" / "load" / "locustfile.py"),
        "--headless",
        "--host",
        f"http://127.0.0.1:{PORT}",
        "--users",
        str(users),
        "--spawn-rate",
        str(max(users // 10, 10)),
        "--run-time",
        f"{seconds}s",
        "--csv",
        str(csv_prefix),
        "--only-summary",
        "--loglevel",
        "WARNING",
        *classes,
    ]
    with open(f"{csv_prefix}.log", "w") as log:
        subprocess.run(command, env=env, cwd=ROOT, stdout=log, stderr=log, check=False)
    with open(f"{csv_prefix}_stats.csv") as stats:
        return list(csv.DictReader(stats))


def emit_locust_rows(rows: list[dict], failures: Path) -> None:
    """One figure per request kind of the event run, the total, and the first failures."""
    for row in rows:
        name = row["Name"]
        if name == "Aggregated":
            emit(
                "event_load_total",
                float(row["Requests/s"]),
                "req/s",
                requests=int(row["Request Count"]),
                errors=int(row["Failure Count"]),
            )
            continue
        emit(
            f"event_load_{row['Type'].lower()}_{name}",
            float(row["Requests/s"]),
            "req/s",
            requests=int(row["Request Count"]),
            errors=int(row["Failure Count"]),
            p50_ms=_ms(row["50%"]),
            p99_ms=_ms(row["99%"]),
        )
    if failures.exists():
        for row in list(csv.DictReader(failures.open()))[:5]:
            emit("event_load_failure", int(row["Occurrences"]), "times", error=row["Error"])


def hammer(python: str, run_env: dict, work: Path, tournament: int, version) -> None:
    """The bare view, then an unchanged poll, each hammered by 32 users without waits."""
    cases = {
        "bare_view": "/bench/bare/",
        "unchanged_bracket_poll_204": f"/tournaments/{tournament}/bracket/?since={version}"
        "&region=0",
    }
    rates = {}
    for name, url in cases.items():
        rows = locust(
            python, {**run_env, "EVENT_LOAD_HAMMER": url}, ["BareView"], 32, HAMMER_SECONDS,
            work / name,
        )  # fmt: skip
        total = next(r for r in rows if r["Name"] == "Aggregated")
        rates[name] = float(total["Requests/s"])
        emit(
            f"event_load_hammer_{name}",
            rates[name],
            "req/s",
            errors=int(total["Failure Count"]),
            p50_ms=_ms(total["50%"]),
            p99_ms=_ms(total["99%"]),
            share_of_bare=round(rates[name] / max(rates["bare_view"], 0.001), 3),
        )


def main() -> None:
    python, env = locust_python(), environment()
    if python is None or env is None:
        emit(
            "event_load_skipped",
            0,
            "",
            why="needs Locust (requirements-bench.txt, or LOCUST_PYTHON) and DATABASE_URL "
            "(PostgreSQL) and REDIS_URL",
        )
        return
    # a SIGTERM (a timeout) still stops the servers and drops the database
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))
    work = Path(tempfile.mkdtemp(prefix="event-load-"))
    data = work / "event.json"
    recreate_database(env)
    servers = []
    try:
        started = time.perf_counter()
        build_event(env, data)
        emit("event_load_build", time.perf_counter() - started, "s", entries=ENTRIES)
        servers = start(env, work)
        run_env = {**env, "EVENT_LOAD_DATA": str(data), "EVENT_LOAD_POLL": POLL}
        run_env["EVENT_LOAD_TIMEOUT"] = TIMEOUT
        run_env["EVENT_LOAD_PLAY"], run_env["EVENT_LOAD_ARRIVE"] = PLAY, ARRIVE
        started = time.perf_counter()
        rows = locust(
            python, run_env, ["Player", "Organizer"], ENTRIES + 1, MAX_SECONDS, work / "event"
        )
        elapsed = time.perf_counter() - started
        emit("event_load_event_seconds", elapsed, "s", entries=ENTRIES, workers=WORKERS)
        tournament = json.loads(data.read_text())["tournament"]
        done, total, status = finished(env, tournament)
        emit("event_load_finished_matches", done, "matches", of=total, event_status=status)
        emit_locust_rows(rows, work / "event_failures.csv")
        # the bare view and an unchanged poll, hammered by 32 users without waits, in turn,
        # once the servers have answered what the players left queued
        drained(PORT)
        hammer(python, run_env, work, tournament, tournament_version(env, tournament))
    finally:
        stop(servers)
        drop_database(env)
        if os.environ.get("BENCH_LOAD_KEEP"):
            print(f"logs kept in {work}", file=sys.stderr)
        else:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
