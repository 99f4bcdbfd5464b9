"""A fingerprint of the project's data, for tests that check a refused request changed nothing."""

from django.apps import apps

from config.apps import PROJECT_APPS

# Every app whose rows a request could write: the project's, and knox's tokens.
WRITABLE_APPS = (*PROJECT_APPS, "knox")


def data_fingerprint(app_names=WRITABLE_APPS) -> dict[str, int]:
    """One hash per table of every row's columns (a change anywhere shows); last_login is
    left out, since logging a test client in writes it."""
    state = {}
    for model in apps.get_models():
        if model._meta.app_config.name in app_names:
            fields = [f.attname for f in model._meta.concrete_fields if f.name != "last_login"]
            state[model._meta.label] = hash(
                repr(list(model.objects.order_by("pk").values_list(*fields)))
            )
    return state
