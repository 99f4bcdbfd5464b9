"""Reads of games: what a user sees of a game, logs, live facts for the tournaments time rule."""

from __future__ import annotations

from django.db.models import Q

from gameplay.engine import core, registry
from gameplay.models import GameInvite, GameRecord, GameSeat
from games import get as declared_game
from games import name_of
from tournaments.models import EntryMember, Match, Tournament


def game_state(game: GameRecord) -> dict:
    """The engine state of a game, with its log attached (as core.play expects)."""
    state = dict(game.state)
    state["log"] = {"actions": game.actions, "checkpoints": game.checkpoints}
    return state


def seats_of(game: GameRecord) -> list[GameSeat]:
    """The game's seats in seat order (uses prefetched seats when present)."""
    return sorted(game.seats.all(), key=lambda s: s.number)


def user_seats(game: GameRecord, user) -> list[int]:
    """Seat numbers the user plays at this game."""
    if user is None or not user.is_authenticated:
        return []
    return [s.number for s in seats_of(game) if s.user_id == user.pk]


def is_seated(game_id: int, user) -> bool:
    """Whether the user plays at this game (one query for a signed-in user, none otherwise)."""
    if user is None or not user.is_authenticated:
        return False
    return GameSeat.objects.filter(game_id=game_id, user=user).exists()


def is_game_organizer(game: GameRecord, user) -> bool:
    """The game's creator, or the organizer of the tournament its match belongs to."""
    if user is None or not user.is_authenticated:
        return False
    if game.match is not None:
        return game.match.tournament.organizer_id == user.pk or user.is_staff
    return game.created_by_id == user.pk or user.is_staff


def may_read_log(game: GameRecord, user) -> bool:
    """The log (its seed reveals every shuffle) is public once the game is over; before that
    only its organizer may read it, and never while also playing in it: in an event, while
    playing in any of the event's matches (an organizer who plays sees the other games of
    their event as a spectator, one query)."""
    if game.status == GameRecord.Status.FINISHED:
        return True
    if not is_game_organizer(game, user) or user_seats(game, user):
        return False
    match = game.match
    return match is None or not plays_in_event(match.tournament_id, user)


def plays_in_event(tournament_id: int, user) -> bool:
    """The user has an entry in the event, alone or in a team (one query)."""
    return EntryMember.objects.filter(tournament_id=tournament_id, user=user).exists()


def viewer_seat(game: GameRecord, user) -> int | None:
    """The seat whose view the user gets: the seat that must act, else the user's first seat."""
    mine = user_seats(game, user)
    if not mine:
        return None
    decision = registry.get(game.ruleset).decision(game.state)
    acting = [s for s in mine if s in decision.seats]
    return acting[0] if acting else mine[0]


def game_detail(game: GameRecord, user) -> dict:
    """The API body of a game for that user: view and legal actions of the user's seat."""
    ruleset = registry.get(game.ruleset)
    seat = viewer_seat(game, user)
    state = game.state
    legal = ruleset.legal_actions(state, seat) if seat is not None else []
    return {
        "id": game.pk,
        "ruleset": game.ruleset,
        "status": game.status,
        "version": game.version,
        "seat": seat,
        "seats": [seat_json(s) for s in seats_of(game)],
        "to_act": list(ruleset.decision(state).seats),
        "view": ruleset.view(state, seat),
        "legal_actions": legal,
        "action_labels": [ruleset.describe_action(a) for a in legal],
        "result": game.result,
        "match": game.match_id,
        "game_number": game.game_number,
    }


def seat_json(seat: GameSeat) -> dict:
    """A seat as JSON: number, user or bot, entry."""
    return {
        "seat": seat.number,
        "user": seat.user_id,
        "username": seat.user.username if seat.user else None,
        "bot": seat.bot or None,
        "entry": seat.entry_id,
    }


def game_log(game: GameRecord) -> dict:
    """The replayable log: seed, options, seats, actions, checkpoints and the result."""
    log = core.game_log(game_state(game))
    return {
        **log,
        "id": game.pk,
        "seat_players": [seat_json(s) for s in seats_of(game)],
        "result": game.result,
        "status": game.status,
    }


def game_version(game_id: int) -> int | None:
    """The game's version (one query), None for no such game."""
    return GameRecord.objects.filter(pk=game_id).values_list("version", flat=True).first()


def game_get(game_id: int) -> GameRecord | None:
    """A game with its seats (and their users) and match loaded, or None."""
    return (
        GameRecord.objects.select_related("match__tournament")
        .prefetch_related("seats__user")
        .filter(pk=game_id)
        .first()
    )


def live_game_time_facts(*, match_id: int) -> dict | None:
    """Life per entry and the entry that dealt damage first, from the match's live game."""
    game = (
        GameRecord.objects.prefetch_related("seats")
        .filter(match_id=match_id, status=GameRecord.Status.IN_PROGRESS)
        .first()
    )
    if game is None:
        return None
    facts = registry.get(game.ruleset).time_facts(game.state)
    return entry_facts(game, facts["life"], facts["first_damage"])


def entry_facts(game: GameRecord, life: dict, first_damage: int | None) -> dict:
    """Seat-keyed life and first damage turned into entry-keyed ones.

    A team entry's life is its shared total (as one) or the sum of its members still in the
    game (alliance), as the Combat ruling R12; a game without life holders uses the first seat.
    """
    life = {int(k): v for k, v in life.items()}
    holders = game.state.get("holder")
    seats_of_entry: dict[int, list[int]] = {}
    for seat in seats_of(game):
        if seat.entry_id is not None:
            seats_of_entry.setdefault(seat.entry_id, []).append(seat.number)
    by_entry = {}
    for entry, seats in seats_of_entry.items():
        if holders is None:
            by_entry[entry] = life[min(seats)]
            continue
        totals = {holders[s]: life[s] for s in seats}
        living = [v for v in totals.values() if v > 0]
        by_entry[entry] = sum(living) if living else max(totals.values())
    entry_of = {s.number: s.entry_id for s in seats_of(game)}
    first = entry_of.get(first_damage) if first_damage is not None else None
    return {"life": by_entry, "first_damage": first}


def games_for_home(*, limit: int = 10) -> list[dict]:
    """The latest games (live first) with their players, for the home page."""
    games = GameRecord.objects.prefetch_related("seats__user").order_by("status", "-updated_at")[
        :limit
    ]
    return [
        {
            "id": g.pk,
            "ruleset": g.ruleset,
            "game_name": name_of(g.ruleset),
            "status": g.status,
            "status_label": g.get_status_display(),
            # named as on the boards: the user's name, or "<bot> bot"
            "players": [s.user.username if s.user else f"{s.bot} bot" for s in seats_of(g)],
            "updated_at": g.updated_at,
        }
        for g in games
    ]


def stalled_bot_game_ids(*, older_than, limit: int = 200) -> list[int]:
    """Live games waiting on a bot whose last change is older than the given time."""
    rows = GameRecord.objects.filter(
        status=GameRecord.Status.IN_PROGRESS, bot_to_move=True, updated_at__lt=older_than
    )
    return list(rows.order_by("updated_at").values_list("id", flat=True)[:limit])


def matches_to_play(*, user, limit: int = 20) -> list[dict]:
    """The user's ready or running tournament matches, with their live engine game if any."""
    if user is None or not user.is_authenticated:
        return []
    matches = (
        Match.objects.filter(status__in=[Match.Status.READY, Match.Status.IN_PROGRESS])
        .exclude(tournament__status=Tournament.Status.CANCELLED)
        .filter(Q(slots__entry__user=user) | Q(slots__entry__memberships__user=user))
        .select_related("tournament")
        .distinct()
        .order_by("id")[:limit]
    )
    live = dict(
        GameRecord.objects.filter(
            match__in=matches, status=GameRecord.Status.IN_PROGRESS
        ).values_list("match_id", "id")
    )
    return [
        {
            "id": m.pk,
            "tournament": m.tournament.name,
            "game": m.tournament.game,
            "game_name": declared_game(m.tournament.game).name,
            # "Play on the engine" is offered only for the games the engine plays
            "on_engine": declared_game(m.tournament.game).engine,
            "live_game": live.get(m.pk),
        }
        for m in matches
    ]


def match_engine_panel(*, match_id: int, user) -> dict | None:
    """Whether a tournament match can be played on the engine, its live game if any, and
    whether this user may start it (a player of the match). None where the engine does not
    play the event's game."""
    match = Match.objects.select_related("tournament").filter(pk=match_id).first()
    if match is None or not declared_game(match.tournament.game).engine:
        return None
    live = (
        GameRecord.objects.filter(match=match, status=GameRecord.Status.IN_PROGRESS)
        .values_list("pk", flat=True)
        .first()
    )
    plays = bool(
        user.is_authenticated and match.slots.filter(entry__memberships__user=user).exists()
    )
    open_match = match.status in (Match.Status.READY, Match.Status.IN_PROGRESS)
    return {
        "match_id": match.pk,
        "live_game": live,
        "can_start": plays and open_match and live is None and not match.time_called_at,
    }


def games_awaiting_move(*, user, limit: int = 10) -> list[dict]:
    """The user's live games where one of their seats must act now (the home page), oldest
    first: one query for the games and their seats."""
    waiting = [g for g in games_running(user=user, limit=limit * 5) if g["my_move"]]
    return waiting[:limit]


def games_running(*, user, limit: int = 50) -> list[dict]:
    """Every live game the user sits in, oldest move first, each with its opponents and
    whether it waits for the user's move or another player's: one query for the games and
    their seats."""
    if user is None or not user.is_authenticated:
        return []
    games = (
        GameRecord.objects.filter(status=GameRecord.Status.IN_PROGRESS, seats__user=user)
        .prefetch_related("seats__user")
        .distinct()
        .order_by("updated_at")[:limit]
    )
    rows = []
    for game in games:
        seats = seats_of(game)
        mine = [s.number for s in seats if s.user_id == user.pk]
        to_act = registry.get(game.ruleset).decision(game.state).seats
        others = [
            s.user.username if s.user else f"{s.bot} bot" for s in seats if s.user_id != user.pk
        ]
        rows.append(
            {
                "id": game.pk,
                "game": registry.get(game.ruleset).name,
                "opponents": others,
                "my_move": any(seat in to_act for seat in mine),
            }
        )
    return rows


def replay_step(game: GameRecord, step: int) -> dict:
    """The game as a spectator saw it after `step` actions of its log (0: the deal), with that
    action in a spectator's words. Rebuilt from the seed and the log (core.replay), so it is
    what was played; the caller checks may_read_log and the step's bounds (0..len(actions))."""
    ruleset = registry.get(game.ruleset)
    log = core.game_log(game_state(game))
    before = max(step - 1, 0)
    checkpoints = [c for c in log["checkpoints"] if c[0] <= before]
    state = core.replay({**log, "actions": log["actions"][:before], "checkpoints": checkpoints})
    last = None
    if step:
        seat, action = log["actions"][step - 1]
        secret = ruleset.decision(state).kind == "simultaneous"
        core.play(state, seat, action)
        last = {"seat": seat, "words": _spectator_words(ruleset, state, action, secret)}
    return {
        "state": state,
        "view": ruleset.view(state, None),
        "last": last,
        "to_act": list(ruleset.decision(state).seats),
        "total": len(log["actions"]),
    }


def _card_ids(value) -> set[str]:
    """The card ids an action names (under "card", "cards", "order" and the like)."""
    if isinstance(value, dict):
        return set().union(*(_card_ids(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(_card_ids(v) for v in value)) if value else set()
    return {value} if isinstance(value, str) else set()


def _spectator_words(ruleset, state: dict, action, secret: bool) -> str:
    """The action as a spectator learns of it: a secret choice (both sides choose, then reveal)
    and a card that stays face down are not named; the board shows what was revealed."""
    if secret:
        return "chooses in secret (the board shows what is revealed)"
    if ruleset.game_type.lists_hidden_cards and _card_ids(action) & ruleset.hidden_cards(
        state, None
    ):
        return "plays a card face down"
    return ruleset.describe_action(action)


def rematch_of(game: GameRecord) -> GameRecord | None:
    """The rematch already started from this game, if any."""
    return GameRecord.objects.filter(rematch_of=game).only("pk").first()


def rematch_of_id(game_id: int) -> int | None:
    """The id of the rematch already started from that game, if any."""
    return GameRecord.objects.filter(rematch_of_id=game_id).values_list("pk", flat=True).first()


def _invite_row(invite: GameInvite) -> dict:
    return {
        "id": invite.pk,
        "ruleset": invite.ruleset,
        "game_name": name_of(invite.ruleset),
        "by": invite.created_by.username,
        "by_id": invite.created_by_id,
        "opponent": invite.opponent.username if invite.opponent else "",
        "status": invite.status,
        "status_label": invite.get_status_display(),
        "options": invite.options,
        "game": invite.game_id,
        "created_at": invite.created_at,
    }


def _invites(queryset, limit: int) -> list[dict]:
    rows = queryset.select_related("created_by", "opponent").order_by("created_at", "id")
    return [_invite_row(invite) for invite in rows[:limit]]


def open_seats(*, limit: int = 100) -> list[dict]:
    """Seats anyone may take (the lobby), oldest first: one query."""
    waiting = GameInvite.objects.filter(status=GameInvite.Status.OPEN, opponent__isnull=True)
    return _invites(waiting, limit)


def challenges_for(*, user, limit: int = 20) -> list[dict]:
    """Challenges waiting for this player's answer, oldest first: one query."""
    if user is None or not user.is_authenticated:
        return []
    return _invites(GameInvite.objects.filter(status=GameInvite.Status.OPEN, opponent=user), limit)


def invites_of(*, user, limit: int = 20) -> list[dict]:
    """The player's own seats and challenges still waiting: one query."""
    if user is None or not user.is_authenticated:
        return []
    mine = GameInvite.objects.filter(status=GameInvite.Status.OPEN, created_by=user)
    return _invites(mine, limit)


def invites_accepted_since(*, user, since) -> list[dict]:
    """The player's own seats and challenges taken since `since`, with their games: the
    lobby that showed them waiting follows them to the game. One query."""
    if user is None or not user.is_authenticated:
        return []
    taken = GameInvite.objects.filter(
        status=GameInvite.Status.ACCEPTED, created_by=user, answered_at__gte=since
    )
    return _invites(taken, 20)


def invite_get(invite_id: int) -> dict | None:
    invite = (
        GameInvite.objects.select_related("created_by", "opponent").filter(pk=invite_id).first()
    )
    return None if invite is None else _invite_row(invite)


def games_awaiting_move_count(*, user) -> int:
    """How many live games wait for this player's move (the nav's count)."""
    return len(games_awaiting_move(user=user))
