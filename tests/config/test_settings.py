"""Each settings mode loads from the environment; production passes `check --deploy`."""

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
STRONG_KEY = "k" * 20 + "-not-a-real-key-but-long-enough-for-the-deploy-check-1234567890"


def run_manage(*args: str, settings: str, **env: str) -> subprocess.CompletedProcess:
    return run_python("manage.py", *args, settings=settings, **env)


def run_python(*args: str, settings: str, **env: str) -> subprocess.CompletedProcess:
    # The browser tests set DJANGO_ALLOW_ASYNC_UNSAFE in this process; a deployment never does.
    dropped = {"DATABASE_URL", "REDIS_URL", "DJANGO_ALLOW_ASYNC_UNSAFE"}
    environment = {k: v for k, v in os.environ.items() if k not in dropped}
    environment.update(env, DJANGO_SETTINGS_MODULE=settings)
    return subprocess.run(
        [sys.executable, *args],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=300,
    )


def show(settings: str, *names: str, **env: str) -> list[str]:
    code = "from django.conf import settings as s; " + "; ".join(
        f"print('VALUE', repr(s.{name}))" for name in names
    )
    # the settings module alone (no app loading, as `manage.py shell` would): the settings'
    # own checks and side effects (the local key, the broker file) run at its import
    result = run_python("-c", code, settings=settings, **env)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    return [line.removeprefix("VALUE ") for line in lines if line.startswith("VALUE ")]


def test_local_settings_default_to_sqlite_under_var_and_the_embedded_broker(tmp_path):
    engine, broker, transport, debug = show(
        "config.settings.local",
        "DATABASES['default']['ENGINE']",
        "CELERY_BROKER_URL",
        "CELERY_BROKER_TRANSPORT",
        "DEBUG",
        VAR_DIR=str(tmp_path),
    )
    assert engine == "'django.db.backends.sqlite3'"
    # The broker is a SQLite file in var/, already in WAL mode (config/embedded_broker.py).
    assert broker == repr(f"sqlite:///{tmp_path / 'broker.sqlite3'}")
    assert transport == "'config.embedded_broker:Transport'"
    assert debug == "False", "debug pages only when asked for (DEBUG=1)"
    with sqlite3.connect(tmp_path / "broker.sqlite3") as database:
        assert database.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    assert (tmp_path / "secret_key").exists(), "the local key is generated into var/"


def test_local_settings_read_database_and_redis_urls_from_the_environment(tmp_path):
    engine, broker = show(
        "config.settings.local",
        "DATABASES['default']['ENGINE']",
        "CELERY_BROKER_URL",
        VAR_DIR=str(tmp_path),
        DATABASE_URL="postgres://u:p@db.example:5432/x",
        REDIS_URL="redis://cache.example:6379/0",
    )
    assert engine == "'django.db.backends.postgresql'"
    assert broker == "'redis://cache.example:6379/0'"


def test_production_refuses_to_start_without_a_strong_secret_key():
    result = run_manage("check", settings="config.settings.production", SECRET_KEY="short")
    assert result.returncode != 0
    assert "SECRET_KEY" in result.stderr


def example_key() -> str:
    env = (ROOT / "docker" / "env.example").read_text().splitlines()
    return next(line.split("=", 1)[1] for line in env if line.startswith("SECRET_KEY="))


@pytest.mark.parametrize(
    "key",
    [
        pytest.param(None, id="docker/env.example's key"),
        pytest.param("django-insecure-" + "x1y2z3w4" * 6, id="django's startproject key"),
        pytest.param("a" * 60, id="one repeated character"),
        pytest.param("please-changeme-" + "0123456789" * 4, id="says change me"),
    ],
)
def test_production_refuses_a_published_or_placeholder_secret_key(key):
    result = run_manage(
        "check", settings="config.settings.production", SECRET_KEY=key or example_key()
    )
    assert result.returncode != 0
    assert "SECRET_KEY" in result.stderr
    assert "secrets.token_urlsafe" in result.stderr


def test_production_refuses_the_examples_placeholder_database_password():
    result = run_manage(
        "check",
        settings="config.settings.production",
        SECRET_KEY=STRONG_KEY,
        DATABASE_URL="postgres://combat:change-me@db:5432/combat",
    )
    assert result.returncode != 0
    assert "database password" in result.stderr


def test_x_forwarded_proto_is_trusted_only_when_the_operator_says_so():
    env = {"SECRET_KEY": STRONG_KEY, "DATABASE_URL": "postgres://u:p@db.example:5432/x"}
    assert show("config.settings.production", "SECURE_PROXY_SSL_HEADER", **env) == ["None"]
    trusted = show(
        "config.settings.production",
        "SECURE_PROXY_SSL_HEADER",
        TRUST_X_FORWARDED_PROTO="true",
        **env,
    )
    assert trusted == ["('HTTP_X_FORWARDED_PROTO', 'https')"]


def test_production_keeps_connections_and_has_debug_off():
    env = {"SECRET_KEY": STRONG_KEY, "DATABASE_URL": "postgres://u:p@db.example:5432/x"}
    debug, max_age, pool = show(
        "config.settings.production",
        "DEBUG",
        "DATABASES['default']['CONN_MAX_AGE']",
        "DATABASES['default']['OPTIONS']['pool']['max_size']",
        **env,
    )
    assert debug == "False"
    # under the ASGI server a request's thread is its own: a pool per process keeps them
    assert (int(max_age), int(pool)) == (0, 20)
    # behind PgBouncer, without the pool: persistent connections
    (max_age,) = show(
        "config.settings.production", "DATABASES['default']['CONN_MAX_AGE']", DB_POOL="false", **env
    )
    assert int(max_age) > 0


@pytest.mark.slow
def test_production_settings_pass_the_deploy_check_with_no_warnings():
    result = run_manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        settings="config.settings.production",
        SECRET_KEY=STRONG_KEY,
        DATABASE_URL="postgres://u:p@db.example:5432/x",
        ALLOWED_HOSTS="combat.example.org",
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_test_settings_keep_celery_messages_in_memory_even_with_redis_configured():
    # given a shell with REDIS_URL set (a bench, a developer's Redis)
    broker, transport = show(
        "config.settings.test",
        "CELERY_BROKER_URL",
        "CELERY_BROKER_TRANSPORT",
        REDIS_URL="redis://127.0.0.1:6379/0",
    )
    # then the tests' Celery messages stay in memory, never in that Redis
    assert broker == "'memory://'"
    assert transport == "None"
