"""The room on event day: the printouts (pairings by table and by name, result slips,
standings, deck lists, draft seating), the projector view, the desk as a page, the QR codes
and the one name of the action that starts a round."""

from django.test import Client, override_settings

from tests.tournaments.helpers import decide_for_seeds, logged_in
from tournaments import services
from tournaments.models import Tournament
from tournaments.reads.venue import round_start_label


def test_printed_pairings_list_every_table_and_every_player_by_name(make_event, org_client):
    # given a started 5-entry Swiss event
    tid, players = make_event(5, structure="swiss", top_cut=4, best_of=1)
    org_client.post(f"/api/tournaments/{tid}/start/")
    names = sorted((user.username for user, _entry in players), key=str.casefold)
    # when the pairings are printed by table, then each table is there with its points
    by_table = Client().get(f"/tournaments/{tid}/print/pairings/").content.decode()
    assert "Pairings by table" in by_table
    assert "Round 1 of 3 (Swiss)" in by_table
    assert "Table 1" in by_table
    assert "Table 2" in by_table
    assert "Bye" in by_table
    # when by name, then every player appears once, in name order, with a table or the bye
    by_name = Client().get(f"/tournaments/{tid}/print/pairings/?by=name").content.decode()
    positions = [by_name.index(f'<td class="name">{n}</td>') for n in names]
    assert positions == sorted(positions)
    assert "Bye (a match win)" in by_name
    # and both carry the event page's QR code
    assert "<svg" in by_name
    assert f"/tournaments/{tid}/</figcaption>" in by_name


def test_result_slips_one_a_table_with_a_box_a_game(make_event, org_client):
    tid, _players = make_event(4, best_of=3)
    org_client.post(f"/api/tournaments/{tid}/start/")
    page = Client().get(f"/tournaments/{tid}/print/slips/").content.decode()
    assert page.count('class="slip"') == 2
    assert "Game 3" in page
    assert "Game 4" not in page
    assert "Semifinals · Match 1" in page
    # a round the event does not have is a 404, not a 500
    assert Client().get(f"/tournaments/{tid}/print/slips/?round=9").status_code == 404


def test_printed_standings_and_seating_before_any_pod(make_event, org_client):
    tid, players = make_event(4, best_of=1)
    org_client.post(f"/api/tournaments/{tid}/start/")
    page = Client().get(f"/tournaments/{tid}/print/standings/").content.decode()
    assert all(user.username in page for user, _entry in players)
    seating = Client().get(f"/tournaments/{tid}/print/seating/").content.decode()
    assert "This event has no draft pods yet" in seating


def test_deck_lists_are_the_organizers_only(make_event, organizer):
    tid, players = make_event(2, best_of=1)
    url = f"/tournaments/{tid}/print/decklists/"
    assert Client().get(url).status_code == 403
    assert logged_in(players[0][0]).get(url).status_code == 403
    page = logged_in(organizer).get(url).content.decode()
    assert "No deck registered:" in page
    assert players[0][0].username in page


def test_qr_opens_the_venue_address_when_serving_the_lan(make_event):
    tid, _players = make_event(2)
    with override_settings(VENUE_URL="http://192.168.1.20:8000/"):
        page = Client().get(f"/tournaments/{tid}/display/").content.decode()
    assert f"http://192.168.1.20:8000/tournaments/{tid}/" in page


def test_projector_shows_clock_and_pairings_then_standings(make_event, org_client):
    # given a 4-entry event with a time limit, started
    tid, _players = make_event(4, best_of=1, time_limit_minutes=40)
    org_client.post(f"/api/tournaments/{tid}/start/")
    page = Client().get(f"/tournaments/{tid}/display/").content.decode()
    assert "Semifinals" in page
    assert "data-deadline" in page
    assert "Pairings by name" in page
    assert "Standings" not in page
    # when round 1 is over, then the room sees the standings and the final's pairings
    decide_for_seeds(org_client, tid, 1, (1, 2))
    body = Client().get(f"/tournaments/{tid}/display/", headers={"HX-Request": "true"})
    text = body.content.decode()
    assert text.startswith('<div id="display-body"')
    assert "Final" in text
    assert "Find your table: ready to play now" in text  # the final can be played already
    assert "the round starts soon" not in text
    assert "Standings" in text


def test_projector_shows_a_later_match_ready_while_the_round_is_played(make_event, org_client):
    # given a 5-entry bracket: round 1 is one match (4 v 5) and three byes, so seeds 2 and 3
    # meet in a semifinal that can be played while round 1 is still on
    tid, players = make_event(5, best_of=1)
    org_client.post(f"/api/tournaments/{tid}/start/")
    # when the room looks at the projector
    page = Client().get(f"/tournaments/{tid}/display/").content.decode()
    # then it shows round 1, and the semifinal ready now, with the table to go to
    assert "Ready to play now" in page
    second, third = players[1][0].username, players[2][0].username
    assert f'<span class="who">{second} vs {third}</span>' in page
    assert "Semifinals" in page
    assert page.count("next: Match ") == 2  # seeds 2 and 3 find it by their own names


def test_desk_opened_directly_is_a_page_and_the_fragment_for_htmx(make_event, organizer):
    tid, _players = make_event(3)
    client = logged_in(organizer)
    page = client.get(f"/tournaments/{tid}/desk/").content.decode()
    assert "<title>Desk · " in page
    assert 'class="site-header"' in page
    assert "Pairings by player name" in page
    assert "Projector view" in page
    fragment = client.get(f"/tournaments/{tid}/desk/", headers={"HX-Request": "true"})
    assert fragment.content.decode().lstrip().startswith('<section id="desk"')


def test_one_name_for_starting_a_round():
    swiss = Tournament(structure="swiss", swiss_rounds=3, top_cut=8)
    assert round_start_label(tournament=swiss, number=2, name="Swiss round 2") == (
        "Start round 2 of 3 (Swiss)"
    )
    assert round_start_label(tournament=swiss, number=4, name="Quarterfinals") == (
        "Start Quarterfinals"
    )
    groups = Tournament(structure="round-robin", swiss_rounds=5)
    assert round_start_label(tournament=groups, number=2, name="Group round 2") == (
        "Start group round 2 of 5"
    )
    plain = Tournament(structure="elimination")
    assert round_start_label(tournament=plain, number=2, name="Round 2") == "Start round 2"
    # once the round is under way, the action names the matches still waiting
    assert round_start_label(tournament=swiss, number=2, name="Swiss round 2", waiting=4) == (
        "Start the 4 waiting matches of round 2 of 3 (Swiss)"
    )
    assert round_start_label(tournament=swiss, number=4, name="Quarterfinals", waiting=1) == (
        "Start the waiting match of the Quarterfinals"
    )


def test_a_round_under_way_offers_its_waiting_matches_once(make_event, org_client, organizer):
    # given a 6-entry Swiss event in round 2, with one result of round 2 reported
    tid, _players = make_event(6, structure="swiss", top_cut=4, best_of=1)
    org_client.post(f"/api/tournaments/{tid}/start/")
    _report_round(org_client, tid, 1)
    second = org_client.get(f"/api/tournaments/{tid}/bracket/").json()["rounds"][1]
    first_table = second["matches"][0]
    winner = first_table["entries"][0]["id"]
    body = {"games": [{"winner": winner, "life": {}, "first_damage": None}]}
    org_client.post(f"/api/matches/{first_table['id']}/report/", body, format="json")
    # when the organizer opens the event, then the round's other tables are offered once,
    # named as what they are, and nothing says the bracket waits for the start
    page = logged_in(organizer).get(f"/tournaments/{tid}/").content.decode()
    label = "Start the 2 waiting matches of round 2 of 3 (Swiss)"
    assert page.count(label) == 1
    assert "Start round 2" not in page
    assert "drawn when the tournament starts" not in page


def _report_round(org_client, tid: int, number: int) -> None:
    """The organizer enters a 1-0 for the first entry of every match of round `number`."""
    rounds = org_client.get(f"/api/tournaments/{tid}/bracket/").json()["rounds"]
    for match in rounds[number - 1]["matches"]:
        if not match["is_bye"] and match["status"] != "finished":
            winner = match["entries"][0]["id"]
            body = {"games": [{"winner": winner, "life": {}, "first_damage": None}]}
            response = org_client.post(f"/api/matches/{match['id']}/report/", body, format="json")
            assert response.status_code == 200, response.json()


def test_swiss_rounds_are_pairings_and_only_the_cut_is_a_bracket(make_event, org_client):
    # given a started 5-entry Swiss event with a top 4
    tid, _players = make_event(5, structure="swiss", top_cut=4, best_of=1)
    org_client.post(f"/api/tournaments/{tid}/start/")
    # then round 1 is a list of pairings, not a bracket round named "Final"
    page = Client().get(f"/tournaments/{tid}/").content.decode()
    assert "Round 1 pairings" in page
    assert "swiss-tables" in page
    assert 'class="bracket-round"' not in page
    # when the three Swiss rounds are played and the cut is drawn
    for number in (1, 2, 3):
        _report_round(org_client, tid, number)
    # then the bracket holds the cut alone, named as the cut's rounds (no Swiss round in it)
    page = Client().get(f"/tournaments/{tid}/").content.decode()
    bracket = page[page.index('id="bracket"') :]
    assert bracket.count('class="bracket-round"') == 2
    assert 'aria-label="Semifinals" data-round="4"' in bracket
    assert 'aria-label="Final" data-round="5"' in bracket
    # with both semifinals drawn (the cut's regions count from its own first round)
    assert bracket.count('data-round="4" data-index=') == 2
    assert bracket.count('data-round="5" data-index=') == 1
    assert "Swiss round" not in bracket
    # and the organizer starts the cut by its name
    org = Tournament.objects.get(pk=tid).organizer
    assert "Start Semifinals" in logged_in(org).get(f"/tournaments/{tid}/").content.decode()
    # and the room finds the cut's tables as in the Swiss rounds, ready to be played
    display = Client().get(f"/tournaments/{tid}/display/").content.decode()
    assert "Find your table: ready to play now" in display
    for path in ("display/", "print/pairings/", "print/slips/"):
        page = Client().get(f"/tournaments/{tid}/{path}").content.decode()
        assert "Table 1" in page, path
        assert "Table 2" in page, path
        assert "Match " not in page, path
    # and once the cut is started, the desk names its tables as the printouts do
    event = Tournament.objects.get(pk=tid)
    services.round_start(tournament=event, number=4, by_user=org)
    desk = logged_in(org).get(f"/tournaments/{tid}/desk/").content.decode()
    tables = desk[desk.index("Semifinals: tables") :]
    assert "Table 1" in tables
    assert "Table 2" in tables
    assert "Match " not in tables


def test_the_bracket_waits_for_the_start_only_before_it(make_event, org_client):
    # given an elimination event still taking entries
    tid, _players = make_event(4, best_of=1)
    # then its page and its embed say the bracket comes with the start
    waiting = "The bracket is drawn when the tournament starts."
    assert waiting in Client().get(f"/tournaments/{tid}/").content.decode()
    assert waiting in Client().get(f"/tournaments/{tid}/embed/").content.decode()
    # when it starts, then neither says so any more: the bracket is there
    org_client.post(f"/api/tournaments/{tid}/start/")
    page = Client().get(f"/tournaments/{tid}/").content.decode()
    assert waiting not in page
    assert 'class="bracket-round"' in page
    assert waiting not in Client().get(f"/tournaments/{tid}/embed/").content.decode()
