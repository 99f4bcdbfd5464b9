"""Small helpers that read settings from the environment (12-factor)."""

import os
import secrets
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent.parent.parent
VAR_DIR = Path(os.environ.get("VAR_DIR", BASE_DIR / "var"))


def env_str(name: str, default: str = "") -> str:
    """The variable's value, or the default when unset or empty."""
    return os.environ.get(name) or default


def env_bool(name: str, default: bool = False) -> bool:
    """True for 1/true/yes/on (any case)."""
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_int(name: str, default: int) -> int:
    """An integer; a clear error when it is not one."""
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    try:
        return int(value)
    except ValueError as error:
        raise ValueError(f"{name} must be a whole number, not {value!r}") from error


def env_list(name: str, default: list[str]) -> list[str]:
    """A comma-separated list."""
    value = os.environ.get(name)
    if not value:
        return default
    return [item.strip() for item in value.split(",") if item.strip()]


def local_secret_key() -> str:
    """The embedded mode's key: generated once into var/secret_key, never committed."""
    path = VAR_DIR / "secret_key"
    if not path.exists():
        VAR_DIR.mkdir(parents=True, exist_ok=True)
        path.write_text(secrets.token_urlsafe(50))
        path.chmod(0o600)
    return path.read_text().strip()
