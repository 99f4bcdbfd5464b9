"""A person signs up, logs out, logs in and sees the home page, in a real browser."""

import re

from playwright.sync_api import Page, expect


def test_sign_up_log_out_log_in_and_see_home(live_server, page: Page, transactional_db):
    page.goto(f"{live_server.url}/")
    page.get_by_role("link", name="Sign up").first.click()

    page.get_by_label("Username").fill("dora")
    page.get_by_label("Password").fill("weak")
    page.get_by_role("button", name="Create account").click()
    expect(page.get_by_role("alert").first).to_contain_text("too short")

    page.get_by_label("Password").fill("trusty-falcon-93")
    page.get_by_role("button", name="Create account").click()
    expect(page.get_by_text("Signed in as")).to_contain_text("dora")

    page.get_by_role("button", name="Log out").click()
    page.get_by_role("link", name="Log in", exact=True).click()
    page.get_by_label("Username").fill("dora")
    page.get_by_label("Password").fill("trusty-falcon-93")
    page.get_by_role("button", name="Log in").click()
    expect(page).to_have_url(re.compile(r"/$"))
    expect(page.get_by_role("heading", name="Tournaments", exact=True)).to_be_visible()
    expect(page.get_by_text("Signed in as")).to_contain_text("dora")
