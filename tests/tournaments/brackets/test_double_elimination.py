"""Double elimination, pure: whole events played with random winners, and the drop orders
checked against every other order (brute force) for small brackets."""

from collections import Counter
from itertools import permutations, product
from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.brackets import double_elimination as de
from tournaments.brackets.errors import BracketError


def play(n: int, *, reset: bool, rng: Random, choose=None):
    """A whole event: random ready match, random winner. Returns the run, every match as
    (spot, entries, winner), and where each entry was knocked out."""
    run = de.run_start(list(range(1, n + 1)), reset_allowed=reset)
    played, out = [], {}
    while run.champion is None:
        spot = rng.choice(de.ready(run))
        held = list(run.slots[spot])
        winner_slot = choose(spot, held) if choose else rng.randrange(2)
        de.run_report(run, spot, winner_slot)
        played.append((spot, tuple(held), held[winner_slot]))
        loser = held[1 - winner_slot]
        if spot.side == de.LOSERS or spot.side == de.FINAL:
            out[loser] = spot
    out.pop(run.champion, None)  # beaten in the grand final, then won the reset
    return run, played, out


@settings(max_examples=80, deadline=None)
@given(n=st.integers(2, 70), reset=st.booleans(), seed=st.integers(0, 2**32))
def test_every_entry_loses_twice_and_one_champion_is_left(n, reset, seed):
    # given a whole event played with random winners
    run, played, _out = play(n, reset=reset, rng=Random(seed))
    losses = Counter(entries[1 - entries.index(w)] for _s, entries, w in played)
    # then exactly one champion, everyone else lost twice, save the winners' bracket winner
    # beaten once in a grand final with no reset; the champion lost once at most: when the
    # losers' bracket winner won the grand final
    reset_played = any(spot == de.RESET for spot, _e, _w in played)
    gf = next(p for p in played if p[0] == de.GRAND_FINAL)
    assert run.champion is not None
    assert losses[run.champion] == int(gf[2] == gf[1][1] or run.champion == gf[1][1])
    once = [e for e in range(1, n + 1) if e != run.champion and losses[e] != 2]
    if gf[2] == gf[1][1] and not reset:
        assert once == [gf[1][0]]
        assert losses[gf[1][0]] == 1
    else:
        assert once == []
    # and the matches are the losses: 2n - 2, one more for a reset or one fewer without it
    assert len(played) == sum(losses.values())
    assert reset_played == (reset and gf[2] == gf[1][1])


@settings(max_examples=80, deadline=None)
@given(n=st.sampled_from([4, 8, 16, 32, 64]), seed=st.integers(0, 2**32))
def test_a_first_losers_match_is_never_a_rematch_but_in_the_losers_final(n, seed):
    # given a whole event of a full bracket played with random winners (with byes an entry
    # that passes a losers' round may meet an earlier opponent sooner: RULINGS.md D2)
    _run, played, _out = play(n, reset=True, rng=Random(seed))
    met: dict[int, set[int]] = {e: set() for e in range(1, n + 1)}
    seen_in_losers: set[int] = set()
    last_losers = de.layout(n).losers_rounds
    for spot, entries, _winner in played:
        if len(entries) == 2:
            a, b = entries
            if spot.side == de.LOSERS:
                fresh = [e for e in entries if e not in seen_in_losers]
                # then an entry's first losers' match is against someone new, except in the
                # losers' final (the winners' final's loser has no other match to drop into)
                if spot.round != last_losers:
                    for entry in fresh:
                        other = b if entry == a else a
                        assert other not in met[entry], (spot, entries)
                seen_in_losers.update(entries)
            met[a].add(b)
            met[b].add(a)


@settings(max_examples=80, deadline=None)
@given(n=st.integers(2, 90), reset=st.booleans(), seed=st.integers(0, 2**32))
def test_placements_share_places_two_to_n(n, reset, seed):
    # given a finished event and the place of every entry knocked out
    run, _played, out = play(n, reset=reset, rng=Random(seed))
    by_spot = de.placements(n)
    places = {entry: by_spot[spot] for entry, spot in out.items()}
    # then every entry but the champion has one, and each shared place holds as many
    # entries as it spans: 2, 3, 4, 5-6, 7-8 ... cover places 2..n exactly once
    assert set(places) == set(range(1, n + 1)) - {run.champion}
    held = Counter((p.first, p.last) for p in places.values())
    covered = sorted(x for (first, last), count in held.items() for x in range(first, last + 1))
    assert covered == list(range(2, n + 1))
    assert all(count == last - first + 1 for (first, last), count in held.items())


def test_eight_entries_place_third_fourth_then_pairs():
    # given eight entries
    by_spot = de.placements(8)
    # then the losers' final's loser is 3rd, the round before 4th, then 5-6 and 7-8
    labels = {spot.round: p.label for spot, p in by_spot.items() if spot.side == de.LOSERS}
    assert labels == {4: "3", 3: "4", 2: "5-6", 1: "7-8"}


def test_a_bye_makes_a_losers_match_a_pass_through():
    # given five entries (three byes in eight slots)
    plan = de.layout(5)
    # then only played matches are listed: 3 byes + 1 first-round match, and 2n - 2 played
    played = [p for p in plan.matches.values() if not p.is_bye]
    assert sum(p.is_bye for p in plan.matches.values()) == 3
    assert len(played) == 2 * 5 - 2
    # and every slot of a played match after round 1 is fed by exactly one match
    feeders = plan.feeders()
    for planned in played:
        if planned.spot.side != de.WINNERS or planned.spot.round > 1:
            assert {de.Place(planned.spot, 0), de.Place(planned.spot, 1)} <= set(feeders)


def test_reporting_a_match_that_is_not_ready_is_refused():
    run = de.run_start([1, 2, 3, 4], reset_allowed=True)
    with pytest.raises(BracketError):
        de.run_report(run, de.GRAND_FINAL, 0)


def test_three_entries_a_match_are_refused():
    with pytest.raises(de.NotDoubleElimination, match="two entries"):
        de.check_two_entries(3)


def possible_rematches(size: int, drops: list[list[int]]) -> int:
    """Losers' matches where a dropped winners' loser may meet an entry it may have played:
    the survivors that can reach that slot include someone from its own winners' region.
    `drops[r - 2][i]`: the losers' match winners' round r's match i's loser takes."""
    routes = de._raw_routes(size, de.drops_of(size, ["natural"] * len(drops)))
    regions: dict[de.Place, frozenset[int]] = {}
    count = 0
    for spot in routes:  # in play order
        win, lose = routes[spot]
        if spot.side == de.WINNERS:
            span = 1 << (spot.round - 1)
            if spot.round >= 2:
                taken = drops[spot.round - 2][spot.position]
                lose = de.Place(de.Spot(de.LOSERS, lose.spot.round, taken), 1)
            regions[lose] = frozenset(range(spot.position * span, (spot.position + 1) * span))
            continue
        a, b = regions[de.Place(spot, 0)], regions[de.Place(spot, 1)]
        if spot.round % 2 == 0 and spot.round > 1 and a & b:
            count += 1
        regions[win] = a | b
    return count


def standard(size: int) -> list[list[int]]:
    rounds = size.bit_length() - 1
    orders = de.drop_orders(size)
    return [de.ORDERINGS[orders[r - 2]](list(range(size >> r))) for r in range(2, rounds + 1)]


@pytest.mark.parametrize("size", [4, 8, 16])
def test_the_drop_orders_are_as_good_as_every_other_order(size):
    # given every way of dropping each winners' round's losers (brute force)
    rounds = size.bit_length() - 1
    every = [list(permutations(range(size >> r))) for r in range(2, rounds + 1)]
    best = min(possible_rematches(size, [list(p) for p in combo]) for combo in product(*every))
    # then the chosen orders allow no more possible rematches than the best of them: one,
    # the winners' final's loser in the losers' final
    assert possible_rematches(size, standard(size)) == best == 1


@pytest.mark.parametrize("size", [32, 64, 256])
def test_bigger_brackets_allow_only_the_losers_final_rematch(size):
    assert possible_rematches(size, standard(size)) == 1


def every_drop(size: int):
    """Every way of dropping each winners' round's losers (brute force)."""
    rounds = size.bit_length() - 1
    every = [list(permutations(range(size >> r))) for r in range(2, rounds + 1)]
    return [[list(p) for p in combo] for combo in product(*every)]


@pytest.mark.parametrize("size", [4, 8, 16])
def test_with_byes_the_layout_allows_the_fewest_early_rematches(size):
    """D2 with byes: for every entry count up to 16, no way of dropping the losers allows
    fewer early rematches than the layout's (a bye's loser is nobody, pass-throughs pass)."""
    combos = every_drop(size)
    for n in range(size // 2 + 1, size + 1):
        chosen = de.early_rematches(n, de.drops_of(size, de.chosen_orders(n)))
        assert chosen == min(de.early_rematches(n, drops) for drops in combos), n


def test_with_more_byes_winners_round_two_drops_in_another_order():
    # given 32 slots: no named order of any round does better than the layout's, which for
    # 19 to 21 entries drops winners' round 2 in reverse (standard orders: 4, 5, 4)
    names = list(de.ORDERINGS)
    for n in (20, 23):
        best = min(
            de.early_rematches(n, de.drops_of(32, combo)) for combo in product(names, repeat=4)
        )
        assert de.early_rematches(n, de.drops_of(32, de.chosen_orders(n))) == best, n
    assert de.chosen_orders(20)[0] == "reverse"
    assert de.early_rematches(20, de.drops_of(32, de.drop_orders(32))) == 5
    # and a bracket drawn with the first layout keeps its routes
    assert de.layout(20, 1).orders == de.drop_orders(32) != de.layout(20).orders
    # a full bracket is never changed
    assert de.chosen_orders(32) == de.drop_orders(32)


@settings(max_examples=40, deadline=None)
@given(n=st.integers(17, 70), seed=st.integers(0, 2**32))
def test_with_byes_rematches_happen_only_where_the_layout_allows_them(n, seed):
    # given a whole event with byes played with random winners
    _run, played, _out = play(n, reset=True, rng=Random(seed))
    met: dict[int, set[int]] = {e: set() for e in range(1, n + 1)}
    seen_in_losers: set[int] = set()
    early = set()
    for spot, entries, _winner in played:
        a, b = entries
        if spot.side == de.LOSERS:
            if any(e not in seen_in_losers and ({a, b} - {e}) & met[e] for e in entries):
                early.add(spot)
            seen_in_losers.update(entries)
        met[a].add(b)
        met[b].add(a)
    # then no more losers' matches were early rematches than the layout's count allows
    size = 1 << de.rounds_needed(n, 2)
    assert len(early) <= de.early_rematches(n, de.drops_of(size, de.chosen_orders(n)))
