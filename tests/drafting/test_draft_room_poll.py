"""The draft room's poll: 204 (nothing swapped) while the player's pack and the table are the
same, in one query; the draft and its seats read once for a full answer (issue 17)."""

import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from .conftest import human_pick

pytestmark = pytest.mark.django_db


def poll_url(page: str) -> str:
    found = re.search(r'hx-get="(/drafts/\d+/\?since=[^"]+)"', page)
    assert found, "the room polls with the stamp of what it shows"
    return found[1]


def test_the_room_poll_is_204_until_a_pick_changes_the_table(make_draft, players):
    # given two players in a running 4-seat pod, each with the room open
    draft = make_draft(humans=players[:2], seats=4)
    first, second = Client(), Client()
    first.force_login(players[0])
    second.force_login(players[1])
    poll = poll_url(second.get(f"/drafts/{draft.id}/").content.decode())
    # when the second player's room polls and nothing happened, then 204 after one query
    with CaptureQueriesContext(connection) as queries:
        response = second.get(poll, HTTP_HX_REQUEST="true")
    assert response.status_code == 204
    assert len(queries.captured_queries) == 1
    # when the first player picks, then the poll gets the room again, with a new stamp
    human_pick(draft.id, players[0])
    response = second.get(poll, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert poll_url(response.content.decode()) != poll


def test_a_conditional_request_for_an_unchanged_room_is_304(make_draft, players):
    # given a player who has loaded the room
    draft = make_draft(humans=players[:1], seats=2)
    client = Client()
    client.force_login(players[0])
    tag = client.get(f"/drafts/{draft.id}/")["ETag"]
    # when the browser asks again with the tag, then 304; another player gets their own room
    again = client.get(f"/drafts/{draft.id}/", HTTP_IF_NONE_MATCH=tag)
    assert again.status_code == 304
    other = Client()
    other.force_login(players[1])
    assert other.get(f"/drafts/{draft.id}/", HTTP_IF_NONE_MATCH=tag).status_code == 200


def test_the_room_reads_the_draft_and_its_seats_once(make_draft, players):
    # given a seated player in a running pod
    draft = make_draft(humans=players[:1], seats=4)
    client = Client()
    client.force_login(players[0])
    client.get(f"/drafts/{draft.id}/")  # the session and card faces warm
    # when the room is read, then the draft row and the seats are each read once
    with CaptureQueriesContext(connection) as queries:
        assert client.get(f"/drafts/{draft.id}/", HTTP_HX_REQUEST="true").status_code == 200
    sql = [q["sql"] for q in queries.captured_queries]
    from_draft = [q for q in sql if 'FROM "drafting_draft"' in q and "COUNT" not in q]
    from_seats = [q for q in sql if q.startswith("SELECT") and 'FROM "drafting_seat"' in q]
    assert len(from_draft) == 1, from_draft
    assert len(from_seats) == 1, from_seats
