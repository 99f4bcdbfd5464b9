"""The tournament pages: list, create, detail with the bracket, standings, match page."""

from django.test import Client

from tests.tournaments.helpers import (
    decide_for_seeds,
    entry_by_seed,
    event_form,
    logged_in,
    match_with,
    team_duel,
)
from tournaments.models import Match, Tournament
from tournaments.reads import bracket as bracket_reads


def test_create_form_makes_the_user_organizer(make_user):
    # given a signed-in user on the create form
    user = make_user("olga")
    client = logged_in(user)
    assert client.get("/tournaments/new/").status_code == 200
    # when they submit it with a bad value, then the form says why
    form = event_form("Sunday Cup", deck_format="quick-duel")
    response = client.post("/tournaments/new/", form)
    assert response.status_code == 200
    assert "has the formats" in response.content.decode()
    # when they fix it, then the event exists and they organize it
    response = client.post("/tournaments/new/", {**form, "deck_format": "off-the-top"})
    tournament = Tournament.objects.get(name="Sunday Cup")
    assert response.url == f"/tournaments/{tournament.pk}/"
    assert tournament.organizer == user
    assert tournament.best_of == 3
    assert "Sunday Cup" in Client().get("/tournaments/").content.decode()


def test_anonymous_users_are_sent_to_log_in():
    assert Client().get("/tournaments/new/").status_code == 302


def test_organizer_controls_only_for_the_organizer(make_event, organizer, make_user):
    tid, players = make_event(3)
    url = f"/tournaments/{tid}/"
    assert "Organizer controls" in logged_in(organizer).get(url).content.decode()
    assert "Organizer controls" not in logged_in(players[0][0]).get(url).content.decode()
    assert "Organizer controls" not in Client().get(url).content.decode()
    staff = make_user(is_staff=True)
    assert "Organizer controls" in logged_in(staff).get(url).content.decode()


def test_organizer_adds_entries_and_starts_from_the_page(organizer, make_user):
    client = logged_in(organizer)
    tournament = Tournament.objects.create(name="Page Cup", organizer=organizer, rng_seed=7)
    make_user("bob")
    base = f"/tournaments/{tournament.pk}"
    client.post(f"{base}/add-entry/", {"username": "bob", "seed": "1"})
    client.post(f"{base}/add-entry/", {"name": "Guest Gail", "seed": "2"})
    response = client.post(f"{base}/add-entry/", {"username": "nobody"}, follow=True)
    assert "No user named nobody" in response.content.decode()
    response = client.post(f"{base}/start/", follow=True)
    assert "The tournament has started." in response.content.decode()
    page = response.content.decode()
    assert "bob" in page
    assert "Guest Gail" in page
    assert f'hx-get="/tournaments/{tournament.pk}/bracket/?since=' in page
    assert "data-deadline" in page


def test_bracket_partial_standings_and_match_page(make_event, org_client, client_for):
    # given a started 4-entry event where seed 4 reported a result
    tid, players = make_event(4, best_of=1)
    org_client.post(f"/api/tournaments/{tid}/start/")
    match = match_with(org_client, tid, 1, 1)
    e1 = entry_by_seed(match, 1)
    page = logged_in(players[3][0]).get(f"/matches/{match['id']}/").content.decode()
    assert "Report the result" in page
    assert "Organizer controls" not in page
    client = logged_in(players[3][0])
    client.post(f"/matches/{match['id']}/report/", {"game1": str(e1)})
    # when seed 1 opens the match page, then they can confirm
    seed1 = logged_in(players[0][0])
    page = seed1.get(f"/matches/{match['id']}/").content.decode()
    assert "Confirm result" in page
    response = seed1.post(f"/matches/{match['id']}/confirm/", follow=True)
    assert "Result confirmed." in response.content.decode()
    assert Match.objects.get(pk=match["id"]).winner_id == e1
    # then the bracket partial shows the winner and the standings page the wins
    partial = Client().get(f"/tournaments/{tid}/bracket/").content.decode()
    assert "winner" in partial
    assert "<html" not in partial
    standings = Client().get(f"/tournaments/{tid}/standings/").content.decode()
    assert "format=csv" in standings
    assert players[0][0].username in standings


def test_time_entry_from_the_match_page(make_event, org_client, organizer):
    tid, players = make_event(2, best_of=1)
    org_client.post(f"/api/tournaments/{tid}/start/")
    match = match_with(org_client, tid, 1, 1)
    e1, e2 = entry_by_seed(match, 1), entry_by_seed(match, 2)
    client = logged_in(organizer)
    client.post(f"/matches/{match['id']}/call-time/")
    page = client.get(f"/matches/{match['id']}/").content.decode()
    assert "Time: life totals" in page
    logged_in(players[1][0]).post(
        f"/matches/{match['id']}/time/", {f"life_{e1}": "4", f"life_{e2}": "9", "first_damage": ""}
    )
    row = Match.objects.get(pk=match["id"])
    assert (row.winner_id, row.decided_by) == (e2, "time")


def test_unknown_pages_and_actions_are_404(organizer):
    client = logged_in(organizer)
    assert client.get("/tournaments/999999/").status_code == 404
    assert client.get("/matches/999999/").status_code == 404
    tournament = Tournament.objects.create(name="X", organizer=organizer, rng_seed=1)
    assert client.post(f"/tournaments/{tournament.pk}/explode/").status_code == 404


def test_a_finished_event_shows_its_champion(make_event, org_client):
    tid, players = make_event(2, best_of=1)
    org_client.post(f"/api/tournaments/{tid}/start/")
    match = match_with(org_client, tid, 1, 1)
    org_client.post(
        f"/api/matches/{match['id']}/decide/", {"winner": entry_by_seed(match, 2)}, format="json"
    )
    page = Client().get(f"/tournaments/{tid}/").content.decode()
    assert f"Champion: <strong>{players[1][0].username}</strong>" in page


def test_alliance_time_form_takes_each_players_life(org_client, organizer, make_user):
    # given two alliances whose match had time called
    match_id, [(t1, a1, b1), (t2, a2, b2)] = team_duel(org_client, make_user, "alliance")
    client = logged_in(organizer)
    client.post(f"/matches/{match_id}/call-time/")
    # then the form asks for every player's life
    page = logged_in(a1).get(f"/matches/{match_id}/").content.decode()
    for team, user in ((t1, a1), (t1, b1), (t2, a2), (t2, b2)):
        assert f'name="life_{team}_{user.pk}"' in page
    # when a player enters them, then each alliance's players still in are added up: 7 vs 6
    form = {
        f"life_{t1}_{a1.pk}": "7",
        f"life_{t1}_{b1.pk}": "-2",
        f"life_{t2}_{a2.pk}": "3",
        f"life_{t2}_{b2.pk}": "3",
        "first_damage": "",
    }
    logged_in(b2).post(f"/matches/{match_id}/time/", form)
    row = Match.objects.get(pk=match_id)
    assert (row.winner_id, row.decided_by) == (t1, "time")
    assert row.games.get().life == {str(t1): 7, str(t2): 6}


def test_the_bracket_names_each_teams_members(org_client, make_user):
    # given a started event of two 2-player teams
    match_id, [(_t1, a1, b1), (_t2, a2, b2)] = team_duel(org_client, make_user, "alliance")
    tid = Match.objects.get(pk=match_id).tournament_id
    # when a visitor opens the event page and the embeddable bracket
    for path in (f"/tournaments/{tid}/", f"/tournaments/{tid}/embed/"):
        page = Client().get(path).content.decode()
        bracket = page.split('id="bracket"')[1]
        # then each team's card names its players, in the order they joined
        for team, a, b in (("Team 1", a1, b1), ("Team 2", a2, b2)):
            members = f"Team members: </span>{a.username}, {b.username}</span>"
            assert members in bracket.split(team, 1)[1].split("</li>")[0], (path, team)


def test_a_one_player_event_lists_no_team_members(make_event, org_client):
    tid, players = make_event(4, best_of=1)
    org_client.post(f"/api/tournaments/{tid}/start/")
    page = Client().get(f"/tournaments/{tid}/").content.decode()
    assert players[0][0].username in page.split('id="bracket"')[1]
    assert "Team members" not in page


def test_an_as_one_team_enters_its_shared_life(org_client, organizer, make_user):
    match_id, [(t1, *_), _t2] = team_duel(org_client, make_user, "as-one")
    client = logged_in(organizer)
    client.post(f"/matches/{match_id}/call-time/")
    page = client.get(f"/matches/{match_id}/").content.decode()
    assert f'name="life_{t1}"' in page
    assert "shared life (started at 30)" in page


def test_start_round_is_offered_only_when_the_round_has_ready_matches(
    make_event, org_client, organizer
):
    # given a started 4-entry event: round 1 running, the final waiting for its entries
    tid, _players = make_event(4, best_of=1)
    org_client.post(f"/api/tournaments/{tid}/start/")
    page = logged_in(organizer).get(f"/tournaments/{tid}/").content.decode()
    assert "Start round" not in page
    assert "Start Final" not in page
    # when both semi-finals are decided, then the final can be started from the page
    decide_for_seeds(org_client, tid, 1, (1, 2))
    page = logged_in(organizer).get(f"/tournaments/{tid}/").content.decode()
    assert "Start Final" in page  # the round's one name, as on the desk
    assert "Start Semifinals" not in page
    response = logged_in(organizer).post(f"/tournaments/{tid}/start-round/", {"round": "2"})
    assert response.status_code == 302
    assert match_with(org_client, tid, 2, 1)["status"] == "in_progress"


def test_time_form_takes_the_games_finished_before_time(make_event, org_client, organizer):
    # given a best-of-3 at a table where time was called with game 2 under way
    tid, players = make_event(2, best_of=3)
    org_client.post(f"/api/tournaments/{tid}/start/")
    match = match_with(org_client, tid, 1, 1)
    e1, e2 = entry_by_seed(match, 1), entry_by_seed(match, 2)
    logged_in(organizer).post(f"/matches/{match['id']}/call-time/")
    page = logged_in(players[0][0]).get(f"/matches/{match['id']}/").content.decode()
    assert "Game 2 winner (finished before time)" in page
    # when seed 1 enters that they won game 1 and lead game 2 on life
    form = {"done1": str(e1), f"life_{e1}": "8", f"life_{e2}": "2", "first_damage": ""}
    logged_in(players[0][0]).post(f"/matches/{match['id']}/time/", form)
    # then they win 2-0 on time
    row = Match.objects.get(pk=match["id"])
    assert (row.winner_id, row.decided_by) == (e1, "time")
    assert list(row.games.values_list("winner_id", flat=True)) == [e1, e1]


def test_match_page_polls_its_live_partial_while_the_event_runs(make_event, org_client):
    # given a started 2-entry event: seed 2 is on the match page
    tid, players = make_event(2, best_of=1)
    org_client.post(f"/api/tournaments/{tid}/start/")
    match = match_with(org_client, tid, 1, 1)
    e1 = entry_by_seed(match, 1)
    live = f"/matches/{match['id']}/live/"
    seed1, seed2 = logged_in(players[0][0]), logged_in(players[1][0])
    page = seed2.get(f"/matches/{match['id']}/").content.decode()
    assert f'hx-get="{live}?since=' in page
    assert "data-deadline" in page
    assert "hx-swap-oob" not in page
    # when seed 1 reports that they won, then seed 2's partial shows it with the confirm button,
    # and brings the forms and the audit trail along out of band
    seed1.post(f"/matches/{match['id']}/report/", {"game1": str(e1)})
    partial = seed2.get(live).content.decode()
    assert "<html" not in partial
    assert "Waiting for confirmation" in partial
    assert "awaiting_confirmation" not in partial  # a human label, not the stored code
    assert "Confirm result" in partial
    assert 'id="match-forms" hx-swap-oob="true"' in partial
    assert 'id="match-audit" hx-swap-oob="true"' in partial
    assert "Confirm result" not in seed1.get(live).content.decode()
    # when seed 2 confirms, then the partial shows the winner and stops polling (event over)
    seed2.post(f"/matches/{match['id']}/confirm/")
    partial = seed1.get(live).content.decode()
    assert f'id="match-winner">{players[0][0].username}<' in partial
    assert "hx-get" not in partial
    assert Client().post(live).status_code == 405


def test_live_partial_follows_time_called_and_extended(make_event, org_client, organizer):
    # given a running match a player is watching
    tid, players = make_event(2, best_of=1)
    org_client.post(f"/api/tournaments/{tid}/start/")
    match_id = match_with(org_client, tid, 1, 1)["id"]
    watcher, live = logged_in(players[1][0]), f"/matches/{match_id}/live/"
    # when the organizer calls time, then the partial says so and brings the life-total form
    logged_in(organizer).post(f"/matches/{match_id}/call-time/")
    partial = watcher.get(live).content.decode()
    assert 'id="time-called"' in partial
    assert "Time: life totals" in partial
    # when they extend it by 10 minutes, then the partial's clock counts to the new deadline
    logged_in(organizer).post(f"/matches/{match_id}/extend/", {"minutes": "10"})
    partial = watcher.get(live).content.decode()
    deadline = Match.objects.get(pk=match_id).deadline
    assert f'data-deadline="{deadline.isoformat()}"' in partial
    assert 'id="time-called"' not in partial


def test_the_empty_add_entry_form_adds_nobody(org_client, organizer):
    from tournaments.models import Entry

    tid = org_client.post("/api/tournaments/", {"name": "Open"}, format="json").json()["id"]
    response = logged_in(organizer).post(f"/tournaments/{tid}/add-entry/", {}, follow=True)
    assert "Give the player" in response.content.decode()
    assert not Entry.objects.filter(tournament_id=tid).exists()


def test_the_bracket_numbers_matches_and_names_who_fills_an_empty_slot(make_event, org_client):
    from tournaments.models import Tournament

    # given 5 entries: round 1 has one match (seeds 4 and 5) and three byes
    tid, _players = make_event(5)
    org_client.post(f"/api/tournaments/{tid}/start/")
    bracket = bracket_reads.bracket_get(tournament=Tournament.objects.get(pk=tid))
    names = [r["name"] for r in bracket["rounds"]]
    assert names == ["Quarterfinals", "Semifinals", "Final"]
    first = [m for m in bracket["rounds"][0]["matches"] if not m["is_bye"]]
    assert [m["number"] for m in first] == [1]
    # the semifinal waiting for that match says so, and the final waits for both semifinals
    semis = bracket["rounds"][1]["matches"]
    assert any("Winner of match 1" in m["waiting_for"] for m in semis)
    final = bracket["rounds"][2]["matches"][0]
    assert final["waiting_for"] == [f"Winner of match {m['number']}" for m in semis]
    page = Client().get(f"/tournaments/{tid}/").content.decode()
    assert "Winner of match 1" in page
    assert "Match 1" in page
    assert "Inprogress" not in page


def test_a_finished_or_cancelled_event_shows_no_empty_organizer_controls(org_client, organizer):
    tid = org_client.post("/api/tournaments/", {"name": "Gone"}, format="json").json()["id"]
    org_client.post(f"/api/tournaments/{tid}/cancel/")
    page = logged_in(organizer).get(f"/tournaments/{tid}/").content.decode()
    assert "Organizer controls" not in page


def test_the_bracket_can_be_embedded_elsewhere_and_marks_the_players_own_path(
    make_event, org_client
):
    tid, players = make_event(4)
    org_client.post(f"/api/tournaments/{tid}/start/")
    embed = Client().get(f"/tournaments/{tid}/embed/")
    assert embed.status_code == 200
    assert "X-Frame-Options" not in embed
    assert "frame-ancestors *" in embed["Content-Security-Policy"]
    assert "bracket-round" in embed.content.decode()
    # every other page still refuses to be framed
    page = Client().get(f"/tournaments/{tid}/")
    assert "frame-ancestors 'none'" in page["Content-Security-Policy"]
    # a signed-in player sees their own matches marked
    mine = logged_in(players[0][0]).get(f"/tournaments/{tid}/").content.decode()
    assert mine.count("my-match") == 1


def test_the_match_page_is_titled_as_the_bracket_names_it(make_event, org_client):
    from tournaments.models import Tournament

    tid, _players = make_event(5)
    org_client.post(f"/api/tournaments/{tid}/start/")
    bracket = bracket_reads.bracket_get(tournament=Tournament.objects.get(pk=tid))
    final = bracket["rounds"][-1]["matches"][0]
    page = Client().get(f"/matches/{final['id']}/").content.decode()
    assert f"<h1>Final · Match {final['number']}</h1>" in page


def test_a_result_is_entered_as_a_score(make_event, org_client, organizer):
    from tournaments.models import Match

    tid, _players = make_event(2, best_of=3)
    org_client.post(f"/api/tournaments/{tid}/start/")
    match = match_with(org_client, tid, 1, 1)
    e1, e2 = entry_by_seed(match, 1), entry_by_seed(match, 2)
    client = logged_in(organizer)
    client.post(f"/matches/{match['id']}/report/", {f"score_{e1}": "2", f"score_{e2}": "1"})
    row = Match.objects.get(pk=match["id"])
    assert (row.status, row.winner_id) == ("finished", e1)
    assert sorted(row.games.values_list("winner_id", flat=True)) == sorted([e1, e1, e2])
    bracket = client.get(f"/tournaments/{tid}/").content.decode()
    assert "2\u20131" in bracket
    # a score past the best-of is refused with a message, nothing changes
    other_tid, _ = make_event(2, best_of=3)
    org_client.post(f"/api/tournaments/{other_tid}/start/")
    other = match_with(org_client, other_tid, 1, 1)
    o1 = entry_by_seed(other, 1)
    response = client.post(f"/matches/{other['id']}/report/", {f"score_{o1}": "5"}, follow=True)
    assert "0 to 3 games" in response.content.decode()
    assert Match.objects.get(pk=other["id"]).status != "finished"


def test_the_organizer_sees_what_needs_attention_most_urgent_first(
    make_event, org_client, client_for, organizer
):
    tid, players = make_event(4, best_of=1)
    org_client.post(f"/api/tournaments/{tid}/start/")
    first, second = (match_with(org_client, tid, 1, seed) for seed in (1, 2))
    # a report waiting for confirmation, and a disputed one
    body = {"games": [{"winner": entry_by_seed(first, 1)}]}
    client_for(players[0][0]).post(f"/api/matches/{first['id']}/report/", body, format="json")
    body = {"games": [{"winner": entry_by_seed(second, 2)}]}
    client_for(players[1][0]).post(f"/api/matches/{second['id']}/report/", body, format="json")
    client_for(players[2][0]).post(f"/api/matches/{second['id']}/dispute/")
    page = logged_in(organizer).get(f"/tournaments/{tid}/").content.decode()
    assert "Needs attention (2)" in page
    assert page.index("Disputed: decide the winner") < page.index("Waiting for the opponent")
    # players do not get the organizer's queue
    assert (
        "Needs attention"
        not in logged_in(players[0][0]).get(f"/tournaments/{tid}/").content.decode()
    )


def test_formats_read_as_words_and_the_site_has_a_favicon(org_client):
    tid = org_client.post("/api/tournaments/", {"name": "Words"}, format="json").json()["id"]
    page = Client().get(f"/tournaments/{tid}/").content.decode()
    assert "Off the top" in page
    assert "off-the-top" not in page
    assert 'rel="icon"' in page
