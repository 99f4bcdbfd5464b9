"""Small pure rules; each reads one aspect of a Format and reports every problem it finds."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping

from decks.legality.catalog import Catalog
from decks.legality.formats import MERCENARY, Format
from decks.legality.types import CardInfo, Problem, ResolvedDeck

Pool = Mapping[str, int]
Rule = Callable[[ResolvedDeck, Format, "Pool | None", Catalog], Iterator[Problem]]


def _times(count: int) -> str:
    return "once" if count == 1 else f"{count} times"


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def size_rule(
    deck: ResolvedDeck, fmt: Format, pool: Pool | None, catalog: Catalog
) -> Iterator[Problem]:
    """Deck size within the format's minimum and maximum."""
    size = deck.size
    exact = fmt.min_size is not None and fmt.min_size == fmt.max_size
    if fmt.min_size is not None and size < fmt.min_size:
        need = "exactly" if exact else "at least"
        yield Problem(
            "deck_too_small",
            f"The deck has {_plural(size, 'card')}; {fmt.name} needs {need} {fmt.min_size}.",
            count=size,
            limit=fmt.min_size,
        )
    if fmt.max_size is not None and size > fmt.max_size:
        allow = "exactly" if exact else "at most"
        yield Problem(
            "deck_too_large",
            f"The deck has {_plural(size, 'card')}; {fmt.name} allows {allow} {fmt.max_size}.",
            count=size,
            limit=fmt.max_size,
        )


def type_rule(
    deck: ResolvedDeck, fmt: Format, pool: Pool | None, catalog: Catalog
) -> Iterator[Problem]:
    """Only card types the format's deck may hold; fortresses and tokens get their own codes."""
    allowed, special = fmt.allowed_types, catalog.special
    for key, count in deck.main.items():
        card = deck.cards[key]
        if key in special:
            yield _special_card_problem(card, count, fmt)
        elif allowed and card.type not in allowed:
            yield Problem(
                "wrong_type",
                f"{card.name} is a {card.type} card, which a {fmt.name} deck cannot hold.",
                card=card.name,
                count=count,
                limit=0,
            )


def _special_card_problem(card: CardInfo, count: int, fmt: Format) -> Problem:
    if card.stats.get("reserved"):
        added = f"; {fmt.name} adds it for you." if card.name in fmt.added_cards else "."
        return Problem(
            "reserved_card",
            f"{card.name} is never part of a deck{added}",
            card=card.name,
            count=count,
            limit=0,
        )
    if card.type == "fortress":
        return Problem(
            "fortress_in_deck",
            f"{card.name} is a fortress: list it on a 'Fortress:' line, not in the deck.",
            card=card.name,
            count=count,
            limit=0,
        )
    return Problem(
        "token_in_deck",
        f"{card.name} (green border) is a token; tokens are never put in a deck.",
        card=card.name,
        count=count,
        limit=0,
    )


def one_pack_rule(
    deck: ResolvedDeck, fmt: Format, pool: Pool | None, catalog: Catalog
) -> Iterator[Problem]:
    """Playing cards: no more copies than one standard deck holds (one each, two Jokers)."""
    if not fmt.one_pack:
        return
    limits = catalog.pack_limits
    for key, count in deck.main.items():
        if count > 1 and count > limits.get(key, 1):
            if key in catalog.jokers and not fmt.jokers:
                continue  # jokers_not_allowed already covers every copy
            limit = limits.get(key, 1)
            name = deck.cards[key].name
            yield Problem(
                "copy_limit",
                f"{name} appears {_times(count)}; one deck of playing cards holds only {limit}.",
                card=name,
                count=count,
                limit=limit,
            )


def jokers_rule(
    deck: ResolvedDeck, fmt: Format, pool: Pool | None, catalog: Catalog
) -> Iterator[Problem]:
    """Jokers only when the event allows them."""
    if fmt.jokers or not catalog.jokers:
        return
    for key in catalog.jokers & deck.main.keys():
        count, name = deck.main[key], deck.cards[key].name
        yield Problem(
            "jokers_not_allowed",
            f"{name} appears {_times(count)}; this event does not allow Jokers.",
            card=name,
            count=count,
            limit=0,
        )


def copy_limit_rule(
    deck: ResolvedDeck, fmt: Format, pool: Pool | None, catalog: Catalog
) -> Iterator[Problem]:
    """Copies per card identity: the format's limit, per-type limits and border limits."""
    borders, by_type, default = fmt.border_limits, fmt.type_copy_limits, fmt.copy_limit
    if not (borders or by_type or default):
        return
    lowest = min([default or 10**9, *by_type.values(), *(v for v in borders.values() if v > 0)])
    for key, count in deck.main.items():
        if count <= lowest:
            continue
        card = deck.cards[key]
        limit, why = default, ""
        if card.type in by_type:
            limit, why = by_type[card.type], f" ({card.type})"
        if card.border in borders and borders[card.border] > 0:
            limit, why = borders[card.border], f" ({card.border} border)"
        if limit is not None and count > limit:
            yield Problem(
                "copy_limit",
                f"{card.name}{why} appears {_times(count)}; at most {limit} "
                f"{'is' if limit == 1 else 'are'} allowed.",
                card=card.name,
                count=count,
                limit=limit,
            )


def fortress_rule(
    deck: ResolvedDeck, fmt: Format, pool: Pool | None, catalog: Catalog
) -> Iterator[Problem]:
    """One or two fortresses, each a fortress card, of different factions."""
    if fmt.fortresses is None:
        for card in deck.fortresses:  # a 'Fortress:' line in a game without fortresses
            yield Problem(
                "not_a_fortress",
                f"{card.name} is on a 'Fortress:' line, but {fmt.name} decks have no "
                "fortresses; list it as 'N Card Name' instead.",
                card=card.name,
                count=1,
                limit=0,
            )
        return
    low, high = fmt.fortresses
    chosen = deck.fortresses
    if len(chosen) < low:
        yield Problem(
            "fortress_required",
            f"Choose a fortress: a {fmt.name} deck needs {low} or {high} fortresses "
            "(one per faction).",
            count=len(chosen),
            limit=low,
        )
    if len(chosen) > high:
        yield Problem(
            "too_many_factions",
            f"{len(chosen)} fortresses chosen; at most {high} (one per faction) are allowed.",
            count=len(chosen),
            limit=high,
        )
    seen: dict[str, str] = {}
    for card in chosen:
        if card.type != "fortress":
            yield Problem(
                "not_a_fortress",
                f"{card.name} is not a fortress card.",
                card=card.name,
                count=1,
                limit=0,
            )
            continue
        for faction in card.factions:
            if faction in seen:
                yield Problem(
                    "fortress_same_faction",
                    f"{seen[faction]} and {card.name} are both {catalog_faction(catalog, faction)}"
                    " fortresses; two fortresses must be of different factions.",
                    card=card.name,
                    count=2,
                    limit=1,
                )
            seen[faction] = card.name


def faction_rule(
    deck: ResolvedDeck, fmt: Format, pool: Pool | None, catalog: Catalog
) -> Iterator[Problem]:
    """Every card of the fortresses' factions or Mercenary (a card of several: any of them)."""
    if fmt.fortresses is None:
        return
    allowed = {MERCENARY}
    for card in deck.fortresses:
        if card.type == "fortress":
            allowed.update(card.factions)
    if len(allowed) == 1:
        return  # no fortress yet: fortress_required already says what to do
    names = " and ".join(catalog_faction(catalog, f) for f in sorted(allowed - {MERCENARY}))
    special = catalog.special  # fortresses and tokens in the deck are reported once, elsewhere
    for key, count in deck.main.items():
        card = deck.cards[key]
        if card.factions and allowed.isdisjoint(card.factions) and key not in special:
            theirs = ", ".join(catalog_faction(catalog, f) for f in card.factions)
            yield Problem(
                "wrong_faction",
                f"{card.name} is a {theirs} card; this deck may only use {names} and "
                "Mercenary cards.",
                card=card.name,
                count=count,
                limit=0,
            )


def pool_rule(
    deck: ResolvedDeck, fmt: Format, pool: Pool | None, catalog: Catalog
) -> Iterator[Problem]:
    """Limited formats: every copy must come from the player's pool, copies counted down."""
    if not fmt.pool_restricted:
        return
    if pool is None:
        yield Problem(
            "pool_required",
            f"{fmt.name} decks are built from a pool; choose the pool this deck comes from.",
        )
        return
    for key, count in deck.main.items():
        have = pool.get(key, 0)
        if count > have:
            name = deck.cards[key].name
            message = (
                f"{name} is not in your pool."
                if have == 0
                else f"{name} appears {_times(count)} but your pool has only {have}."
            )
            yield Problem("not_in_pool", message, card=name, count=count, limit=have)


def composition_rule(
    deck: ResolvedDeck, fmt: Format, pool: Pool | None, catalog: Catalog
) -> Iterator[Problem]:
    """Minimum numbers of each card type (Conventional Combat's actions and characters)."""
    if not fmt.composition:
        return
    counts: dict[str, int] = {}
    for key, count in deck.main.items():
        kind = deck.cards[key].type
        counts[kind] = counts.get(kind, 0) + count
    for kind, minimum in fmt.composition.items():
        have = counts.get(kind, 0)
        if have < minimum:
            yield Problem(
                "composition",
                f"The deck has {_plural(have, kind + ' card')}; {fmt.name} needs at least "
                f"{minimum}.",
                card=None,
                count=have,
                limit=minimum,
            )


def catalog_faction(catalog: Catalog, slug: str) -> str:
    """A faction's display name (falls back to the slug, title-cased)."""
    return catalog.faction_names.get(slug) or slug.replace("-", " ").title()


RULES: tuple[Rule, ...] = (
    size_rule,
    type_rule,
    jokers_rule,
    one_pack_rule,
    copy_limit_rule,
    fortress_rule,
    faction_rule,
    pool_rule,
    composition_rule,
)


def unknown_card(text: str, count: int, catalog: Catalog) -> Problem:
    """The problem for a name the catalogue does not know, with close matches."""
    suggestions = catalog.suggest(text)
    hint = f" Did you mean {' or '.join(suggestions)}?" if suggestions else ""
    return Problem(
        "unknown_card",
        f"There is no card called {text!r}.{hint}",
        card=text,
        count=count,
        limit=0,
        suggestions=suggestions,
    )


def card_label(card: CardInfo) -> str:
    """How a card is written in a deck list (its code for playing cards, else its name)."""
    return card.code or card.name
