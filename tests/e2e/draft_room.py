"""Steps the draft-room browser tests share: a logged-in page per person, bots picking in place
between the people's clicks.

(Two people and six bots drafting a whole pod by clicking was its own test; the whole event
day (test_whole_event_day.py) drafts with two people beside six bots, and test_card_faces.py
drafts a Kingdom Combat pod to its end by clicking.)"""

import pytest
from django.test import Client
from playwright.sync_api import Browser

from config.celery import app as celery_app


@pytest.fixture
def eager_celery():
    """Run tasks in place, as a worker would, so the bots pick between the players' clicks."""
    celery_app.conf.task_always_eager = True
    yield
    celery_app.conf.task_always_eager = False


def browser_page_for(browser: Browser, live_server, user):
    """A browser tab logged in as ``user`` (session cookie from Django's test client)."""
    client = Client()
    client.force_login(user)
    context = browser.new_context()
    context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )
    return context.new_page()
