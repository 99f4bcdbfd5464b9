"""The web servers the live-tier bench starts (bench/live_tier.py): their commands, start and
stop, and their processes' memory and CPU read from /proc."""

from __future__ import annotations

import contextlib
import http.client
import os
import secrets
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from django.db import connection
from live_push import REDIS, free_port  # (sets Django up)

from config.serving import web_server_command

ROOT = Path(__file__).resolve().parent.parent

HOST = "127.0.0.1"


def server_env() -> dict:
    """Production settings on this box (bench/load/settings.py), the throwaway database."""
    db = connection.settings_dict
    url = f"postgres://{db['USER']}@{db['HOST'] or HOST}:{db['PORT'] or 5432}/{db['NAME']}"
    return {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "bench.load.settings",
        "PYTHONPATH": str(ROOT),
        "DATABASE_URL": url,
        "REDIS_URL": REDIS,
        "SECRET_KEY": secrets.token_urlsafe(64),
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "LOG_LEVEL": "WARNING",
        "HEALTHZ_HEARTBEATS": "false",  # no worker in this run
        "LIVE_STREAM_SECONDS": "600",  # the bench's streams stay open for its whole run
    }


def commands(kind: str, port: int) -> list[str]:
    py = sys.executable
    if kind == "granian":
        return web_server_command(HOST, port, workers=1)
    if kind == "uvicorn":
        return [py, "-m", "uvicorn", "config.asgi:application", "--host", HOST,
                "--port", str(port), "--lifespan", "off", "--no-access-log",
                "--log-level", "warning"]  # fmt: skip
    if kind == "daphne":
        return [py, "-m", "daphne", "-b", HOST, "-p", str(port), "config.asgi:application"]
    return [py, "-m", "gunicorn", "config.wsgi", "--bind", f"{HOST}:{port}", "--workers", "3",
            "--worker-class", "gthread", "--threads", "48", "--log-level", "warning"]  # fmt: skip


def start(kind: str) -> tuple[subprocess.Popen, int]:
    port = free_port()
    env = server_env() | ({"LIVE_MAX_STREAMS": "40"} if kind == "gthread" else {})
    log = tempfile.TemporaryFile()  # noqa: SIM115 (the server's log while it runs)
    process = subprocess.Popen(
        commands(kind, port), cwd=ROOT, env=env, stdout=log, stderr=log, start_new_session=True
    )
    for _ in range(300):
        try:
            probe = http.client.HTTPConnection(HOST, port, timeout=1)
            probe.request("GET", "/healthz")
            if probe.getresponse().status == 200:
                return process, port
        except OSError:
            pass
        time.sleep(0.05)
    stop(process)
    log.seek(0)
    raise SystemExit(f"{kind} did not start: {log.read().decode()[-2000:]}")


def stop(process: subprocess.Popen) -> None:
    """The server and its workers (a gthread worker held by a stream ignores SIGTERM)."""
    os.killpg(process.pid, signal.SIGTERM)
    with contextlib.suppress(subprocess.TimeoutExpired):
        process.wait(10)
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)
    process.wait()


def rss_kb(pid: int) -> int:
    """The resident memory of a process and its children (the server's workers)."""
    total = 0
    for task in [pid, *children(pid)]:
        try:
            for line in Path(f"/proc/{task}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except OSError:
            pass
    return total


def cpu_s(pid: int) -> float:
    """The CPU time of a process and its children so far (user and system)."""
    total = 0
    for task in [pid, *children(pid)]:
        try:
            fields = Path(f"/proc/{task}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


def children(pid: int) -> list[int]:
    try:
        found = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        return []
    return [int(c) for c in found for c in [c, *children(int(c))]]
