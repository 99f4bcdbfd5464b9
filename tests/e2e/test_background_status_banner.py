"""An organizer's page says when match clocks and bots are paused, and stops saying it when the
background worker is back, without a reload (home/background_status.py)."""

from datetime import timedelta

from django.utils import timezone
from playwright.sync_api import Page, expect

from config.heartbeats.models import Heartbeat
from home import background_status
from tournaments.models import Tournament

PAUSED = "Match clocks and bots are paused: the background worker is not running."


def beat(name: str, age_s: float) -> None:
    at = timezone.now() - timedelta(seconds=age_s)
    Heartbeat.objects.update_or_create(name=name, defaults={"beat_at": at})


def test_the_banner_comes_with_a_silent_worker_and_goes_when_it_is_back(
    live_server, page: Page, make_user, settings, monkeypatch, tmp_path
):
    settings.HEALTHZ_HEARTBEATS = True
    settings.BACKGROUND_STATUS_POLL_S = 1
    monkeypatch.setattr(background_status, "READ_EVERY_S", 0.0)
    organizer = make_user("orla")
    Tournament.objects.create(name="Friday Cup", game="combat", organizer=organizer, rng_seed=7)
    beat("scheduler", 1)
    beat("worker", 600)

    page.goto(f"{live_server.url}/login/")
    page.get_by_label("Username").fill("orla")
    page.get_by_label("Password").fill("correct-horse-battery")
    page.get_by_role("button", name="Log in").click()
    page.goto(f"{live_server.url}/tournaments/")
    banner = page.get_by_role("alert").filter(has_text="background worker")
    expect(banner).to_contain_text(PAUSED)
    for width, height in ((1280, 800), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        page.screenshot(path=str(tmp_path / f"banner-{width}.png"))
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")

    beat("worker", 1)  # the supervisor started it again
    expect(banner).to_have_count(0, timeout=15_000)
