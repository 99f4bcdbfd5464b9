"""Where the demo lives and how Chromium is launched."""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
OUT = ROOT / "var" / "screenshots"
DATABASE = OUT / "demo.sqlite3"
CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
PASSWORD = "correct-horse-battery"
SIZES = {"desktop": (1280, 800), "phone": (390, 844)}
# SCREENSHOTS_ONLY=<regex>: only the pages whose "<who>-<name>" matches (a quicker look).
ONLY = os.environ.get("SCREENSHOTS_ONLY", "")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]


def django_env() -> dict:
    env = {k: v for k, v in os.environ.items() if k not in {"REDIS_URL", "CELERY_BROKER_URL"}}
    env.update(
        DJANGO_SETTINGS_MODULE="config.settings.local",
        DATABASE_URL=f"sqlite:///{DATABASE}",
        VAR_DIR=str(OUT / "var"),
        HEALTHZ_HEARTBEATS="false",
    )
    return env
