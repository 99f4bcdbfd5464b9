"""`python -m tests.e2e.screenshots` (`make screenshots`): what it photographs and how is said
in the package's docstring (tests/e2e/screenshots/__init__.py)."""

from __future__ import annotations

import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from tests.e2e.screenshots.camera import photograph
from tests.e2e.screenshots.cards import build_card_demo
from tests.e2e.screenshots.events import build_demo
from tests.e2e.screenshots.settings import CHROMIUM, OUT, ROOT, django_env


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def serve(port: int) -> subprocess.Popen:
    server = subprocess.Popen(
        [sys.executable, "manage.py", "runserver", f"127.0.0.1:{port}", "--noreload"],
        cwd=ROOT,
        env=django_env(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    for _ in range(100):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1)
            return server
        except OSError:
            time.sleep(0.2)
    server.kill()
    raise SystemExit("the demo server did not start")


def main() -> None:
    if not Path(CHROMIUM).exists():
        raise SystemExit(f"No Chromium at {CHROMIUM}: apt-get install chromium")
    if OUT.exists():
        shutil.rmtree(OUT)
    OUT.mkdir(parents=True)
    ids = build_demo()
    ids.update(build_card_demo())
    port = free_port()
    server = serve(port)
    try:
        written = photograph(f"http://127.0.0.1:{port}", ids)
    finally:
        server.terminate()
        server.wait(timeout=10)
    print(f"{len(written)} screenshots in {OUT.relative_to(ROOT)}/")


if __name__ == "__main__":
    main()
