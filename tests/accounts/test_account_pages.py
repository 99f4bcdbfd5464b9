"""The account pages (server side; the browser flows are in tests/e2e/test_account_flows.py):
password reset by email, change password, the account page's settings, tokens and "log out
everywhere", closing an account, and the desk's one-time link (issue 34)."""

import re
from datetime import timedelta

import pytest
from django.core import mail
from django.test import Client
from knox.models import AuthToken

from accounts.models import Notification, User
from accounts.services import user_token_get
from tournaments.services import entry_add, tournament_create

pytestmark = pytest.mark.django_db

PASSWORD, NEW = "the-right-one-42", "a-brand-new-secret-77"


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def can_log_in(username: str, password: str) -> bool:
    return Client().post("/login/", {"username": username, "password": password}).status_code == 302


def test_a_forgotten_password_is_reset_by_email_with_a_link_that_works_once(make_user):
    # given bob with an email address and an API token
    bob = make_user("bob", password=PASSWORD, email="bob@example.org")
    user_token_get(user=bob)
    # when he asks for a reset with his address (any case)
    sent = Client().post("/password-reset/", {"email": "Bob@Example.org"})
    # then he is told to check his email, and one email holds the link
    assert sent.status_code == 302
    assert sent["Location"] == "/password-reset/sent/"
    (email,) = mail.outbox
    assert email.to == ["bob@example.org"]
    link = re.search(r"https?://[^/\s]+(/password-reset/\S+/)", email.body).group(1)
    # when he opens it and chooses a new password
    browser = Client()
    form_page = browser.get(link, follow=True)
    assert form_page.status_code == 200
    assert form_page.context["validlink"]
    set_url = form_page.redirect_chain[-1][0]
    done = browser.post(set_url, {"new_password1": NEW, "new_password2": NEW})
    # then the new password works, the old one does not, his tokens are revoked
    assert done["Location"] == "/password-reset/done/"
    assert can_log_in("bob", NEW)
    assert not can_log_in("bob", PASSWORD)
    assert not AuthToken.objects.filter(user=bob).exists()
    # and the link does not work a second time
    again = Client().get(link, follow=True)
    assert not again.context["validlink"]


def test_an_unknown_address_gets_the_same_answer_and_no_email(make_user):
    make_user("bob", email="bob@example.org")
    answer = Client().post("/password-reset/", {"email": "nobody@example.org"})
    assert answer["Location"] == "/password-reset/sent/"
    assert mail.outbox == []


def test_changing_the_password_keeps_this_session_and_ends_the_others(make_user):
    # given bob logged in on two browsers, with an API token
    bob = make_user("bob", password=PASSWORD)
    here, elsewhere = signed_in(bob), signed_in(bob)
    user_token_get(user=bob)
    # when he changes his password here
    changed = here.post(
        "/account/password/",
        {"old_password": PASSWORD, "new_password1": NEW, "new_password2": NEW},
    )
    # then this browser stays signed in, the other is logged out, the token is revoked
    assert changed["Location"] == "/account/"
    assert here.get("/account/").status_code == 200
    assert elsewhere.get("/account/")["Location"].startswith("/login/")
    assert not AuthToken.objects.filter(user=bob).exists()
    # and a wrong old password changes nothing
    wrong = here.post(
        "/account/password/", {"old_password": "nope", "new_password1": NEW, "new_password2": NEW}
    )
    assert wrong.status_code == 200
    assert "incorrectly" in wrong.content.decode()


def test_the_account_page_sets_the_email_and_the_notice_choice(make_user):
    bob = make_user("bob")
    make_user("ann", email="ann@example.org")
    page = signed_in(bob)
    # an address taken by another account, or not an address, is refused beside the field
    taken = page.post("/account/", {"email": "ANN@example.org", "notify_by_email": "on"})
    assert "Another account uses that address." in taken.content.decode()
    assert page.post("/account/", {"email": "not-an-address"}).status_code == 200
    # a good one is saved, with notices by email off (the box unticked)
    saved = page.post("/account/", {"email": " bob@example.org "})
    assert saved["Location"] == "/account/"
    bob.refresh_from_db()
    assert (bob.email, bob.notify_by_email) == ("bob@example.org", False)
    assert 'value="bob@example.org"' in page.get("/account/").content.decode()


def test_notices_go_by_email_only_to_who_wants_them(
    make_user, settings, django_capture_on_commit_callbacks
):
    from accounts.notifications import notify

    settings.NOTIFY_BY_EMAIL = True
    wants = make_user("ann", email="ann@example.org")
    not_wanted = make_user("bob", email="bob@example.org", notify_by_email=False)
    with django_capture_on_commit_callbacks(execute=True):
        notify(user_ids=[wants.pk, not_wanted.pk], text="Your match is ready.")
    assert [m.to for m in mail.outbox] == [["ann@example.org"]]


def test_log_out_everywhere_ends_other_sessions_and_tokens(make_user):
    # given bob on two browsers with two API tokens
    bob = make_user("bob")
    here, elsewhere = signed_in(bob), signed_in(bob)
    tokens = [user_token_get(user=bob) for _ in range(2)]
    assert "Log out everywhere" in here.get("/account/").content.decode()
    # when he logs out everywhere from here
    answer = here.post("/account/logout-everywhere/", follow=True)
    # then he is told, stays signed in here, the other browser and the tokens are logged out
    assert "2 API tokens no longer work" in answer.content.decode()
    assert here.get("/account/").status_code == 200
    assert elsewhere.get("/account/")["Location"].startswith("/login/")
    api = Client(HTTP_AUTHORIZATION=f"Token {tokens[0]}")
    assert api.get("/api/me/").status_code == 401


def test_closing_an_account_keeps_its_results_under_a_former_player_name(make_user):
    # given bob entered in an event, with a token and a notification
    bob, olga = make_user("bob", password=PASSWORD, email="bob@example.org"), make_user("olga")
    event = tournament_create(organizer=olga, name="Cup")
    entry = entry_add(tournament=event, by_user=olga, user_id=bob.pk)
    user_token_get(user=bob)
    Notification.objects.create(user=bob, text="hello")
    page = signed_in(bob)
    # the page says what happens to the results before anything is done
    explained = page.get("/account/close/").content.decode()
    assert "Your results stay." in explained
    assert "former-player-" in explained
    # a wrong password closes nothing
    assert page.post("/account/close/", {"password": "nope"}).status_code == 200
    assert User.objects.get(pk=bob.pk).is_active
    # when he confirms with his password
    closed = page.post("/account/close/", {"password": PASSWORD}, follow=True)
    # then he is logged out, told the name his results stay under, and cannot log in again
    bob.refresh_from_db()
    assert bob.username.startswith("former-player-")
    assert bob.username in closed.content.decode()
    assert (bob.email, bob.is_active, bob.has_usable_password()) == ("", False, False)
    assert not can_log_in("bob", PASSWORD)
    assert not AuthToken.objects.filter(user=bob).exists()
    assert not Notification.objects.filter(user=bob).exists()
    # and his entry stays in the event under that name; his old name is free again
    entry.refresh_from_db()
    assert entry.display_name == bob.username
    assert make_user("bob").username == "bob"


def desk_event(make_user):
    olga, bob = make_user("olga"), make_user("bob", password=PASSWORD)
    event = tournament_create(organizer=olga, name="Friday Cup")
    entry_add(tournament=event, by_user=olga, user_id=bob.pk)
    return olga, bob, event


def desk_link(client: Client, event, user) -> str:
    answer = client.post(f"/tournaments/{event.pk}/desk-reset/{user.pk}/")
    assert answer.status_code == 200, answer.content[:300]
    assert answer["Cache-Control"] == "no-store"
    html = answer.content.decode()
    assert "<svg" in html  # the QR code
    return re.search(r'id="desk-link">https?://[^/<]+(/[^<]+)</code>', html).group(1)


def test_the_desk_shows_a_one_time_link_the_player_opens_on_their_phone(make_user):
    # given bob at olga's desk, forgotten password, no email
    olga, bob, event = desk_event(make_user)
    desk = signed_in(olga)
    assert "bob" in desk.get(f"/tournaments/{event.pk}/desk-reset/").content.decode()
    # when olga makes his link
    link = desk_link(desk, event, bob)
    # then bob is told who made it
    (note,) = Notification.objects.filter(user=bob)
    assert "olga, organizer of Friday Cup" in note.text
    # and on his phone he sets a new password with it, which olga never sees
    phone = Client()
    form = phone.get(link, follow=True)
    assert form.context["validlink"]
    done = phone.post(form.redirect_chain[-1][0], {"new_password1": NEW, "new_password2": NEW})
    assert done["Location"] == "/password-reset/done/"
    assert can_log_in("bob", NEW)
    # and the link works once
    assert not Client().get(link, follow=True).context["validlink"]


def test_a_desk_link_expires_after_fifteen_minutes(make_user, monkeypatch):
    from accounts.tokens import desk_reset_tokens

    olga, bob, event = desk_event(make_user)
    link = desk_link(signed_in(olga), event, bob)
    later = desk_reset_tokens._now() + timedelta(minutes=16)
    monkeypatch.setattr(desk_reset_tokens, "_now", lambda: later)
    assert not Client().get(link, follow=True).context["validlink"]


def test_only_the_events_organizer_makes_desk_links_for_its_players(make_user):
    olga, bob, event = desk_event(make_user)
    stranger, other_organizer = make_user("stranger"), make_user("other-organizer")
    tournament_create(organizer=other_organizer, name="Elsewhere")
    for user in (stranger, other_organizer, bob):
        refused = signed_in(user).post(f"/tournaments/{event.pk}/desk-reset/{bob.pk}/")
        assert refused.status_code == 403
        assert signed_in(user).get(f"/tournaments/{event.pk}/desk-reset/").status_code == 403
    # a player of another event is not this desk's to help, nor is a staff account
    assert (
        signed_in(olga).post(f"/tournaments/{event.pk}/desk-reset/{stranger.pk}/").status_code
        == 403
    )
    boss = make_user("boss", is_staff=True)
    entry_add(tournament=event, by_user=olga, user_id=boss.pk)
    assert signed_in(olga).post(f"/tournaments/{event.pk}/desk-reset/{boss.pk}/").status_code == 403
    assert not Notification.objects.filter(user__in=[bob, boss]).exists()
