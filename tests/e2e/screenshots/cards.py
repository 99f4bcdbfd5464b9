"""The demo's card pages: drafts, a sealed pool, decks, the lobby, games mid-way, and the
events whose printouts list decks and seats."""

from __future__ import annotations


def build_card_demo() -> dict:
    """Issue 15's pages: a Kingdom Combat draft under way and one ready to build, a sealed
    pool, decks legal and not, and games of Combat, Conventional Combat and Rune Duel."""
    from accounts.models import User

    organizer, player, other = (
        User.objects.get(username=n) for n in ("orla", "player1", "player2")
    )
    running = draft_under_way(organizer, player)
    done = draft_ready_to_build(organizer, other)
    codes = [f"{r}{s}" for s in "SHDC" for r in ["A", *map(str, range(2, 11))]]
    pool, deck = pool_and_decks(player, codes)
    games = lobby_and_games(organizer, player, other)
    return {
        **build_venue_demo(organizer, codes),
        "running_draft": running,
        "done_draft": done,
        "pool": pool,
        "deck": deck,
        "games": games,
    }


def pick_the_first_card(draft_id: int, user, view: dict) -> None:
    """The user picks the first card of the pack the view shows."""
    from decks.drafting import services as drafting

    drafting.draft_pick_make(
        draft_id=draft_id,
        user=user,
        pack_id=view["pack"]["id"],
        pick_number=view["pick_number"],
        pack_card_id=view["pack"]["cards"][0]["id"],
    )


def draft_under_way(organizer, player) -> int:
    """A pod of four (the player and three bots) a few picks in; its id."""
    from decks.drafting import services as drafting

    running = drafting.draft_create(
        organizer=organizer, game_slug="kingdom-combat", seats=4, bots=3, pick_timer=90
    )
    drafting.draft_join(draft_id=running.id, user=player)
    drafting.draft_start(draft_id=running.id, user=organizer)
    for _ in range(4):  # a few picks made, the bots keeping up
        drafting.draft_bots_run(draft_id=running.id)
        view = drafting_view(running.id, player)
        if view["pack"]:
            pick_the_first_card(running.id, player, view)
    drafting.draft_bots_run(draft_id=running.id)
    return running.id


def draft_ready_to_build(organizer, other) -> int:
    """A pod of two (the other player and a bot) with small packs, drafted to its end; its id."""
    from decks.drafting import services as drafting

    done = drafting.draft_create(
        organizer=organizer,
        game_slug="kingdom-combat",
        seats=2,
        bots=1,
        booster_layout="1 gold/silver, 1 silver/black, 3 black",
    )
    drafting.draft_join(draft_id=done.id, user=other)
    drafting.draft_start(draft_id=done.id, user=organizer)
    for _ in range(40):
        drafting.draft_bots_run(draft_id=done.id)
        view = drafting_view(done.id, other)
        if view["status"] == "finished":
            break
        if view["pack"]:
            pick_the_first_card(done.id, other, view)
    return done.id


def pool_and_decks(player, codes: list[str]) -> tuple[int, int]:
    """A sealed Kingdom Combat pool of every card, and two decks, one legal and one not; the
    pool's id and the last deck's."""
    from decks.models import Card
    from decks.services import deck_create, pool_create
    from decks.services.decks import deck_list_from_input

    kingdom = Card.objects.filter(card_set__code="KC1").exclude(type__in=["fortress", "token"])
    pool = pool_create(
        owner=player,
        game_slug="kingdom-combat",
        cards={card.id: 1 for card in kingdom},
        source="sealed",
        seed="demo",
    )
    for name, game, text in [
        ("Forty spots", "combat", "\n".join(f"1 {c}" for c in codes)),
        ("Knights (unfinished)", "kingdom-combat", "Fortress: Ironhold Keep\n3 Iron Knight"),
    ]:
        deck = deck_create(
            owner=player,
            game_slug=game,
            format_slug="constructed",
            name=name,
            deck_list=deck_list_from_input(text=text),
        )
    return pool.id, deck.pk


def lobby_and_games(organizer, player, other) -> dict[str, int]:
    """The lobby: open seats of two games, a challenge to player1 and one of theirs waiting;
    a game of each engine game mid-way (their ids by game)."""
    from gameplay import services as gameplay

    gameplay.invite_create(by_user=other, ruleset="combat", options={"max_turns": 20})
    gameplay.invite_create(by_user=organizer, ruleset="rune-duel")
    gameplay.invite_create(by_user=other, ruleset="combat", opponent_username=player.username)
    gameplay.invite_create(by_user=player, ruleset="army", opponent_username=organizer.username)
    games = {}
    for slug in ("combat", "army", "conventional-combat", "rune-duel", "kingdom-combat"):
        game = gameplay.game_create(
            ruleset=slug, seats=[{"user": player.pk}, {"bot": "greedy"}], created_by=player, seed=4
        )
        play_table_mid_game(game.pk, player)
        games[slug] = game.pk
    return games


def build_venue_demo(organizer, codes: list[str]) -> dict:
    """Issue 36's printouts: a Kingdom Combat draft event split into two pods (seating), and
    a constructed Combat event with three registered decks (deck lists)."""
    from accounts.models import User
    from decks.drafting import services as drafting
    from decks.services import deck_create
    from decks.services.decks import deck_list_from_input
    from decks.services.registration import deck_register
    from tournaments import services

    players = list(User.objects.filter(username__startswith="player").order_by("pk"))
    night = services.tournament_create(
        organizer=organizer, name="Kingdom draft night", game="kingdom-combat",
        deck_format="draft", seeding="manual",
    )  # fmt: skip
    for seed, user in enumerate(players, 1):
        services.entry_add(tournament=night, by_user=organizer, user_id=user.pk, seed=seed)
    services.entries_paste(tournament=night, by_user=organizer, text="Gus\nHal\nIda")
    drafting.tournament_pods_create(tournament_id=night.pk, user=organizer)
    constructed = services.tournament_create(
        organizer=organizer, name="Constructed Cup", game="combat", deck_format="constructed"
    )
    for number, user in enumerate(players[:3]):
        entry = services.entry_add(tournament=constructed, by_user=organizer, user_id=user.pk)
        deck = deck_create(
            owner=user, game_slug="combat", format_slug="constructed",
            name=f"{user.username}'s spots",
            deck_list=deck_list_from_input(
                text="\n".join(f"1 {c}" for c in codes[number * 2 :] + codes[: number * 2])
            ),
        )  # fmt: skip
        deck_register(entry=entry, deck=deck, user=user)
    return {"draft_event": night.pk, "constructed_event": constructed.pk}


MID_GAME = {"combat": 14, "army": 3, "conventional-combat": 2, "rune-duel": 2, "kingdom-combat": 16}
# moves the player makes on the board itself (not the bar): the screenshot waits for one
ON_THE_BOARD = {"play", "soldier", "farm", "attack", "block", "move", "fighter", "supporter"}


def play_table_mid_game(game_id: int, player) -> None:
    """Play the game on (the player's moves the greedy bot's, the bot's own) until the player has
    made MID_GAME moves and may move on the board: a play table mid-game for the screenshots."""
    import random

    from gameplay import selectors
    from gameplay import services as gameplay
    from gameplay.engine import bots, registry

    greedy = bots.bot_for("greedy")

    rng = random.Random(game_id)
    for _ in range(400):
        gameplay.game_bots_play(game_id=game_id)
        game = selectors.game_get(game_id)
        detail = selectors.game_detail(game, player)
        legal = detail["legal_actions"]
        mine = [a for seat, a in game.actions if seat == detail["seat"]]
        ready = any(a.get("type") in ON_THE_BOARD for a in legal)
        if game.status != "in_progress" or (len(mine) >= MID_GAME[game.ruleset] and ready):
            return
        if not legal:
            continue
        action = greedy.choose(
            registry.get(game.ruleset), detail["view"], detail["seat"], legal, rng
        )
        gameplay.game_act(
            game_id=game_id, user=player, action=action, expected_version=game.version
        )


def drafting_view(draft_id: int, user) -> dict:
    from decks.drafting.selectors import draft_seat_view

    return draft_seat_view(draft_id=draft_id, user=user)
