"""Locust plays one event round by round (driven by bench/event_load.py, which builds the event
and writes EVENT_LOAD_DATA).

Each Locust user is one player: it opens the event page and its match page, then polls them
as the pages do: the URL of the bracket's poller as the page has it (`?since=v&region=r&mine=e`)
and the match's live part (`?since=key`, keyed on the match itself), the next poll as many
seconds after the previous answer as the page's poller says (`hx-trigger="every Ns"`: 5 s up to
256 entries, longer above, RULINGS.md 22; a page never has two polls in flight:
static/js/live.js). It reads its match through the API when its match page changed, and when
the match is ready the player in the first slot reports a winner (after EVENT_LOAD_PLAY seconds
of "play") and the other confirms it. A winner moves on to the match its win leads to; a loser
keeps watching the bracket until the final is confirmed. One more user is the organizer, with
the desk open (polled every EVENT_LOAD_POLL seconds, 5 as the desk does). The confirmer then
reads the next round's match through the per-round API until the winner is in it:
"confirmation -> next round visible".
"""

import html
import itertools
import json
import os
import random
import re
import time

import gevent
from locust import FastHttpUser, constant, task
from locust.exception import StopUser

DATA = json.load(open(os.environ["EVENT_LOAD_DATA"]))  # noqa: SIM115 (read once at import)
POLL = float(os.environ.get("EVENT_LOAD_POLL", "5"))
PLAY = float(os.environ.get("EVENT_LOAD_PLAY", "3"))
ARRIVE = float(os.environ.get("EVENT_LOAD_ARRIVE", str(POLL)))  # players open their pages over
T = DATA["tournament"]
PER_MATCH = DATA["per_match"]
MATCHES = {tuple(map(int, key.split(":"))): pk for key, pk in DATA["matches"].items()}
PLAYERS = iter(DATA["players"])
TIMEOUT = float(os.environ.get("EVENT_LOAD_TIMEOUT", "120"))  # a request's limit, then an error
# the bracket's poller: the URL the page polls (`?since=v&region=r&mine=...`), as it is
BRACKET_POLL = re.compile(r'id="bracket-live" hidden hx-get="([^"]+)"')
MATCH_SINCE = re.compile(r"/live/\?since=([0-9a-f]+)")
EVERY = re.compile(r'hx-trigger="every (\d+)s')  # the page's poll interval
STATE = {"finished": False}
random_ = random.Random(17)
counter = itertools.count()


def sign_in(client, session_key: str) -> dict:
    """The headers that carry the player's session. The client's cookie jar is turned off:
    geventhttpclient's jar does not send a cookie put in it by hand for 127.0.0.1, and would
    replace a Cookie header of our own with the cookies the server set."""
    client.client.cookiejar = None
    return {"Cookie": f"sessionid={session_key}"}


def visible(environment, started: float) -> None:
    """Record the time from a confirmation to the winner being in the next round's match."""
    environment.events.request.fire(
        request_type="VISIBLE",
        name="confirmation -> next round visible",
        response_time=(time.perf_counter() - started) * 1000,
        response_length=0,
        exception=None,
        context={},
    )


class Player(FastHttpUser):
    wait_time = constant(0)
    network_timeout = connection_timeout = TIMEOUT

    def on_start(self):
        try:
            self.me = next(PLAYERS)
        except StopIteration:
            raise StopUser() from None
        self.cookie = sign_in(self.client, self.me["session"])
        self.token = {"Authorization": f"Token {self.me['token']}"}
        self.round, self.index = self.me["round"], self.me["index"]
        self.playing = True
        self.bracket_poll = self.match_since = None
        self.every = POLL  # until the event page says how often it polls
        self.retry = False  # an action failed: look at the match again at the next poll
        # people arrive over ARRIVE seconds (one poll interval unless told)
        gevent.sleep(random_.random() * ARRIVE)
        self.open_pages()

    def get(self, url: str, name: str, **headers):
        headers = {**self.cookie, **headers}
        with self.client.get(url, headers=headers, name=name, catch_response=True) as response:
            if response.status_code not in (200, 204, 304):
                response.failure(f"{response.status_code}: {(response.text or '')[:200]}")
            else:
                response.success()
            return response

    def post(self, url: str, name: str, body: dict):
        with self.client.post(
            url, json=body, headers=self.token, name=name, catch_response=True
        ) as response:
            if response.status_code != 200:
                response.failure(f"{response.status_code}: {(response.text or '')[:200]}")
            else:
                response.success()
            return response

    @property
    def match(self) -> int:
        return MATCHES[(self.round, self.index)]

    def open_pages(self):
        page = self.get(f"/tournaments/{T}/", "event page")
        found = BRACKET_POLL.search(page.text or "")
        if found:
            self.bracket_poll = html.unescape(found[1])
        every = EVERY.search(page.text or "")
        if every:
            self.every = float(every[1])
        if self.playing:
            live = self.get(f"/matches/{self.match}/", "match page")
            found = MATCH_SINCE.search(live.text or "")
            self.match_since = found[1] if found else None
            self.act()  # what the match page shows: the report form, or waiting

    def poll_bracket(self):
        if self.bracket_poll is None:
            return
        response = self.get(self.bracket_poll, "bracket poll")
        if response.status_code == 200:
            found = BRACKET_POLL.search(response.text or "")
            self.bracket_poll = html.unescape(found[1]) if found else None
            # no poller: the event is over, the page stops polling

    def poll_match(self) -> bool:
        """The match page's poll; True when it changed (then the player looks at the match)."""
        if self.match_since is None:
            return True
        response = self.get(f"/matches/{self.match}/live/?since={self.match_since}", "match poll")
        if response.status_code == 200:
            found = MATCH_SINCE.search(response.text or "")
            self.match_since = found[1] if found else None
            return True
        return False

    @task
    def play(self):
        # each poll waits for the answer before the next one is timed, as a page does
        while not STATE["finished"]:
            gevent.sleep(self.every * (0.9 + 0.2 * random_.random()))
            self.poll_bracket()
            if self.playing and (self.poll_match() or self.retry):
                self.act()
        raise StopUser()

    def act(self):
        # A failed read or write (counted as an error) changes nothing the match page shows,
        # so its poll would stay unchanged: the player looks again at the next poll.
        self.retry = False
        response = self.get(f"/api/matches/{self.match}/", "match API")
        if response.status_code != 200:
            self.retry = True
            return
        body = response.json()
        entries = [e["id"] for e in body["entries"]]
        mine = self.me["entry"]
        if body["status"] == "finished":
            if body["winner"] != mine:
                self.playing = False  # out: watches the bracket until the end
            elif (self.round + 1, self.index // PER_MATCH) in MATCHES:
                self.round, self.index = self.round + 1, self.index // PER_MATCH
                self.open_pages()
            return
        if len(entries) < PER_MATCH:
            return
        pending = body.get("pending_report")
        if pending is None and body["status"] in ("ready", "in_progress") and entries[0] == mine:
            gevent.sleep(PLAY * random_.random())
            winner = random_.choice(entries)
            done = self.post(
                f"/api/matches/{self.match}/report/",
                "report",
                {"games": [{"winner": winner, "life": {}}]},
            )
            self.retry = done.status_code != 200
        elif pending is not None and pending["entry"] != mine and entries[0] != mine:
            started = time.perf_counter()
            done = self.post(f"/api/matches/{self.match}/confirm/", "confirm", {})
            if done.status_code == 200:
                self.next_round_visible(done.json(), started)
            else:
                self.retry = True

    def next_round_visible(self, body: dict, started: float):
        """Read the match the winner goes on to (per-round API) until the winner is in it."""
        key = (self.round + 1, self.index // PER_MATCH)
        if key not in MATCHES:
            STATE["finished"] = True
            visible(self.environment, started)
            gevent.spawn_later(2, self.environment.runner.quit)
            return
        url = f"/api/tournaments/{T}/bracket/rounds/{key[0]}/?offset={key[1]}&limit=1"
        for _ in range(50):
            response = self.get(url, "round API (next match)")
            if response.status_code != 200:
                return
            page = response.json()
            ids = [e["id"] for m in page["matches"] for e in m["entries"]]
            if body["winner"] in ids:
                visible(self.environment, started)
                return
            gevent.sleep(0.1)


class Organizer(FastHttpUser):
    fixed_count = 1
    wait_time = constant(POLL)
    network_timeout = connection_timeout = TIMEOUT

    def on_start(self):
        self.cookie = sign_in(self.client, DATA["organizer"]["session"])
        self.client.get(f"/tournaments/{T}/", headers=self.cookie, name="event page (organizer)")

    @task
    def desk(self):
        if STATE["finished"]:
            raise StopUser()
        with self.client.get(
            f"/tournaments/{T}/desk/", headers=self.cookie, name="desk poll", catch_response=True
        ) as response:
            if response.status_code != 200:
                response.failure(f"{response.status_code}")


class BareView(FastHttpUser):
    """The bare view's and an unchanged poll's rate, hammered without waits (a run of its own)."""

    wait_time = constant(0)
    url = os.environ.get("EVENT_LOAD_HAMMER", "/bench/bare/")

    @task
    def hammer(self):
        self.client.get(self.url, name=self.url.split("?")[0])
