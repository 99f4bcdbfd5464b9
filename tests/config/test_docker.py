"""The production compose file is valid (Debian's docker-compose; no engine needed)."""

import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

from tests.conftest import CI

ROOT = Path(__file__).resolve().parents[2]


def test_compose_file_is_valid_with_the_example_env(tmp_path):
    if not shutil.which("docker-compose"):
        message = "docker-compose is missing (apt-get install docker-compose)"
        if CI:
            pytest.fail(message)
        pytest.skip(message)
    docker = tmp_path / "docker"
    docker.mkdir()
    shutil.copy(ROOT / "docker" / "compose.yaml", docker / "compose.yaml")
    shutil.copy(ROOT / "docker" / "env.example", docker / ".env")
    result = subprocess.run(
        ["docker-compose", "-f", str(docker / "compose.yaml"), "config", "-q"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr


def test_the_image_runs_as_a_non_root_user_with_gunicorn():
    dockerfile = (ROOT / "docker" / "Dockerfile").read_text()
    assert "FROM python:3.11-slim" in dockerfile
    assert "\nUSER app\n" in dockerfile
    assert '"gunicorn", "config.wsgi"' in dockerfile


def test_the_stack_has_its_services_with_health_checks_and_waits_for_migrations():
    compose = yaml.safe_load((ROOT / "docker" / "compose.yaml").read_text())
    services = compose["services"]
    assert set(services) == {"migrate", "web", "worker", "beat", "db", "redis"}
    assert services["db"]["image"] == "postgres:16"
    assert services["redis"]["image"] == "redis:7"
    for name in ("web", "worker", "db", "redis"):
        assert "healthcheck" in services[name], name
    for name in ("web", "worker", "beat"):
        after = services[name]["depends_on"]
        assert after["migrate"]["condition"] == "service_completed_successfully", name
        assert after["db"]["condition"] == "service_healthy", name
    assert set(compose["volumes"]) == {"db-data", "redis-data"}
