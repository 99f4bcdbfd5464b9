"""A big bracket's polls (issue 17): a region's render and live cards are kept per key of what
the region shows, so a change in another region answers a poll with the poller of the new
version alone; and a big event's pages poll less often (RULINGS.md 22)."""

import re

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from tests.tournaments.helpers import bulk_event, signed_in_player_of_seed
from tournaments.brackets.regions import live_poll_seconds
from tournaments.fastpath import bracket_cards
from tournaments.models import Entry, Match, Tournament
from tournaments.reads import bracket_parts as bracket_parts_reads
from tournaments.services import match_result_report

POLLER = re.compile(r"since=(\d+)&amp;region=(\d+)&amp;mine=([\d.]*)")


def version_of(tournament) -> int:
    return Tournament.objects.values_list("version", flat=True).get(pk=tournament.pk)


def report(tournament, index: int) -> Match:
    """The organizer reports the top entry of round-1 match `index` as its winner."""
    match = Match.objects.get(tournament=tournament, round__number=1, index=index)
    winner = match.slots.order_by("slot").first().entry_id
    games = [{"winner": winner, "life": {}}]
    match_result_report(match=match, by_user=tournament.organizer, games=games)
    return match


def poll_of(client, tournament, region: int) -> str:
    """The poll the event page's bracket sends for `region` (read from the page)."""
    page = client.get(f"/tournaments/{tournament.pk}/?region={region}").content.decode()
    since, shown, mine = POLLER.search(page).groups()
    assert shown == str(region)
    return f"/tournaments/{tournament.pk}/bracket/?since={since}&region={region}&mine={mine}"


def test_a_change_in_another_region_sends_only_the_new_poller(organizer):
    # given a 256-entry event (two parts of 64 first-round matches) whose page shows part 0
    tournament = bulk_event(organizer, 256, best_of=1)
    poll = poll_of(Client(), tournament, 0)
    # when a match of part 1 is reported and a signed-in viewer's page polls
    report(tournament, 100)
    client = Client()
    client.force_login(organizer)
    with CaptureQueriesContext(connection) as queries:
        response = client.get(poll)
    # then it gets the poller of the new version and no card, without reading the session
    body = response.content.decode()
    assert response.status_code == 200
    assert POLLER.search(body).groups() == (str(version_of(tournament)), "0", "")
    assert 'id="match-' not in body
    assert "HX-Retarget" not in response
    assert not any("django_session" in q["sql"] for q in queries.captured_queries)
    # when a match of part 0 is reported next, then the poll from the same version gets its
    # changed cards: the match and the one its winner goes on to
    changed = report(tournament, 3)
    body = client.get(poll).content.decode()
    assert body.count('<li hx-swap-oob="true" id="match-') == 2
    assert f'id="match-{changed.pk}"' in body


def play_round(tournament, number: int, skip: int | None = None) -> None:
    """Report every match of a round (the top entry wins), but match `skip`."""
    for match in Match.objects.filter(tournament=tournament, round__number=number):
        if match.index != skip:
            winner = match.slots.order_by("slot").first().entry_id
            games = [{"winner": winner, "life": {}}]
            match_result_report(match=match, by_user=tournament.organizer, games=games)


def test_a_change_in_the_rounds_both_parts_show_reaches_both(organizer):
    # given a 256-entry event played up to the semi-finals, but for part 0's semi-final,
    # and a page showing part 1
    tournament = bulk_event(organizer, 256, best_of=1)
    for number in range(1, 7):
        play_round(tournament, number)
    play_round(tournament, 7, skip=0)
    poll = poll_of(Client(), tournament, 1)
    # when part 0's semi-final is reported (its winner goes on to the final, in both parts)
    report_semi = Match.objects.get(tournament=tournament, round__number=7, index=0)
    winner = report_semi.slots.order_by("slot").first().entry_id
    games = [{"winner": winner, "life": {}}]
    match_result_report(match=report_semi, by_user=organizer, games=games)
    # then part 1's poll gets the final's card (part 1 shows the final, not part 0's
    # semi-final) with the winner in it
    final = Match.objects.get(tournament=tournament, round__number=8)
    body = Client().get(poll).content.decode()
    assert body.count('<li hx-swap-oob="true" id="match-') == 1
    assert f'id="match-{final.pk}"' in body
    assert Entry.objects.get(pk=winner).display_name in body


def test_a_regions_render_is_built_once_per_what_it_shows(organizer, monkeypatch):
    # given a 256-entry event whose part 0 was read once
    tournament = bulk_event(organizer, 256, best_of=1)
    Client().get(f"/tournaments/{tournament.pk}/bracket/?region=0")
    built = []
    real = bracket_parts_reads.bracket_region_get
    monkeypatch.setattr(
        bracket_cards, "bracket_region_get", lambda **kw: built.append(kw["region"]) or real(**kw)
    )
    # when a match of part 1 is reported and part 0 is read, then it is not built again
    report(tournament, 100)
    first = Client().get(f"/tournaments/{tournament.pk}/bracket/?region=0").content.decode()
    assert built == []
    # and the page shows the new version's poller in it
    assert POLLER.search(first).groups() == (str(version_of(tournament)), "0", "")
    # when a match of part 0 is reported, then part 0 is built again and shows the result
    changed = report(tournament, 5)
    second = Client().get(f"/tournaments/{tournament.pk}/bracket/?region=0").content.decode()
    assert built == [0]
    card = re.search(rf'<li id="match-{changed.pk}"[^>]*>', second)[0]
    assert "status-finished" in card


@pytest.mark.parametrize("entries", [256, 2048])
def test_a_poll_after_a_change_elsewhere_takes_the_same_queries_at_any_size(organizer, entries):
    # given events of two and sixteen parts, each page showing part 0, read once after a
    # change in another part (the key of this version worked out)
    tournament = bulk_event(organizer, entries, best_of=1)
    poll = poll_of(Client(), tournament, 0)
    report(tournament, 100)
    Client().get(poll)
    # when another page polls, then: the version, the event's row, nothing else
    with CaptureQueriesContext(connection) as queries:
        response = Client().get(poll)
    assert response.status_code == 200
    assert len(queries.captured_queries) == 2


def test_big_events_poll_less_often():
    # given the sizes of events, then pages poll every 5 s up to 256 entries, slower above
    assert [live_poll_seconds(n) for n in (0, 8, 256, 512, 1024, 2048, 4096)] == [
        5,
        5,
        5,
        7,
        10,
        14,
        20,
    ]


def test_the_pages_say_how_often_they_poll(organizer):
    # given an 8-entry and a 512-entry event
    for entries, seconds in ((8, 5), (512, 7)):
        tournament = bulk_event(organizer, entries, best_of=1)
        match = Match.objects.get(tournament=tournament, round__number=1, index=0)
        client = Client()
        # when the event page and a match page are read, then their pollers say the interval
        page = client.get(f"/tournaments/{tournament.pk}/").content.decode()
        assert f'hx-trigger="every {seconds}s, live"' in page
        live = client.get(f"/matches/{match.pk}/").content.decode()
        assert f'hx-trigger="every {seconds}s, live"' in live


def test_a_players_poll_names_their_entries_and_is_answered_without_the_session(
    organizer, make_user
):
    # given a player of seed 1 in a 256-entry event, whose page polls part 0
    tournament = bulk_event(organizer, 256, best_of=1)
    entry, client = signed_in_player_of_seed(tournament, 1, make_user())
    poll = poll_of(client, tournament, 0)
    assert poll.endswith(f"&mine={entry.pk}")
    # when their match is reported and the page polls
    match = Match.objects.get(tournament=tournament, round__number=1, slots__entry=entry)
    games = [{"winner": entry.pk, "life": {}}]
    match_result_report(match=match, by_user=organizer, games=games)
    with CaptureQueriesContext(connection) as queries:
        body = client.get(poll).content.decode()
    # then its cards come marked as theirs, and the poller names them again, without the
    # session being read
    assert f'id="match-{match.pk}"' in body
    assert "my-match" in body
    assert POLLER.search(body)[3] == str(entry.pk)
    assert not any("django_session" in q["sql"] for q in queries.captured_queries)
    # when a spectator's page polls from the same version, then nothing is marked
    spectator = Client().get(poll.replace(f"&mine={entry.pk}", "&mine=")).content.decode()
    assert f'id="match-{match.pk}"' in spectator
    assert "my-match" not in spectator
    # and a poll naming what is not a list of entries is answered from the session
    response = client.get(poll.replace(f"&mine={entry.pk}", "&mine=x"))
    assert response.status_code == 200
    assert "my-match" in response.content.decode()


def test_a_changed_region_renders_again_only_the_cards_that_changed(organizer):
    # given a 256-entry event whose part 0 has been shown once (every card rendered)
    tournament = bulk_event(organizer, 256, best_of=1)
    first = Client().get(f"/tournaments/{tournament.pk}/?region=0")
    assert first.content.decode().count('class="bracket-match') > 100
    # when a match of part 0 is reported and the part is shown again
    changed = report(tournament, 3)
    cards = []
    with _rendering("tournaments/_bracket_card.html", cards):
        page = Client().get(f"/tournaments/{tournament.pk}/?region=0").content.decode()
    # then only its card and the card of the match its winner goes on to were rendered,
    # and the page shows the result on every card as a render from scratch would
    assert sorted(card["m"]["id"] for card in cards) == sorted(
        [changed.pk, Match.objects.get(tournament=tournament, round__number=2, index=1).pk]
    )
    bracket_cards._CARDS.clear()
    cache.clear()
    again = bracket_cards.region_render(Tournament.objects.get(pk=tournament.pk), 0)
    above, below = again["plain"].split(bracket_cards.LIVE_SLOT)
    assert above in page
    assert below in page
    assert f'id="match-{changed.pk}" class="bracket-match status-finished' in page


class _rendering:
    """Collects the contexts `template` was rendered with (Django's test signal)."""

    def __init__(self, template: str, into: list) -> None:
        self.template, self.into = template, into

    def _note(self, sender, template, context, **kwargs) -> None:
        if template.name == self.template:
            self.into.append(context.flatten())

    def __enter__(self):
        from django.test.signals import template_rendered

        template_rendered.connect(self._note)

    def __exit__(self, *exc) -> None:
        from django.test.signals import template_rendered

        template_rendered.disconnect(self._note)
