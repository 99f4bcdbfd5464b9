"""Fixtures for the ratings tests."""

import pytest


@pytest.fixture
def organizer(make_user):
    return make_user("organizer")
