"""Staff can manage every model of every app in the Django admin."""

import pytest
from django.apps import apps
from django.contrib import admin
from django.core import checks
from django.urls import reverse

PROJECT_APPS = {"accounts", "tournaments", "decks", "drafting", "gameplay"}


def project_models():
    return [m for m in apps.get_models() if m._meta.app_label in PROJECT_APPS]


def inline_models() -> set:
    admins = admin.site._registry.values()
    return {inline.model for model_admin in admins for inline in model_admin.inlines}


def test_every_model_has_an_admin_page_or_an_inline_on_one():
    reachable = set(admin.site._registry) | inline_models()
    missing = [m._meta.label for m in project_models() if m not in reachable]
    assert missing == [], f"no admin for: {missing}"


def test_the_admin_configuration_passes_djangos_checks():
    errors = [e for e in checks.run_checks(tags=[checks.Tags.admin]) if e.is_serious()]
    assert errors == []


@pytest.mark.django_db
def test_staff_can_open_every_list_and_add_page(make_user, client):
    client.force_login(make_user(is_staff=True, is_superuser=True))
    for model in project_models():
        if not admin.site.is_registered(model):
            continue
        meta = model._meta
        for page in ("changelist", "add"):
            url = reverse(f"admin:{meta.app_label}_{meta.model_name}_{page}")
            assert client.get(url).status_code == 200, url
