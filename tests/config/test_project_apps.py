"""The list of the project's apps is written once, in config/apps.py (issue 35). pyproject.toml
cannot read Python, so these tests hold its lists to it: a new app added to config/apps.py and
not to the contracts (or the other way round) fails here."""

import tomllib
from pathlib import Path

from django.conf import settings

from config.apps import LAYERS, PROJECT_APPS, PROJECT_PACKAGES
from config.urls import APPS as URL_APPS

ROOT = Path(__file__).resolve().parents[2]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())
CONTRACTS = {c["name"]: c for c in PYPROJECT["tool"]["importlinter"]["contracts"]}


def _top_levels(modules: list[str]) -> set[str]:
    return {module.split(".")[0] for module in modules}


def test_every_project_package_is_one_of_the_listed_packages():
    # given the folders at the top of the checkout that are Python packages with code of ours
    found = {
        path.parent.name
        for path in ROOT.glob("*/__init__.py")
        if path.parent.name not in {"tests", "bench", "docker"}
    }
    # then config/apps.py names each of them, and nothing else
    assert found == set(PROJECT_PACKAGES)


def test_the_settings_install_every_project_app_lowest_layer_first():
    installed = [app for app in settings.INSTALLED_APPS if app.split(".")[0] in PROJECT_PACKAGES]
    assert installed == list(PROJECT_APPS)
    order = [LAYERS.index(app.split(".")[0]) for app in PROJECT_APPS if app != "config.heartbeats"]
    assert order == sorted(order, reverse=True)


def test_import_linter_checks_every_project_package_and_layers_them_as_listed():
    assert PYPROJECT["tool"]["importlinter"]["root_packages"] == list(PROJECT_PACKAGES)
    assert CONTRACTS["Apps depend one way"]["layers"] == list(LAYERS)


def test_the_contracts_name_only_project_packages_and_no_app_is_left_out_of_one():
    # the pure side may import none of the apps (config and games are the sources themselves)
    no_app = CONTRACTS["The engine and the games' declaration import no app, config imports none"]
    assert _top_levels(no_app["forbidden_modules"]) | {"games", "config"} == set(PROJECT_PACKAGES)
    for contract in CONTRACTS.values():
        named = contract.get("source_modules", []) + contract.get("layers", [])
        project_named = _top_levels(named) - {"django", "rest_framework", "celery"}
        assert project_named <= set(PROJECT_PACKAGES), contract["name"]


def test_ruff_sorts_every_project_package_as_first_party():
    first_party = PYPROJECT["tool"]["ruff"]["lint"]["isort"]["known-first-party"]
    assert first_party == list(PROJECT_PACKAGES)


def test_every_app_with_an_api_is_mounted_in_the_urls():
    folders = {app: ROOT / app.replace(".", "/") for app in PROJECT_APPS}
    with_api = [app for app, folder in folders.items() if (folder / "api_urls.py").exists()]
    assert with_api == URL_APPS
    assert {"tournaments", "ratings", "leagues"} <= set(URL_APPS)
