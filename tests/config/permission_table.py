"""The table of the permission matrix (tests/config/test_permission_matrix.py): every write
of the API and every HTML form action, with the roles allowed to make it. Each row's `url` and
`body` read the objects of the matrix's World (its attributes: users, events, drafts, games)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from datetime import timedelta
from typing import Any

from django.utils.timezone import localdate

ROLES = ("anonymous", "player", "other", "organizer", "other_organizer", "staff")
EVERYONE = frozenset(ROLES)
SIGNED_IN = EVERYONE - {"anonymous"}
ORGANIZER = frozenset({"organizer", "staff"})
PLAYER_OR_ORGANIZER = frozenset({"player", "organizer", "staff"})
PLAYER = frozenset({"player"})
OWNER_OR_STAFF = frozenset({"player", "staff"})
STAFF = frozenset({"staff"})


@dataclasses.dataclass(frozen=True)
class Write:
    method: str
    path: str  # the schema's path, or for a form "/<url name>/<action>"
    url: Callable[[Any], str]
    allowed: frozenset
    body: Callable[[Any], dict] = lambda w: {}
    form: bool = False

    @property
    def key(self) -> str:
        return f"{self.method} {self.path}"


def api(method, path, url, allowed, body=lambda w: {}) -> Write:
    return Write(method, path, url, allowed, body)


def form(name, url, allowed, body=lambda w: {}) -> Write:
    return Write("POST", name, url, allowed, body, form=True)


M = "/api/matches/{id}"
T = "/api/tournaments/{id}"
D = "/api/drafts/{id}"
KC_DECK = {"game": "kingdom-combat", "format": "constructed", "name": "New", "text": "AS"}

WRITES = [
    # accounts
    api("POST", "/api/auth/register/", lambda w: "/api/auth/register/", EVERYONE,
        lambda w: {"username": "newcomer", "password": "correct horse battery"}),
    api("POST", "/api/auth/token/", lambda w: "/api/auth/token/", EVERYONE,
        lambda w: {"username": "player", "password": "wrong"}),
    api("POST", "/api/auth/logout/", lambda w: "/api/auth/logout/", SIGNED_IN),
    api("POST", "/api/auth/logout-all/", lambda w: "/api/auth/logout-all/", SIGNED_IN),
    # card sets and decks
    api("POST", "/api/card-sets/import/", lambda w: "/api/card-sets/import/", SIGNED_IN,
        lambda w: {"game": "combat", "code": "NEW", "name": "N", "format": "json",
                   "content": "{\"cards\": []}"}),
    api("POST", "/api/card-sets/{id}/publish/", lambda w: f"/api/card-sets/{w.card_set}/publish/",
        STAFF),
    api("POST", "/api/decks/", lambda w: "/api/decks/", SIGNED_IN, lambda w: KC_DECK),
    api("PUT", "/api/decks/{id}/", lambda w: f"/api/decks/{w.deck}/", PLAYER,
        lambda w: {"name": "Renamed"}),
    api("DELETE", "/api/decks/{id}/", lambda w: f"/api/decks/{w.deck}/", PLAYER),
    api("POST", "/api/decks/validate/", lambda w: "/api/decks/validate/", EVERYONE,
        lambda w: KC_DECK),
    # drafts
    api("POST", "/api/drafts/", lambda w: "/api/drafts/", SIGNED_IN,
        lambda w: {"game": "combat", "seats": 2, "bots": 1, "pick_timer": "off"}),
    api("POST", f"{D}/join/", lambda w: f"/api/drafts/{w.open_draft}/join/", SIGNED_IN),
    api("POST", f"{D}/start/", lambda w: f"/api/drafts/{w.open_draft}/start/", ORGANIZER),
    api("POST", f"{D}/pause/", lambda w: f"/api/drafts/{w.draft}/pause/", ORGANIZER),
    api("POST", f"{D}/resume/", lambda w: f"/api/drafts/{w.draft}/resume/", ORGANIZER),
    api("POST", f"{D}/seats/{{index}}/replace-with-bot/",
        lambda w: f"/api/drafts/{w.draft}/seats/0/replace-with-bot/", ORGANIZER),
    api("POST", f"{D}/picks/", lambda w: f"/api/drafts/{w.draft}/picks/", PLAYER,
        lambda w: {"pack": 1, "pick_number": 1, "card": 1}),
    api("POST", f"{D}/winston/", lambda w: f"/api/drafts/{w.turn_drafts['winston']}/winston/",
        PLAYER, lambda w: {"action": "take", "turn": 0}),
    api("POST", f"{D}/grid/", lambda w: f"/api/drafts/{w.turn_drafts['grid']}/grid/", PLAYER,
        lambda w: {"line": "row-1", "turn": 0}),
    api("POST", f"{D}/rochester/",
        lambda w: f"/api/drafts/{w.turn_drafts['rochester']}/rochester/", PLAYER,
        lambda w: {"card": 1, "turn": 0}),
    # games
    api("POST", "/api/games/", lambda w: "/api/games/", SIGNED_IN,
        lambda w: {"ruleset": "combat", "seats": [{"bot": "random"}, {"bot": "random"}]}),
    api("POST", "/api/games/{id}/rematch/", lambda w: f"/api/games/{w.finished_game}/rematch/",
        PLAYER),
    api("POST", "/api/games/{id}/actions/", lambda w: f"/api/games/{w.game}/actions/", PLAYER,
        lambda w: {"action": {"type": "nothing"}, "version": 0}),
    api("POST", "/api/invites/", lambda w: "/api/invites/", SIGNED_IN,
        lambda w: {"ruleset": "combat"}),
    api("POST", "/api/invites/{id}/accept/", lambda w: f"/api/invites/{w.challenge}/accept/",
        PLAYER),
    api("POST", "/api/invites/{id}/decline/", lambda w: f"/api/invites/{w.challenge}/decline/",
        PLAYER),
    api("POST", "/api/invites/{id}/cancel/", lambda w: f"/api/invites/{w.my_challenge}/cancel/",
        PLAYER),
    # leagues
    api("POST", "/api/leagues/", lambda w: "/api/leagues/", SIGNED_IN, lambda w: {"name": "Mine"}),
    api("PATCH", "/api/leagues/{id}/", lambda w: f"/api/leagues/{w.league}/", ORGANIZER,
        lambda w: {"name": "Renamed", "points_per_win": 2}),
    api("POST", "/api/leagues/{id}/next-season/", lambda w: f"/api/leagues/{w.league}/next-season/",
        ORGANIZER, lambda w: {"name": "Next", "starts_on": str(localdate() + timedelta(30))}),
    api("POST", "/api/leagues/{id}/events/", lambda w: f"/api/leagues/{w.league}/events/",
        ORGANIZER, lambda w: {"tournament": w.running.pk}),
    api("DELETE", "/api/leagues/{id}/events/{tournament_id}/",
        lambda w: f"/api/leagues/{w.league}/events/{w.draft_event.pk}/", ORGANIZER),
    # matches
    api("POST", f"{M}/report/", lambda w: f"/api/matches/{w.match}/report/", PLAYER_OR_ORGANIZER,
        lambda w: {"games": [{"winner": 0}]}),
    api("POST", f"{M}/confirm/", lambda w: f"/api/matches/{w.match}/confirm/",
        PLAYER_OR_ORGANIZER),
    api("POST", f"{M}/dispute/", lambda w: f"/api/matches/{w.match}/dispute/", PLAYER),
    api("POST", f"{M}/start/", lambda w: f"/api/matches/{w.match}/start/", PLAYER_OR_ORGANIZER),
    api("POST", f"{M}/time/", lambda w: f"/api/matches/{w.match}/time/", PLAYER_OR_ORGANIZER,
        lambda w: {"life": {}}),
    api("POST", f"{M}/games/", lambda w: f"/api/matches/{w.match}/games/", PLAYER_OR_ORGANIZER),
    api("POST", f"{M}/call-time/", lambda w: f"/api/matches/{w.match}/call-time/", ORGANIZER),
    api("POST", f"{M}/decide/", lambda w: f"/api/matches/{w.match}/decide/", ORGANIZER,
        lambda w: {"winner": 0}),
    api("POST", f"{M}/extend/", lambda w: f"/api/matches/{w.match}/extend/", ORGANIZER,
        lambda w: {"minutes": 5}),
    api("POST", f"{M}/forfeit/", lambda w: f"/api/matches/{w.match}/forfeit/", ORGANIZER,
        lambda w: {"entry": 0}),
    # tournaments
    api("POST", "/api/tournaments/", lambda w: "/api/tournaments/", SIGNED_IN,
        lambda w: {"name": "Mine"}),
    api("POST", f"{T}/entries/", lambda w: f"/api/tournaments/{w.registering.pk}/entries/",
        SIGNED_IN),
    api("POST", f"{T}/entries/{{entry_id}}/deck/",
        lambda w: f"/api/tournaments/{w.registering.pk}/entries/{w.entry}/deck/",
        PLAYER_OR_ORGANIZER, lambda w: {"deck": w.deck}),
    api("PATCH", f"{T}/entries/{{entry_id}}/",
        lambda w: f"/api/tournaments/{w.registering.pk}/entries/{w.entry}/", ORGANIZER,
        lambda w: {"seed": 5}),
    api("DELETE", f"{T}/entries/{{entry_id}}/",
        lambda w: f"/api/tournaments/{w.registering.pk}/entries/{w.entry}/",
        PLAYER_OR_ORGANIZER),
    api("POST", f"{T}/entries/paste/",
        lambda w: f"/api/tournaments/{w.registering.pk}/entries/paste/", ORGANIZER,
        lambda w: {"text": "Guest One\nGuest Two, 7"}),
    api("POST", f"{T}/entries/{{entry_id}}/check-in/",
        lambda w: f"/api/tournaments/{w.registering.pk}/entries/{w.entry}/check-in/",
        PLAYER_OR_ORGANIZER),
    api("POST", f"{T}/entries/drop-unchecked/",
        lambda w: f"/api/tournaments/{w.registering.pk}/entries/drop-unchecked/", ORGANIZER),
    api("POST", f"{T}/entries/order/",
        lambda w: f"/api/tournaments/{w.registering.pk}/entries/order/", ORGANIZER,
        lambda w: {"entries": [w.entry]}),
    api("POST", f"{T}/entries/{{entry_id}}/drop/",
        lambda w: f"/api/tournaments/{w.registering.pk}/entries/{w.entry}/drop/",
        PLAYER_OR_ORGANIZER),
    api("POST", f"{T}/start/", lambda w: f"/api/tournaments/{w.registering.pk}/start/",
        ORGANIZER),
    api("PUT", f"{T}/", lambda w: f"/api/tournaments/{w.registering.pk}/", ORGANIZER,
        lambda w: {"name": "Renamed", "venue_name": "The club"}),
    api("POST", f"{T}/entries/bulk/",
        lambda w: f"/api/tournaments/{w.registering.pk}/entries/bulk/", ORGANIZER,
        lambda w: {"action": "check-in", "entries": [w.entry]}),
    api("POST", f"{T}/cancel/", lambda w: f"/api/tournaments/{w.registering.pk}/cancel/",
        ORGANIZER),
    api("POST", f"{T}/rounds/{{number}}/call-time/",
        lambda w: f"/api/tournaments/{w.running.pk}/rounds/1/call-time/", ORGANIZER),
    api("POST", f"{T}/rounds/{{number}}/extend/",
        lambda w: f"/api/tournaments/{w.running.pk}/rounds/1/extend/", ORGANIZER,
        lambda w: {"minutes": 5}),
    api("POST", f"{T}/rounds/{{number}}/start/",
        lambda w: f"/api/tournaments/{w.running.pk}/rounds/1/start/", ORGANIZER),
    api("PUT", f"{T}/card-sets/", lambda w: f"/api/tournaments/{w.registering.pk}/card-sets/",
        ORGANIZER, lambda w: {"card_sets": []}),
    api("PUT", f"{T}/deck-rules/", lambda w: f"/api/tournaments/{w.registering.pk}/deck-rules/",
        ORGANIZER, lambda w: {"options": {}}),
    api("POST", f"{T}/drafts/", lambda w: f"/api/tournaments/{w.draft_event.pk}/drafts/",
        ORGANIZER),
    api("POST", f"{T}/sealed-pools/",
        lambda w: f"/api/tournaments/{w.sealed_event.pk}/sealed-pools/", ORGANIZER),
    # HTML forms
    form("/login/", lambda w: "/login/", EVERYONE,
         lambda w: {"username": "player", "password": "wrong"}),
    form("/signup/", lambda w: "/signup/", EVERYONE,
         lambda w: {"username": "x", "password": "short"}),
    form("/logout/", lambda w: "/logout/", EVERYONE),
    form("/account/", lambda w: "/account/", SIGNED_IN, lambda w: {"email": ""}),
    form("/account-logout-everywhere/", lambda w: "/account/logout-everywhere/", SIGNED_IN),
    form("/account-close/", lambda w: "/account/close/", SIGNED_IN,
         lambda w: {"password": "wrong"}),
    form("/password-change/", lambda w: "/account/password/", SIGNED_IN,
         lambda w: {"old_password": "wrong", "new_password1": "x", "new_password2": "x"}),
    form("/password-reset/", lambda w: "/password-reset/", EVERYONE,
         lambda w: {"email": "nobody@example.org"}),
    form("/password-reset-confirm/", lambda w: "/password-reset/MQ/bad-token/", EVERYONE,
         lambda w: {"new_password1": "x", "new_password2": "x"}),
    form("/password-reset-desk/", lambda w: "/password-reset/desk/MQ/bad-token/", EVERYONE,
         lambda w: {"new_password1": "x", "new_password2": "x"}),
    form("/tournaments:desk-reset-make/",
         lambda w: f"/tournaments/{w.registering.pk}/desk-reset/{w.users['player'].pk}/",
         ORGANIZER),
    form("/notifications-read/", lambda w: "/notifications/read/", SIGNED_IN),
    form("/tournaments:new/", lambda w: "/tournaments/new/", SIGNED_IN,
         lambda w: {"name": "Mine", "game": "combat"}),
    *(
        form(f"/tournaments:action/{action}", (lambda a: lambda w:
             f"/tournaments/{w.registering.pk}/{a}/")(action), allowed, lambda w: {})
        for action, allowed in (("join", SIGNED_IN), ("add-entry", ORGANIZER),
                                ("start", ORGANIZER), ("cancel", ORGANIZER))
    ),
    form("/tournaments:action/paste-entries",
         lambda w: f"/tournaments/{w.registering.pk}/paste-entries/", ORGANIZER,
         lambda w: {"text": "Guest One"}),
    *(
        form(f"/tournaments:action/{action}", (lambda a: lambda w:
             f"/tournaments/{w.registering.pk}/{a}/")(action), allowed,
             (lambda b: lambda w: {"entry": str(w.entry), **b})(body))
        for action, allowed, body in (
            ("rename-entry", ORGANIZER, {"name": "Renamed"}),
            ("seed-entry", ORGANIZER, {"seed": "5"}),
            ("remove-entry", PLAYER_OR_ORGANIZER, {}),
            ("check-in", PLAYER_OR_ORGANIZER, {}),
            ("undo-check-in", PLAYER_OR_ORGANIZER, {}),
        )
    ),
    form("/tournaments:action/seed-order",
         lambda w: f"/tournaments/{w.registering.pk}/seed-order/", ORGANIZER,
         lambda w: {"order": [str(w.entry)]}),
    form("/tournaments:action/entries-bulk",
         lambda w: f"/tournaments/{w.registering.pk}/entries-bulk/", ORGANIZER,
         lambda w: {"bulk_action": "check-in", "entry_ids": [str(w.entry)]}),
    form("/tournaments:edit/", lambda w: f"/tournaments/{w.registering.pk}/edit/", ORGANIZER,
         lambda w: {"name": "Renamed", "time_zone": "UTC", "visibility": "public"}),
    form("/tournaments:action/drop-unchecked",
         lambda w: f"/tournaments/{w.registering.pk}/drop-unchecked/", ORGANIZER),
    form("/tournaments:action/round-call-time",
         lambda w: f"/tournaments/{w.running.pk}/round-call-time/", ORGANIZER,
         lambda w: {"round": "1"}),
    form("/tournaments:action/round-extend",
         lambda w: f"/tournaments/{w.running.pk}/round-extend/", ORGANIZER,
         lambda w: {"round": "1", "minutes": "5"}),
    form("/tournaments:action/start-round", lambda w: f"/tournaments/{w.running.pk}/start-round/",
         ORGANIZER, lambda w: {"round": "1"}),
    form("/tournaments:action/drop", lambda w: f"/tournaments/{w.registering.pk}/drop/",
         PLAYER_OR_ORGANIZER, lambda w: {"entry": str(w.entry)}),
    *(
        form(f"/tournaments:match-action/{action}", (lambda a: lambda w:
             f"/matches/{w.match}/{a}/")(action), allowed, lambda w: {})
        for action, allowed in (
            ("report", PLAYER_OR_ORGANIZER), ("confirm", PLAYER_OR_ORGANIZER),
            ("dispute", PLAYER), ("start", PLAYER_OR_ORGANIZER),
            ("time", PLAYER_OR_ORGANIZER), ("call-time", ORGANIZER), ("decide", ORGANIZER),
            ("extend", ORGANIZER), ("forfeit", ORGANIZER),
        )
    ),
    form("/drafting:join/", lambda w: f"/drafts/{w.open_draft}/join/", SIGNED_IN),
    *(
        form(f"/drafting:{name}/", (lambda k: lambda w: f"/drafts/{w.turn_drafts[k]}/{k}/")(kind),
             PLAYER, (lambda b: lambda w: b)(body))
        for name, kind, body in (
            ("winston-move", "winston", {"action": "take", "turn": "0"}),
            ("grid-move", "grid", {"line": "row-1", "turn": "0"}),
            ("rochester-pick", "rochester", {"card": "1", "turn": "0"}),
        )
    ),
    form("/drafting:pick/", lambda w: f"/drafts/{w.draft}/pick/", PLAYER,
         lambda w: {"pack": "0", "pick_number": "1", "card": "0"}),
    *(
        form(f"/drafting:action/{action}", (lambda a: lambda w:
             f"/drafts/{w.draft}/{a}/")(action), ORGANIZER)
        for action in ("start", "pause", "resume")
    ),
    form("/drafting:replace-with-bot/", lambda w: f"/drafts/{w.draft}/seats/0/replace-with-bot/",
         ORGANIZER),
    form("/drafting:tournament-pods/", lambda w: f"/tournaments/{w.draft_event.pk}/draft/pods/",
         ORGANIZER),
    form("/drafting:tournament-pools/",
         lambda w: f"/tournaments/{w.sealed_event.pk}/sealed/pools/", ORGANIZER),
    form("/drafting:pool-register/", lambda w: f"/pools/{w.pool}/register/",
         PLAYER_OR_ORGANIZER - {"staff"}, lambda w: {"deck": str(w.deck)}),
    form("/gameplay:new/", lambda w: "/games/new/", SIGNED_IN,
         lambda w: {"ruleset": "combat", "opponent": "random"}),
    form("/gameplay:act/", lambda w: f"/games/{w.game}/act/", PLAYER,
         lambda w: {"action": '{"type": "nothing"}', "version": "0"}),
    form("/gameplay:rematch/", lambda w: f"/games/{w.finished_game}/rematch/", PLAYER),
    form("/gameplay:invite-new/", lambda w: "/games/lobby/offer/", SIGNED_IN,
         lambda w: {"ruleset": "combat", "opponent": "rival"}),
    form("/gameplay:invite-accept/", lambda w: f"/games/invites/{w.challenge}/accept/", PLAYER),
    form("/gameplay:invite-decline/", lambda w: f"/games/invites/{w.challenge}/decline/", PLAYER),
    form("/gameplay:invite-cancel/", lambda w: f"/games/invites/{w.my_challenge}/cancel/", PLAYER),
    form("/gameplay:match-start/", lambda w: f"/games/match/{w.match}/start/",
         PLAYER_OR_ORGANIZER),
    form("/leagues:new/", lambda w: "/leagues/new/", SIGNED_IN, lambda w: {"name": "Mine"}),
    form("/leagues:action/add-event", lambda w: f"/leagues/{w.league}/add-event/", ORGANIZER,
         lambda w: {"tournament": str(w.running.pk)}),
    form("/leagues:edit/", lambda w: f"/leagues/{w.league}/edit/", ORGANIZER,
         lambda w: {"name": "Renamed", "score_by": "placement", "placement_points": "5, 3",
                    "points_per_win": "3", "starts_on": str(localdate())}),
    form("/leagues:action/next-season", lambda w: f"/leagues/{w.league}/next-season/", ORGANIZER,
         lambda w: {"name": "Next", "starts_on": str(localdate() + timedelta(30))}),
    form("/leagues:action/remove-event", lambda w: f"/leagues/{w.league}/remove-event/",
         ORGANIZER, lambda w: {"tournament": str(w.draft_event.pk)}),
    form("/decks:new/", lambda w: "/decks/new/", SIGNED_IN,
         lambda w: {"name": "New", "game": "combat", "format": "constructed", "text": "AS"}),
    form("/decks:edit/", lambda w: f"/decks/{w.deck}/", PLAYER,
         lambda w: {"name": "Renamed", "game": "kingdom-combat", "format": "constructed",
                    "text": ""}),
    form("/decks:check/", lambda w: "/decks/check/", EVERYONE,
         lambda w: {"game": "combat", "format": "constructed", "text": "AS"}),
    form("/decks:event-card-sets/", lambda w: f"/decks/events/{w.registering.pk}/card-sets/",
         ORGANIZER, lambda w: {"card_sets": []}),
]  # fmt: skip

# Pages that only read (no form posts to them); a new page must be added here or to WRITES.
READ_ONLY_PAGES = {
    "home", "healthz", "getting-started", "background-status", "notifications",
    "tournaments:list", "tournaments:detail",
    "tournaments:bracket",
    "tournaments:standings", "tournaments:embed", "tournaments:desk", "tournaments:match",
    "tournaments:match-live",
    "decks:cards", "decks:list", "drafting:list", "drafting:room", "drafting:pod", "drafting:pool",
    "gameplay:list", "gameplay:game", "gameplay:board", "gameplay:replay",
    "gameplay:lobby", "gameplay:live", "drafting:live", "tournaments:live", "my-live",
    "tournaments:swiss-round", "ratings:player", "leagues:list", "leagues:detail",
    "leagues:history", "password-reset-sent", "password-reset-complete",
    "tournaments:desk-reset", "tournaments:results", "tournaments:ics", "tournaments:organizer",
    "tournaments:organizer-ics", "tournaments:display", "tournaments:print-pairings",
    "tournaments:print-slips", "tournaments:print-standings", "decks:print-decklists",
    "decks:print-seating",
}  # fmt: skip
FORM_NAMES = {
    "login": "/login/", "signup": "/signup/", "logout": "/logout/",
    "account": "/account/", "account-logout-everywhere": "/account-logout-everywhere/",
    "account-close": "/account-close/", "password-change": "/password-change/",
    "password-reset": "/password-reset/", "password-reset-confirm": "/password-reset-confirm/",
    "password-reset-desk": "/password-reset-desk/",
    "tournaments:desk-reset-make": "/tournaments:desk-reset-make/",
    "notifications-read": "/notifications-read/",
    "tournaments:new": "/tournaments:new/", "tournaments:action": "/tournaments:action/",
    "tournaments:edit": "/tournaments:edit/",
    "tournaments:match-action": "/tournaments:match-action/", "drafting:join": "/drafting:join/",
    "drafting:pick": "/drafting:pick/", "drafting:action": "/drafting:action/",
    "drafting:winston-move": "/drafting:winston-move/",
    "drafting:grid-move": "/drafting:grid-move/",
    "drafting:rochester-pick": "/drafting:rochester-pick/",
    "drafting:replace-with-bot": "/drafting:replace-with-bot/",
    "drafting:tournament-pods": "/drafting:tournament-pods/",
    "drafting:tournament-pools": "/drafting:tournament-pools/",
    "drafting:pool-register": "/drafting:pool-register/", "gameplay:new": "/gameplay:new/",
    "gameplay:act": "/gameplay:act/", "gameplay:match-start": "/gameplay:match-start/",
    "gameplay:rematch": "/gameplay:rematch/",
    "gameplay:invite-new": "/gameplay:invite-new/",
    "gameplay:invite-accept": "/gameplay:invite-accept/",
    "gameplay:invite-decline": "/gameplay:invite-decline/",
    "gameplay:invite-cancel": "/gameplay:invite-cancel/",
    "decks:new": "/decks:new/", "decks:edit": "/decks:edit/", "decks:check": "/decks:check/",
    "decks:event-card-sets": "/decks:event-card-sets/",
    "leagues:new": "/leagues:new/", "leagues:action": "/leagues:action/",
    "leagues:edit": "/leagues:edit/",
}  # fmt: skip
