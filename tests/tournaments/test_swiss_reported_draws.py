"""Players report a drawn Swiss match (tournaments/RULINGS.md S12, S13): the opponent confirms it
like any report, it counts one match point each with the games as reported, the ratings read it
as a shared place, and it is refused (400, match unchanged) in elimination and in the top cut."""

import pytest
from django.test import Client

from ratings import tasks as rating_tasks
from ratings.models import Rating
from tournaments.models import Match, MatchReport
from tournaments.reads.bracket import EN_DASH

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def game(winner) -> dict:
    return {"winner": winner, "life": {}, "first_damage": None}


def rows_by_entry(client, tid) -> dict[int, dict]:
    rows = client.get(f"/api/tournaments/{tid}/standings/").json()["results"]
    return {row["entry"]["id"]: row for row in rows}


def rounds_of(client, tid) -> list[dict]:
    return client.get(f"/api/tournaments/{tid}/bracket/").json()["rounds"]


def first_match(client, tid, round_index: int = 0) -> dict:
    return next(m for m in rounds_of(client, tid)[round_index]["matches"] if not m["is_bye"])


def started_swiss(make_event, org_client, n: int = 2, **settings):
    tid, players = make_event(n, structure="swiss", **settings)
    assert org_client.post(f"/api/tournaments/{tid}/start/").status_code == 200
    match = first_match(org_client, tid)
    users = {entry_id: user for user, entry_id in players}
    a, b = (e["id"] for e in match["entries"])
    return tid, match["id"], users, a, b


def test_a_reported_draw_is_confirmed_by_the_opponent_and_counts_a_point_each(
    make_event, org_client, client_for
):
    # given a best-of-3 Swiss match under way
    tid, mid, users, a, b = started_swiss(make_event, org_client, best_of=3)
    # when a reports a 1-1 draw with a drawn third game
    body = {"games": [game(a), game(b), game(None)], "draw": True}
    response = client_for(users[a]).post(f"/api/matches/{mid}/report/", body, format="json")
    # then it waits for b's confirmation like any report, and nothing counts yet
    assert response.status_code == 200, response.json()
    assert response.json()["status"] == "awaiting_confirmation"
    assert response.json()["pending_report"]["draw"] is True
    assert rows_by_entry(org_client, tid)[a]["match_points"] == 0
    # and the reporter cannot confirm their own report
    own = client_for(users[a]).post(f"/api/matches/{mid}/confirm/")
    assert (own.status_code, own.json()["code"]) == (400, "own_report")
    # when b confirms
    response = client_for(users[b]).post(f"/api/matches/{mid}/confirm/")
    assert response.status_code == 200, response.json()
    body = response.json()
    # then the match is a draw: no winner, one match point each, the games as reported
    assert (body["status"], body["winner"], body["decided_by"]) == ("finished", None, "draw")
    assert [g["winner"] for g in body["games"]] == [a, b, None]
    rows = rows_by_entry(org_client, tid)
    for entry in (a, b):
        assert rows[entry]["match_points"] == 1
        assert rows[entry]["match_draws"] == 1
        assert (rows[entry]["game_wins"], rows[entry]["game_losses"]) == (1, 1)
    # (1 win + 1 drawn game: 3 + 1 of 9 game points)
    assert rows[a]["game_win_percent"] == pytest.approx(100 * 4 / 9, abs=0.01)
    assert MatchReport.objects.get(match_id=mid).status == "confirmed"
    # and the ratings read it as a shared place (ratings ruling R4)
    assert rating_tasks.match_rate(mid) is True
    mus = sorted(round(r.mu, 6) for r in Rating.objects.filter(user__in=users.values()))
    assert len(mus) == 2
    assert mus[0] == mus[1]


def test_an_intentional_draw_has_no_games_and_a_dispute_goes_to_the_organizer(
    make_event, org_client, client_for
):
    tid, mid, users, a, b = started_swiss(make_event, org_client, best_of=3)
    # when b reports an intentional draw (no games) and a disputes it
    response = client_for(users[b]).post(
        f"/api/matches/{mid}/report/", {"games": [], "draw": True}, format="json"
    )
    assert response.status_code == 200, response.json()
    assert client_for(users[a]).post(f"/api/matches/{mid}/dispute/").status_code == 200
    assert Match.objects.get(pk=mid).status == "disputed"
    # then the organizer decides (here: the draw after all)
    response = org_client.post(f"/api/matches/{mid}/decide/", {"draw": True}, format="json")
    assert response.status_code == 200, response.json()
    # when reported again and confirmed, a 0-0 draw counts a point each and no game
    tid, mid, users, a, b = started_swiss(make_event, org_client, best_of=3)
    client_for(users[b]).post(
        f"/api/matches/{mid}/report/", {"games": [], "draw": True}, format="json"
    )
    response = client_for(users[a]).post(f"/api/matches/{mid}/confirm/")
    assert (response.json()["decided_by"], response.json()["games"]) == ("draw", [])
    rows = rows_by_entry(org_client, tid)
    assert (rows[a]["match_points"], rows[a]["game_wins"], rows[a]["game_losses"]) == (1, 0, 0)


@pytest.mark.parametrize(
    ("games", "draw", "code"),
    [
        # a score that is not level: the leader won the match (ruling 6)
        (lambda a, b: [game(a), game(b), game(a)], True, "invalid_result"),
        (lambda a, b: [game(a)], True, "invalid_result"),
        (lambda a, b: [game(a), game(None)], True, "invalid_result"),
        # a drawn game in a report that names a winner
        (lambda a, b: [game(a), game(None), game(a)], False, "invalid_result"),
        # a stranger's game win
        (lambda a, b: [game(a), game(999_999)], True, "invalid_result"),
        # no games and no draw
        (lambda a, b: [], False, "invalid"),
    ],
)
def test_a_bad_draw_report_is_a_400_and_changes_nothing(
    make_event, org_client, client_for, games, draw, code
):
    _tid, mid, users, a, b = started_swiss(make_event, org_client, best_of=3)
    body = {"games": games(a, b), "draw": draw}
    response = client_for(users[a]).post(f"/api/matches/{mid}/report/", body, format="json")
    assert response.status_code == 400, response.json()
    assert response.json()["code"] == code
    assert response.json()["detail"]
    assert Match.objects.get(pk=mid).status in ("ready", "in_progress")
    assert not MatchReport.objects.filter(match_id=mid).exists()


def test_a_draw_report_is_refused_in_elimination_and_for_outsiders(
    make_event, org_client, client_for, make_user
):
    # given a single-elimination match under way
    tid, players = make_event(2, best_of=3)
    org_client.post(f"/api/tournaments/{tid}/start/")
    match = first_match(org_client, tid)
    a, b = (e["id"] for e in match["entries"])
    users = {entry_id: user for user, entry_id in players}
    body = {"games": [game(a), game(b)], "draw": True}
    # when a player reports a draw, or the organizer enters one, then it is a 400 that says why
    for client in (client_for(users[a]), org_client):
        response = client.post(f"/api/matches/{match['id']}/report/", body, format="json")
        assert response.status_code == 400, response.json()
        assert response.json()["code"] == "no_draws_here"
        assert "Swiss" in response.json()["detail"]
    assert Match.objects.get(pk=match["id"]).status in ("ready", "in_progress")
    assert not MatchReport.objects.filter(match_id=match["id"]).exists()
    # and in a Swiss match somebody outside it cannot report a draw
    _tid, mid, _users, a, b = started_swiss(make_event, org_client, best_of=3)
    stranger = client_for(make_user())
    response = stranger.post(
        f"/api/matches/{mid}/report/", {"games": [game(a), game(b)], "draw": True}, format="json"
    )
    assert response.status_code == 403
    assert Client().post(f"/api/matches/{mid}/report/", {"draw": True}).status_code in (401, 403)


def test_a_draw_report_is_refused_in_the_top_cut(make_event, org_client, client_for):
    # given a 4-entry Swiss event of one round with a top 2, round 1 played
    tid, players = make_event(4, best_of=1, structure="swiss", swiss_rounds=1, top_cut=2)
    users = {entry_id: user for user, entry_id in players}
    org_client.post(f"/api/tournaments/{tid}/start/")
    for match in rounds_of(org_client, tid)[0]["matches"]:
        winner = min(e["id"] for e in match["entries"])
        response = org_client.post(
            f"/api/matches/{match['id']}/decide/", {"winner": winner}, format="json"
        )
        assert response.status_code == 200, response.json()
    final = rounds_of(org_client, tid)[1]
    assert final["stage"] == "bracket"
    match = final["matches"][0]
    org_client.post(f"/api/tournaments/{tid}/rounds/2/start/")
    a, _b = (e["id"] for e in match["entries"])
    # when a finalist reports a drawn game as a draw, then 400, and the final is unchanged
    response = client_for(users[a]).post(
        f"/api/matches/{match['id']}/report/", {"games": [game(None)], "draw": True}, format="json"
    )
    assert (response.status_code, response.json()["code"]) == (400, "no_draws_here")
    assert not MatchReport.objects.filter(match_id=match["id"]).exists()
    # and the page offers no draw there
    page = Client()
    page.force_login(users[a])
    html = page.get(f"/matches/{match['id']}/").content.decode()
    assert 'name="draw"' not in html
    assert 'value="drawn"' not in html


def test_the_organizer_enters_a_draw_on_the_report_form_final_at_once(make_event, org_client):
    tid, mid, _users, a, b = started_swiss(make_event, org_client, best_of=3)
    body = {"games": [game(b), game(a)], "draw": True}
    response = org_client.post(f"/api/matches/{mid}/report/", body, format="json")
    assert response.status_code == 200, response.json()
    assert (response.json()["status"], response.json()["decided_by"]) == ("finished", "draw")
    # and corrects it to a win, then back to a draw: the standings follow
    win = {"games": [game(b), game(a), game(a)]}
    assert org_client.post(f"/api/matches/{mid}/report/", win, format="json").status_code == 200
    assert rows_by_entry(org_client, tid)[a]["match_points"] == 3
    assert org_client.post(f"/api/matches/{mid}/report/", body, format="json").status_code == 200
    rows = rows_by_entry(org_client, tid)
    assert (rows[a]["match_points"], rows[b]["match_points"]) == (1, 1)


def test_the_match_page_offers_players_a_draw_in_swiss_only(make_event, org_client, client_for):
    # given a player in a Swiss match and a player in an elimination match
    _tid, mid, users, a, b = started_swiss(make_event, org_client, best_of=3)
    plain_id, plain_players = make_event(2, best_of=3)
    org_client.post(f"/api/tournaments/{plain_id}/start/")
    plain = first_match(org_client, plain_id)
    swiss_page, plain_page = Client(), Client()
    swiss_page.force_login(users[a])
    plain_page.force_login(plain_players[0][0])
    # then only the Swiss match's report form has the draw box and the drawn-game choice
    html = swiss_page.get(f"/matches/{mid}/").content.decode()
    assert 'name="draw"' in html
    assert 'value="drawn"' in html
    html = plain_page.get(f"/matches/{plain['id']}/").content.decode()
    assert 'name="draw"' not in html
    assert 'value="drawn"' not in html
    # when the player reports 1-1 as a draw on the form
    response = swiss_page.post(
        f"/matches/{mid}/report/", {f"score_{a}": "1", f"score_{b}": "1", "draw": "1"}, follow=True
    )
    assert "Result reported." in response.content.decode()
    # then the opponent sees the reported draw and confirms it on the page
    other = Client()
    other.force_login(users[b])
    html = other.get(f"/matches/{mid}/").content.decode()
    assert f"a draw 1{EN_DASH}1" in html
    response = other.post(f"/matches/{mid}/confirm/", follow=True)
    assert "a draw" in response.content.decode()
    assert Match.objects.get(pk=mid).decided_by == "draw"
    # and a form draw in elimination is refused with the reason
    response = plain_page.post(
        f"/matches/{plain['id']}/report/",
        {f"score_{e['id']}": "1" for e in plain["entries"]} | {"draw": "1"},
        follow=True,
    )
    assert "Only a Swiss round" in response.content.decode()
    assert Match.objects.get(pk=plain["id"]).status in ("ready", "in_progress")
