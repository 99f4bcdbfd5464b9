"""`make run`'s whole embedded stack as an organizer runs it: the supervised web server, worker
and scheduler on the SQLite broker. A `kill -9` of the worker in the middle of a timed draft:
the worker is started again and the pick timers go on being enforced (the tasks it held are
gone with it; the draft sweep makes those picks). And the broker under 8 concurrent producers:
no worker crash, no lost task (the 20,000-task soak is `make bench`, bench/embedded_broker.py)."""

import os
import queue
import re
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from bench.embedded_broker import soak
from tests.conftest import free_port

ROOT = Path(__file__).resolve().parents[2]
PATIENCE_S = 180  # a loaded CI box starts Django slowly; nothing here asserts speed

DRAFT_SCRIPT = """
from accounts.models import User
from decks.drafting import services
host = User.objects.create_user("host", password="x-long-password-1")
guest = User.objects.create_user("guest", password="x-long-password-2")
draft = services.draft_create(organizer=host, game_slug="combat", seats=2, bots=0,
                              pick_timer=5, seed="kill-9")
services.draft_join(draft_id=draft.id, user=host)
services.draft_join(draft_id=draft.id, user=guest)
services.draft_start(draft_id=draft.id, user=host)
print("DRAFT", draft.id)
"""


def environment(var_dir: Path) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "REDIS_URL"}}
    env.update(VAR_DIR=str(var_dir), DJANGO_SETTINGS_MODULE="config.settings.local")
    return env


def manage(var_dir: Path, *args: str) -> str:
    result = subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=environment(var_dir),
        capture_output=True, text=True, timeout=PATIENCE_S,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    return result.stdout


class Terminal:
    """The lines `make run` prints, read as they come."""

    def __init__(self, process: subprocess.Popen):
        self.lines: queue.Queue[str] = queue.Queue()
        self.seen: list[str] = []
        threading.Thread(target=self._read, args=(process.stdout,), daemon=True).start()

    def _read(self, stream) -> None:
        for line in stream:
            self.lines.put(line.rstrip())

    def wait_for(self, pattern: str) -> re.Match:
        deadline = time.monotonic() + PATIENCE_S
        while time.monotonic() < deadline:
            try:
                line = self.lines.get(timeout=1)
            except queue.Empty:
                continue
            self.seen.append(line)
            if match := re.search(pattern, line):
                return match
        raise AssertionError(f"never printed {pattern!r}; printed:\n" + "\n".join(self.seen))


def timeout_picks(var_dir: Path, draft_id: int) -> list[tuple[int, int, int]]:
    """(seat, round, pick number) of every automatic pick, read from make run's database."""
    with sqlite3.connect(var_dir / "db.sqlite3", timeout=30) as database:
        rows = database.execute(
            'SELECT seat."index", pick.round, pick.pick_number FROM drafting_pick pick'
            " JOIN drafting_seat seat ON seat.id = pick.seat_id"
            " WHERE pick.draft_id = ? AND pick.kind = 'timeout'",
            (draft_id,),
        ).fetchall()
    return sorted(rows)


def wait_until(condition, what: str) -> None:
    deadline = time.monotonic() + PATIENCE_S
    while not condition():
        assert time.monotonic() < deadline, f"gave up waiting: {what}"
        time.sleep(0.5)


@pytest.fixture
def embedded_app(tmp_path):
    """make run's stack on a fresh var/ folder: (var folder, its terminal)."""
    manage(tmp_path, "migrate", "--noinput", "-v", "0")
    process = subprocess.Popen(
        [sys.executable, "manage.py", "run_embedded", "--addrport", f"127.0.0.1:{free_port()}"],
        cwd=ROOT, env={**environment(tmp_path), "PYTHONUNBUFFERED": "1"},
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )  # fmt: skip
    try:
        yield tmp_path, Terminal(process)
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()


def test_kill_9_of_the_worker_mid_draft_every_pick_timer_is_still_enforced(embedded_app):
    var_dir, terminal = embedded_app
    worker_pid = int(terminal.wait_for(r"background worker \(pid (\d+)\)").group(1))
    draft_id = int(re.search(r"DRAFT (\d+)", manage(var_dir, "shell", "-c", DRAFT_SCRIPT))[1])
    # given a draft whose two players never pick, running on its 5 s timers
    wait_until(lambda: len(timeout_picks(var_dir, draft_id)) >= 2, "the first timed-out picks")

    # when the worker dies without a chance to clean up, holding the next deadlines' tasks
    os.kill(worker_pid, signal.SIGKILL)
    terminal.wait_for(r"The background worker was killed by signal 9; starting it again\.")
    new_pid = int(terminal.wait_for(r"The background worker is running again \(pid (\d+)\)")[1])
    assert new_pid != worker_pid

    # then both seats go on getting their automatic picks, none twice and none skipped
    before = len(timeout_picks(var_dir, draft_id))
    wait_until(lambda: len(timeout_picks(var_dir, draft_id)) >= before + 4, "picks after kill")
    picks = timeout_picks(var_dir, draft_id)
    for seat in (0, 1):
        numbers = [(rnd, number) for s, rnd, number in picks if s == seat]
        assert len(numbers) == len(set(numbers)), "a pick was made twice"
        first_round = [number for rnd, number in numbers if rnd == 1]
        assert first_round == list(range(1, len(first_round) + 1)), "a pick was skipped"


def test_the_broker_under_8_concurrent_producers_loses_nothing_and_never_crashes(tmp_path):
    # 100 tasks a producer in the suite; `make bench` (bench/embedded_broker.py) runs 20,000
    figures = soak("sqlite", tasks=800, producers=8, var_dir=tmp_path)
    assert figures["sent"] == 800, figures
    assert figures["worker_crashes"] == 0, figures
    assert figures["lost"] == 0, figures
