"""Staff can manage every model of every app in the Django admin."""

import pytest
from django.apps import apps
from django.contrib import admin
from django.core import checks
from django.urls import reverse

from config.apps import PROJECT_APPS


def project_models():
    return [m for m in apps.get_models() if m._meta.app_config.name in PROJECT_APPS]


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
def test_staff_can_open_every_list_and_add_page(make_user, client, rf):
    staff = make_user(is_staff=True, is_superuser=True)
    client.force_login(staff)
    request = rf.get("/admin/")
    request.user = staff
    for model in project_models():
        if not admin.site.is_registered(model):
            continue
        meta = model._meta
        # derived rows (ratings, heartbeats) are read only: no add page
        addable = admin.site.get_model_admin(model).has_add_permission(request)
        pages = ("changelist", "add") if addable else ("changelist",)
        for page in pages:
            url = reverse(f"admin:{meta.app_label}_{meta.model_name}_{page}")
            assert client.get(url).status_code == 200, url


@pytest.mark.django_db
def test_staff_cannot_add_or_change_rows_the_app_derives(make_user, client):
    # given a superuser
    client.force_login(make_user(is_staff=True, is_superuser=True))
    # then the ratings' and heartbeats' add pages are refused: the fold and the processes write
    for name in ("ratings_rating_add", "ratings_ratingchange_add", "heartbeats_heartbeat_add"):
        assert client.get(reverse(f"admin:{name}")).status_code == 403, name
