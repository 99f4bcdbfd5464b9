"""In-app notifications: a player is told when their match starts or is ready and when a result
waits for their confirmation (once while unread), it is their move in a game; emails go out
only where a mail backend is configured, after the commit."""

import pytest
from django.core import mail
from django.test import Client

from accounts.models import Notification
from gameplay import services as games
from tournaments import services as events
from tournaments.models import Match

pytestmark = pytest.mark.django_db


def texts(user) -> list[str]:
    return list(Notification.objects.filter(user=user).values_list("text", flat=True))


def test_players_are_told_about_their_matches_and_moves(
    make_user, settings, django_capture_on_commit_callbacks
):
    # given an event of three players with email where a backend is configured
    settings.NOTIFY_BY_EMAIL = True
    organizer = make_user("orla")
    ann, bob, cid = (make_user(n, email=f"{n}@example.org") for n in ("ann", "bob", "cid"))
    event = events.tournament_create(organizer=organizer, name="Cup", seeding="manual", best_of=1)
    for seed, user in enumerate([ann, bob, cid], 1):
        events.entry_add(tournament=event, by_user=organizer, user_id=user.pk, seed=seed)
    # when it starts, then bob and cid hear their match started (ann has a bye)
    with django_capture_on_commit_callbacks(execute=True):
        events.tournament_start(tournament=event, by_user=organizer)
    assert texts(bob) == ["Cup: your match against cid has started."]
    assert texts(ann) == []
    match = Match.objects.get(tournament=event, round__number=1, is_bye=False)
    # when bob reports, then cid is asked to confirm, once however often bob reports
    bob_entry = match.slots.get(entry__user=bob).entry_id
    for _ in range(2):
        with django_capture_on_commit_callbacks(execute=True):
            events.match_result_report(match=match, by_user=bob, games=[{"winner": bob_entry}])
    assert sorted(texts(cid)) == [
        "Cup: a result was reported in your match; confirm or dispute it.",
        "Cup: your match against bob has started.",
    ]
    # when cid confirms, then the final is ready for ann and bob
    with django_capture_on_commit_callbacks(execute=True):
        events.match_result_confirm(match=match, by_user=cid)
    assert "Cup: your match against bob is ready." in texts(ann)
    # the emails went to the addresses, after the commit: the start (bob, cid), the report
    # (cid, once), the final ready (ann, bob)
    assert sorted(m.to[0] for m in mail.outbox) == [
        "ann@example.org",
        "bob@example.org",
        "bob@example.org",
        "cid@example.org",
        "cid@example.org",
    ]
    assert mail.outbox[0].subject.startswith("Cup: your match against")
    # and the page lists them; marking them read clears the count in the menu
    client = Client()
    client.force_login(ann)
    page = client.get("/notifications/").content.decode()
    assert "your match against bob is ready" in page
    assert 'id="notifications-link">Notifications <span class="count">1' in client.get(
        "/"
    ).content.decode().replace("\n", "")
    client.post("/notifications/read/")
    assert not Notification.objects.filter(user=ann, read_at=None).exists()


def test_a_player_hears_it_is_their_move(make_user):
    # Army: both seats choose at once, so the player must act from the start
    ann = make_user("ann")
    game = games.game_create(
        ruleset="army", seats=[{"user": ann.pk}, {"bot": "random"}], created_by=ann, seed=1
    )
    assert texts(ann) == [f"It is your move in Army (game {game.pk})."]
    # a game of bots alone writes none
    games.game_create(ruleset="army", seats=[{"bot": "random"}, {"bot": "random"}], seed=2)
    assert Notification.objects.count() == 1
