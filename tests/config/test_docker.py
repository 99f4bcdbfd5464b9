"""The production compose file is valid (Debian's docker-compose; no engine needed)."""

import os
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

from tests.conftest import CI

ROOT = Path(__file__).resolve().parents[2]


def test_compose_file_is_valid_with_the_example_env_once_filled_in(tmp_path):
    if not shutil.which("docker-compose"):
        message = "docker-compose is missing (apt-get install docker-compose)"
        if CI:
            pytest.fail(message)
        pytest.skip(message)
    docker = tmp_path / "docker"
    docker.mkdir()
    shutil.copy(ROOT / "docker" / "compose.yaml", docker / "compose.yaml")
    example = (ROOT / "docker" / "env.example").read_text()
    filled = example.replace(
        "\nPOSTGRES_PASSWORD=\n", "\nPOSTGRES_PASSWORD=Xq7-real-password-3vT\n"
    )
    assert filled != example
    (docker / ".env").write_text(filled)
    result = subprocess.run(
        ["docker-compose", "-f", str(docker / "compose.yaml"), "config", "-q"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr


def test_the_image_runs_as_a_non_root_user_with_the_asgi_server():
    dockerfile = (ROOT / "docker" / "Dockerfile").read_text()
    assert "FROM python:3.11-slim" in dockerfile
    assert "\nUSER app\n" in dockerfile
    # the code is root's and read-only to the app's user; no key is baked into the image
    assert "--chown=app" not in dockerfile
    assert "chmod -R a-w" in dockerfile
    assert "secrets.token_urlsafe" in dockerfile
    assert '"python", "-m", "config.serving"' in dockerfile


def test_web_runs_the_asgi_server_that_bounds_slow_clients():
    # the container (image and compose) serves through config/serving.py, as `make run` does
    compose = yaml.safe_load((ROOT / "docker" / "compose.yaml").read_text())
    assert compose["services"]["web"]["command"].startswith("python -m config.serving ")
    from config.serving import web_server_command

    command = web_server_command("0.0.0.0", 8000, workers=2)
    assert command[1:5] == ["-m", "granian", "--interface", "asginl"]
    assert "config.asgi:application" in command
    # a client that is slow to send its headers is cut off
    timeout = command[command.index("--http1-header-read-timeout") + 1]
    assert 0 < int(timeout) <= 30_000


def test_the_stack_has_its_services_with_health_checks_and_waits_for_migrations():
    compose = yaml.safe_load((ROOT / "docker" / "compose.yaml").read_text())
    services = compose["services"]
    assert set(services) == {"migrate", "web", "worker", "beat", "db", "redis"}
    assert services["db"]["image"] == "postgres:16"
    assert services["redis"]["image"] == "redis:7"
    # the web port is published on loopback by default, and no database password is built in
    assert services["web"]["ports"] == ["${WEB_PUBLISH:-127.0.0.1:8000}:8000"]
    assert ":?" in services["db"]["environment"]["POSTGRES_PASSWORD"]
    for name in ("web", "worker", "beat", "db", "redis"):
        assert "healthcheck" in services[name], name
    # a dead worker or scheduler is started again, and each is judged by its heartbeat
    for name, kind in (("worker", "worker"), ("beat", "scheduler")):
        assert services[name]["restart"] == "always", name
        assert services[name]["healthcheck"]["test"][-2:] == ["heartbeat_check", kind], name
    for name in ("web", "worker", "beat"):
        after = services[name]["depends_on"]
        assert after["migrate"]["condition"] == "service_completed_successfully", name
        assert after["db"]["condition"] == "service_healthy", name
    assert set(compose["volumes"]) == {"db-data", "redis-data"}


def test_compose_has_no_obsolete_version_key():
    compose = yaml.safe_load((ROOT / "docker" / "compose.yaml").read_text())
    assert "version" not in compose


def db_guard(password: str) -> subprocess.CompletedProcess:
    """The database service's entrypoint script as the container's shell runs it (compose
    turns `$$` into `$`); without the image, its last step (exec the image's own entrypoint)
    is not found, which is how a password it accepts shows here."""
    compose = yaml.safe_load((ROOT / "docker" / "compose.yaml").read_text())
    shell, flag, script = compose["services"]["db"]["entrypoint"]
    return subprocess.run(
        [shell, flag, script.replace("$$", "$")],
        env={"PATH": "/usr/bin:/bin", "POSTGRES_PASSWORD": password},
        capture_output=True,
        text=True,
        timeout=30,
    )


@pytest.mark.parametrize("password", ["change-me", "", "my-changeme-pw"])
def test_the_database_refuses_the_examples_placeholder_password(password):
    refused = db_guard(password)
    assert refused.returncode == 1
    assert "POSTGRES_PASSWORD" in refused.stderr


def test_the_database_starts_with_a_real_password():
    accepted = db_guard("Xq7-real-password-3vT")
    assert "POSTGRES_PASSWORD" not in accepted.stderr
    assert "docker-entrypoint.sh" in accepted.stderr  # it went on to start the image


def test_compose_refuses_to_start_without_a_database_password(tmp_path):
    if not shutil.which("docker-compose"):
        if CI:
            pytest.fail("docker-compose is missing (apt-get install docker-compose)")
        pytest.skip("docker-compose is missing (apt-get install docker-compose)")
    docker = tmp_path / "docker"
    docker.mkdir()
    shutil.copy(ROOT / "docker" / "compose.yaml", docker / "compose.yaml")
    example = (ROOT / "docker" / "env.example").read_text().splitlines()
    without = [line for line in example if not line.startswith("POSTGRES_PASSWORD=")]
    (docker / ".env").write_text("\n".join(without) + "\n")
    environment = {k: v for k, v in os.environ.items() if k != "POSTGRES_PASSWORD"}
    result = subprocess.run(
        ["docker-compose", "-f", str(docker / "compose.yaml"), "config", "-q"],
        capture_output=True,
        text=True,
        timeout=60,
        env=environment,
    )
    assert result.returncode != 0
    assert "POSTGRES_PASSWORD" in result.stderr
