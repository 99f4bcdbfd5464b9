"""Who sees which page of the demo: the organizer, a player, a visitor, and the card pages'
drafters and organizer."""

from __future__ import annotations


def card_views(ids: dict) -> dict:
    """Who sees which of issue 15's pages."""
    games = {f"game-{slug}": f"/games/{pk}/" for slug, pk in ids["games"].items()}
    return {
        "drafter": (
            "player1",
            {
                "draft-room": f"/drafts/{ids['running_draft']}/",
                "pool": f"/pools/{ids['pool']}/",
                "builder-pool": f"/decks/new/?pool={ids['pool']}",
                "builder-combat": "/decks/new/?game=combat&format=constructed",
                "builder-deck": f"/decks/{ids['deck']}/",
                "my-decks": "/decks/",
                "lobby": "/games/lobby/",
                "home-with-challenge": "/",
                **games,
            },
        ),
        "finished-drafter": ("player2", {"draft-ready-to-build": f"/drafts/{ids['done_draft']}/"}),
        "draft-organizer": ("orla", {"pod": f"/drafts/{ids['running_draft']}/pod/"}),
        "cards": (
            None,
            {
                f"cards-{slug}": f"/cards/?game={slug}"
                for slug in ("kingdom-combat", "conventional-combat", "rune-duel", "combat")
            },
        ),
    }


def venue_views(ids: dict) -> dict:
    """Issue 36's pages for the room: the desk as a page, the projector view, the printouts
    (each also printed to PDF on A4 and Letter by `print_copies`)."""
    event, swiss = ids["event"], ids["swiss"]
    return {
        "desk": f"/tournaments/{event}/desk/",
        "display-swiss": f"/tournaments/{swiss}/display/",
        "display-elimination": f"/tournaments/{event}/display/",
        "print-pairings": f"/tournaments/{swiss}/print/pairings/",
        "print-pairings-by-name": f"/tournaments/{swiss}/print/pairings/?by=name",
        "print-slips": f"/tournaments/{event}/print/slips/",
        "print-standings": f"/tournaments/{swiss}/print/standings/",
        "print-decklists": f"/tournaments/{ids.get('constructed_event', event)}/print/decklists/",
        "print-seating": f"/tournaments/{ids.get('draft_event', event)}/print/seating/",
        "display-top-cut": f"/tournaments/{ids['cut']}/display/",
        "print-pairings-top-cut": f"/tournaments/{ids['cut']}/print/pairings/",
        "print-slips-top-cut": f"/tournaments/{ids['cut']}/print/slips/",
    }


def all_views(ids: dict) -> dict:
    """Each viewer's username (None: a visitor) and the pages they look at, by name."""
    event, match = ids["event"], ids["matches"]
    views: dict = {
        "organizer": (
            "orla",
            {
                "event-running": f"/tournaments/{event}/",
                "event-registration": f"/tournaments/{ids['registering']}/",
                "match-finished": f"/matches/{match[0]}/",
                "match-disputed": f"/matches/{match[2]}/",
                "match-time-called": f"/matches/{match[3]}/",
                "standings": f"/tournaments/{event}/standings/",
                "getting-started": "/getting-started/",
                "event-pods": f"/tournaments/{ids['pods']}/",
                "swiss-event": f"/tournaments/{ids['swiss']}/",
                "swiss-round": f"/tournaments/{ids['swiss']}/rounds/2/",
                "swiss-standings": f"/tournaments/{ids['swiss']}/standings/",
                "swiss-standings-after-round-1": f"/tournaments/{ids['swiss']}/standings/?round=1",
                "league": f"/leagues/{ids['league']}/",
                "league-edit": f"/leagues/{ids['league']}/edit/",
                "leagues": "/leagues/",
                "double-elimination": f"/tournaments/{ids['double']}/",
                "desk-reset": f"/tournaments/{event}/desk-reset/",
                **venue_views(ids),
            },
        ),
        "player": (
            ids["player"],
            {
                "match-reported": f"/matches/{match[1]}/",
                "home": "/",
                "event": f"/tournaments/{event}/",
                "swiss-event": f"/tournaments/{ids['swiss']}/",
                "player-page": "/players/player1/",
                "player-history": "/players/player1/history/",
                "league": f"/leagues/{ids['league']}/",
                "account": "/account/",
                "password-change": "/account/password/",
                "account-close": "/account/close/",
            },
        ),
        "visitor": (
            None,
            {
                "event": f"/tournaments/{event}/",
                "login": "/login/",
                "password-reset": "/password-reset/",
                "password-reset-sent": "/password-reset/sent/",
            },
        ),
    }
    views.update(card_views(ids))
    return views
