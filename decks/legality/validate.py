"""Deck validation: resolve what the player wrote, then run every rule of the format."""

from __future__ import annotations

from collections.abc import Mapping

import games
from decks.legality.advice import fortress_deck_advice, summarize, tally
from decks.legality.catalog import Catalog
from decks.legality.decklist import MAX_COUNT
from decks.legality.formats import GAMES, Format
from decks.legality.rules import RULES, Pool, unknown_card
from decks.legality.types import Advice, CardInfo, DeckList, Problem, ResolvedDeck, Validation


def resolve(deck: DeckList, catalog: Catalog) -> tuple[ResolvedDeck, list[Problem]]:
    """Counts by card identity, plus problems for unreadable lines, bad counts, unknown cards."""
    problems = [
        Problem(
            "unreadable_line",
            f"Line {line}: {text!r} is not a card line; write 'N Card Name' "
            f"with N from 1 to {MAX_COUNT}.",
            card=text,
            count=line,
        )
        for line, text in deck.unreadable
    ]
    main: dict[str, int] = {}
    cards: dict[str, CardInfo] = {}
    exact, lookup = catalog.exact_lookup, catalog.resolve
    for text, count in deck.main:
        card = exact(text) or lookup(text)
        if card is None:
            problems.append(unknown_card(text, count, catalog))
        elif count < 1:
            problems.append(
                Problem(
                    "bad_count",
                    f"{card.name} has a count of {count}; counts start at 1.",
                    card=card.name,
                    count=count,
                    limit=1,
                )
            )
        else:
            key = card.key
            main[key] = main.get(key, 0) + count
            cards[key] = card
    fortresses: list[CardInfo] = []
    for text in deck.fortresses:
        card = lookup(text)
        if card is None:
            problems.append(unknown_card(text, 1, catalog))
        else:
            fortresses.append(card)
    return ResolvedDeck(main=main, fortresses=tuple(fortresses), cards=cards), problems


def check(deck: DeckList, fmt: Format, catalog: Catalog, pool: Pool | None = None) -> list[Problem]:
    """Every problem that makes `deck` illegal in `fmt` (empty when legal)."""
    resolved, problems = resolve(deck, catalog)
    return problems + check_resolved(resolved, fmt, catalog, pool)


def check_resolved(
    resolved: ResolvedDeck, fmt: Format, catalog: Catalog, pool: Pool | None = None
) -> list[Problem]:
    """Every rule's problems for an already-resolved deck."""
    if not fmt.uses_deck:
        if resolved.main or resolved.fortresses:
            return [
                Problem(
                    "no_deck_format",
                    f"{fmt.name} uses no player decks; leave the list empty.",
                    count=resolved.size,
                    limit=0,
                )
            ]
        return []
    problems: list[Problem] = []
    for rule in RULES:
        problems.extend(rule(resolved, fmt, pool, catalog))
    return problems


def validate(
    deck: DeckList,
    fmt: Format,
    catalog: Catalog,
    pool: Mapping[str, int] | None = None,
) -> Validation:
    """Problems, the rulebook's advice and a summary (type breakdown, gold curve) for a deck."""
    resolved, problems = resolve(deck, catalog)
    problems.extend(check_resolved(resolved, fmt, catalog, pool))
    counted = tally(resolved)
    advice: tuple[Advice, ...] = ()
    # the rulebook's deck advice, for a game whose decks choose fortresses (Kingdom Combat)
    if fmt.uses_deck and fmt.game in GAMES and games.get(fmt.game).cards.fortresses:
        advice = fortress_deck_advice(resolved, counted)
    return Validation(problems=tuple(problems), advice=advice, summary=summarize(resolved, counted))
