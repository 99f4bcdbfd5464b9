"""The bracket's HTML rendered once per key of what it shows, and the cards a poll sends.

Stands for: rendering `tournaments/_bracket.html` from `reads.bracket_parts.bracket_region_get`
for every viewer and every poll (the viewer's own matches marked in the render), and sending
the whole region after every change. Justified by `bench/event_scale.py`, figures
`changed_bracket_partial_cpu_median`, `changed_bracket_poll_changed_cpu_median` and
`changed_tournament_page_cpu_median`: a region is rendered once per key for everyone, the
viewer's marks are text substitutions, and a live update sends only the cards that changed
(issue 17); within a region's render only the cards that changed are rendered again, each
kept in this process per what it shows (issue 33).
"""

import re
import zlib

from django.core.cache import cache
from django.http import Http404
from django.template.loader import render_to_string
from django.utils import timezone, translation
from django.utils.safestring import mark_safe

from config.errors import NotFound
from tournaments.fastpath.cache import born, cached_per_key
from tournaments.fastpath.region_keys import bracket_region_key, region_key_at
from tournaments.models import Tournament
from tournaments.reads.bracket_parts import bracket_region_get, poll_seconds
from tournaments.templatetags.tournament_labels import MINE_MARK

MINE_MARKS = re.compile("\ue000(\\d+)\ue001([^\ue002]*)\ue002")


MATCH_CARDS = re.compile(r"<!--m(\d+)-->(.*?)<!--/m-->", re.S)


FINGERPRINT_SECONDS = 15 * 60  # how long a poll may name an older version and get a diff


def bracket_html(tournament: Tournament, mine: set[int], region: int = 0) -> str:
    """The bracket (the region `region` of a big one) as HTML, rendered once per key of what
    it shows for everyone; the viewer's own matches are then marked in the shared render and
    the poller of this version put in (text substitutions, not a render)."""
    render = region_render(tournament, region)
    html = mark(render["marked"], mine) if mine else render["plain"]
    return mark_safe(html.replace(LIVE_SLOT, poller(tournament, region, mine), 1))


def region_render(tournament: Tournament, region: int) -> dict:
    """One region of the bracket rendered once for everyone per key of what it shows
    (`region_keys.bracket_region_key`: a change in another region keeps it), with each match's
    card on its own (a live update sends only the cards that changed) and a slot for the
    poller of the version shown (`poller`, put in by `bracket_html`). The viewer's own
    matches are marked later (`mark`). Http404 for a region the bracket does not have."""
    key = region_key(tournament, region)

    def render_once() -> dict:
        bracket = bracket_region_get(tournament=tournament, region=region)
        for round_row in bracket["rounds"]:
            shown = (card_html(round_row["number"], m) for m in round_row["matches"])
            round_row["cards"] = mark_safe("".join(shown))
        context = {
            "tournament": tournament,
            "bracket": bracket,
            "parts_html": parts_html(tournament, bracket),
            "live_slot": LIVE_SLOT,
        }
        marked = render_to_string("tournaments/_bracket.html", context)
        cards = {int(m[1]): m[2] for m in MATCH_CARDS.finditer(marked)}
        fingerprints = {pk: zlib.crc32(card.encode()) for pk, card in cards.items()}
        cache.set(
            _fingerprint_key(tournament, region, key), fingerprints, timeout=FINGERPRINT_SECONDS
        )
        return {
            "marked": marked,
            "plain": MINE_MARKS.sub("", marked),
            "cards": cards,
            "fingerprints": fingerprints,
        }

    return cached_per_key(f"bracket-region-{region}", tournament, key, render_once)


def card_html(round_number: int, match: dict) -> str:
    """One match's card (`tournaments/_bracket_card.html`, the viewer's marks left as marks),
    rendered once in this process per what it shows: after a change in a region only the
    cards that changed are rendered again (rendering all of a region's 127 cards was three
    quarters of a changed page's CPU at 4,096 entries, issue 33). The key is everything the
    card is made from, so an entry can never be stale."""
    name = (
        round_number,
        repr(match),
        translation.get_language(),
        timezone.get_current_timezone_name(),
    )
    card = _CARDS.get(name)
    if card is None:
        context = {"round_number": round_number, "m": match, "mine": MINE_MARK}
        card = mark_safe(render_to_string("tournaments/_bracket_card.html", context).strip())
        if len(_CARDS) >= CARDS_MAX:
            _CARDS.clear()
        _CARDS[name] = card
    return card


def parts_html(tournament: Tournament, bracket: dict) -> str:
    """The menu of a big bracket's parts (`tournaments/_bracket_parts.html`; nothing for a
    bracket of one part), rendered once in this process per what it shows: it changes only
    with the region shown, not with results."""
    if bracket["regions"] <= 1:
        return ""
    name = ("parts", tournament.pk, bracket["region"], bracket["regions"], repr(bracket["parts"]))
    html = _CARDS.get(name)
    if html is None:
        context = {"tournament": tournament, "bracket": bracket}
        html = mark_safe(render_to_string("tournaments/_bracket_parts.html", context))
        if len(_CARDS) >= CARDS_MAX:
            _CARDS.clear()
        _CARDS[name] = html
    return html


# This process's rendered cards (and menus of parts), by what each shows (about 0.7 kB a
# card); emptied when full.
_CARDS: dict[tuple, str] = {}
CARDS_MAX = 20_000


def region_key(tournament: Tournament, region: int) -> str:
    try:
        return bracket_region_key(tournament=tournament, region=region)[1]
    except NotFound:
        raise Http404("The bracket has no such part.") from None


# Where the poller of the version shown goes in a region's shared render (it names the
# version, which moves with changes the region does not show).
LIVE_SLOT = "\ue003"


def poller(tournament: Tournament, region: int, mine: set[int]) -> str:
    """The element that polls a region for the version the page now shows. It names the
    viewer's own entries (`&mine=`): the cards a poll sends are marked from them, without
    reading the session (the marks only highlight entries the bracket shows to anyone)."""
    return render_to_string(
        "tournaments/_bracket_live.html",
        {
            "tournament": tournament,
            "bracket": {"region": region},
            "mine": ".".join(str(pk) for pk in sorted(mine)),
            "poll_seconds": poll_seconds(tournament=tournament),
        },
    )


def _fingerprint_key(tournament: Tournament, region: int, key: str) -> str:
    return f"tournaments:bracket-cards:{tournament.pk}:{born(tournament)}:{region}:{key}"


def mark(marked: str, mine: set[int]) -> str:
    """The shared render with the viewer's own matches and entries marked."""
    return MINE_MARKS.sub(lambda m: m[2] if int(m[1]) in mine else "", marked)


def region_unchanged(tournament: Tournament, region: int, since: int) -> bool:
    """True when the region shows at this version what it showed at version `since` (known
    for 15 minutes): a poll then needs only the poller of the new version, for anyone."""
    before = region_key_at(tournament, region, since)
    return before is not None and before == region_key(tournament, region)


def bracket_changes(tournament: Tournament, mine: set[int], region: int, since: int) -> str | None:
    """A live update of a region from version `since`: the poller for the new version and,
    swapped out of band, only the match cards that changed. None when the cards shown at
    `since` are not known any more or the region has other matches now (then the whole
    region is sent).

    The changed cards between two keys of the region are worked out once in this process
    (every page of the region that showed the same asks the same), from the cards alone."""
    before_key = region_key_at(tournament, region, since)
    if before_key is None:
        return None
    key = region_key(tournament, region)
    name = (tournament.pk, born(tournament), region, before_key, key)
    changed = _CHANGED_CARDS.get(name)
    if changed is None:
        before = cache.get(_fingerprint_key(tournament, region, before_key))
        cards = cached_per_key(
            f"bracket-cards-{region}",
            tournament,
            key,
            lambda: region_render(tournament, region)["cards"],
        )
        now = {pk: zlib.crc32(card.encode()) for pk, card in cards.items()}
        if not before or before.keys() != now.keys():
            return None
        changed = "".join(
            cards[pk].replace("<li ", '<li hx-swap-oob="true" ', 1)
            for pk, fingerprint in now.items()
            if before[pk] != fingerprint
        )
        if len(_CHANGED_CARDS) >= CHANGED_CARDS_MAX:
            _CHANGED_CARDS.clear()
        _CHANGED_CARDS[name] = changed
    return poller(tournament, region, mine) + mark(changed, mine)


# This process's changed cards between two keys of a region (an entry can never be stale: it
# names both keys); emptied when full.
_CHANGED_CARDS: dict[tuple, str] = {}


CHANGED_CARDS_MAX = 2_000
