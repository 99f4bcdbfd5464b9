"""The account in a real browser: a forgotten password reset through the emailed link, the
account page (email, notices, log out everywhere, password change), and the organizer's desk
link a player opens on their phone (issue 34)."""

import re

from django.core import mail
from django.test import Client
from playwright.sync_api import Browser, Page, expect

from tournaments.services import entry_add, tournament_create

from .axe_check import PHONE, checked

PASSWORD, NEW = "the-right-one-42", "a-brand-new-secret-77"
# the width between "Signed in as" and the user's name, as drawn (the phone menu's links are
# flex boxes, which drop the space between a word and a tag)
SPACE_BEFORE_NAME = """a => {
  const words = document.createRange();
  words.selectNodeContents(a.firstChild);
  const name = a.querySelector("strong").getBoundingClientRect();
  return name.left - words.getBoundingClientRect().right;
}"""


def log_in(page: Page, base: str, username: str, password: str) -> None:
    page.goto(f"{base}/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Log in").click()


def test_a_forgotten_password_is_reset_from_the_emailed_link(
    live_server, page: Page, make_user, transactional_db
):
    # given bob, who set an email address and forgot his password
    make_user("bob", password=PASSWORD, email="bob@example.org")
    base = live_server.url
    page.goto(f"{base}/login/")
    # when he follows "Forgot your password?" and gives his address
    page.get_by_role("link", name="Forgot your password?").click()
    checked(page, "the reset page", touch_targets=False)
    page.get_by_label("Email").fill("bob@example.org")
    page.get_by_role("button", name="Send the link").click()
    expect(page.get_by_role("heading", name="Check your email")).to_be_visible()
    # then the email's link opens the page to choose a new one
    (email,) = mail.outbox
    link = re.search(r"https?://\S+/password-reset/\S+/", email.body).group(0)
    page.goto(base + link[link.index("/password-reset/") :])
    expect(page.get_by_role("heading", name="Choose a new password")).to_be_visible()
    page.get_by_label("New password", exact=True).fill(NEW)
    page.get_by_label("New password confirmation").fill(NEW)
    page.get_by_role("button", name="Set my password").click()
    expect(page.get_by_role("heading", name="Your new password is set")).to_be_visible()
    # and he logs in with it
    page.get_by_role("link", name="Log in").last.click()
    page.get_by_label("Username").fill("bob")
    page.get_by_label("Password").fill(NEW)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_text("Signed in as")).to_contain_text("bob")


def test_the_account_page_saves_settings_logs_out_elsewhere_and_changes_the_password(
    live_server, browser: Browser, make_user, transactional_db
):
    # given bob signed in on a phone, and elsewhere too
    make_user("bob", password=PASSWORD)
    base = live_server.url
    page = browser.new_context(viewport=PHONE).new_page()
    log_in(page, base, "bob", PASSWORD)
    elsewhere = browser.new_context().new_page()
    log_in(elsewhere, base, "bob", PASSWORD)
    # when he opens his account from the menu and sets an email, notices by email off
    page.get_by_text("Menu").click()
    account = page.locator("#account-link")
    assert account.evaluate(SPACE_BEFORE_NAME) >= 3  # "Signed in as bob", never "asbob"
    account.click()
    expect(page.get_by_role("heading", name="Your account", exact=True)).to_be_visible()
    checked(page, "the account page")
    page.get_by_role("textbox", name="Email").fill("bob@example.org")
    page.get_by_label("Email me my notices too").uncheck()
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_text("Your account settings are saved.")).to_be_visible()
    expect(page.get_by_role("textbox", name="Email")).to_have_value("bob@example.org")
    expect(page.get_by_label("Email me my notices too")).not_to_be_checked()
    # and logs out everywhere: he stays here, the other browser is logged out
    page.get_by_role("button", name="Log out everywhere").click()
    expect(page.get_by_text("You are logged out everywhere else")).to_be_visible()
    elsewhere.goto(f"{base}/account/")
    expect(elsewhere).to_have_url(re.compile(r"/login/"))
    # and changes his password
    page.get_by_role("link", name="Change your password").click()
    page.get_by_label("Old password").fill(PASSWORD)
    page.get_by_label("New password", exact=True).fill(NEW)
    page.get_by_label("New password confirmation").fill(NEW)
    page.get_by_role("button", name="Change password").click()
    expect(page.get_by_text("Your password is changed")).to_be_visible()
    assert Client().post("/login/", {"username": "bob", "password": NEW}).status_code == 302


def test_the_desk_shows_a_qr_link_the_player_opens_on_their_phone(
    live_server, browser: Browser, make_user, transactional_db
):
    # given bob in olga's event, no email, password forgotten
    olga, bob = make_user("olga", password=PASSWORD), make_user("bob", password="forgotten-1")
    event = tournament_create(organizer=olga, name="Friday Cup")
    entry_add(tournament=event, by_user=olga, user_id=bob.pk)
    base = live_server.url
    desk = browser.new_context().new_page()
    log_in(desk, base, "olga", PASSWORD)
    # when olga opens the help from her event and makes bob's link
    desk.goto(f"{base}/tournaments/{event.pk}/")
    desk.get_by_role("link", name="A player forgot their password?").click()
    desk.get_by_role("button", name="Make a password link for bob").click()
    expect(desk.get_by_role("img", name="QR code of the password link")).to_be_visible()
    link = desk.locator("#desk-link").inner_text()
    # then bob opens it on his phone and sets a new password himself
    phone = browser.new_context(viewport=PHONE).new_page()
    phone.goto(base + link[link.index("/password-reset/") :])
    checked(phone, "the desk link on a phone")
    phone.get_by_label("New password", exact=True).fill(NEW)
    phone.get_by_label("New password confirmation").fill(NEW)
    phone.get_by_role("button", name="Set my password").click()
    expect(phone.get_by_role("heading", name="Your new password is set")).to_be_visible()
    log_in(phone, base, "bob", NEW)
    expect(phone.get_by_text("Signed in as")).to_contain_text("bob")
