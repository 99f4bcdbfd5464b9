"""Pure Swiss rounds in pods of 3 or 4 entries (ruling S8 in tournaments/RULINGS.md): pods by
record with no rematch while one can be avoided, and the bye of ruling S2.

Plain data in, plain data out (no Django); the standings and the 2-entry pairer are `swiss.py`.
Finding pods with no rematch at all is NP-hard in general: swaps between pods, a bounded search
around a pod left with a rematch, and an exhaustive search for small rounds stand in for an exact
solver (the figures are in BENCHMARKS.md, bench/swiss_pairing.py).
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from typing import Any

from tournaments.brackets.errors import BracketError
from tournaments.brackets.swiss import shuffle_within_points

POD_WINDOW = 8  # a pod swaps entries with the POD_WINDOW pods either side first (see _best_swap)
SWAP_CAP_PER_POD = 50  # bounds the swaps of one round's pod improvement (see _improve)
EXACT_LIMIT = 12  # up to this many entries in pods, the fewest rematches are searched exhaustively
REPAIR_PODS = 16  # a pod left with a rematch is re-placed with up to this many pods around it
SEARCH_BUDGET = 5_000  # steps of that search before it gives up (see _rematch_free)


@dataclass(frozen=True)
class PodPairings:
    """A round of pods (best records first), the entry with the bye, and the rematches made: the
    pairs of entries sharing a pod that had already met (S8)."""

    pods: list[tuple[int, ...]]
    bye: int | None
    rematches: int


def pods_by_record(
    ranked: Sequence[int],
    points: dict[int, int],
    per_match: int,
    had_bye: set[int],
    rng: random.Random,
    *,
    played: set[frozenset[int]],
) -> PodPairings:
    """Pods of `per_match` (3 or 4) entries by record, and the entry with the bye (S8).

    The ranked entries are shuffled inside each points group (S7) and cut into pods in that
    order. One entry left over gets the bye (S2); two or more left over form one smaller pod at
    the bottom, as in random rounds. `played` holds every pair of entries that met in an earlier
    round (a pod counts each of its pairs). The cut is then improved (`_place`): by swapping
    entries between pods, first to put fewer pairs that already met into one pod, then to
    narrow the points inside the pods (`_improve`); by re-placing the pods around one still
    holding a rematch (`_repair`); for up to EXACT_LIMIT entries by an exhaustive search for the
    fewest rematches (`_fewest_rematches`)."""
    if len(set(ranked)) != len(ranked):
        raise BracketError("An entry is listed twice.")
    if per_match < 2:
        raise BracketError("A pod has at least 2 entries.")
    order = shuffle_within_points(ranked, points, rng)
    bye_entry = None
    if len(order) % per_match == 1:
        without = [entry for entry in reversed(ranked) if entry not in had_bye]
        bye_entry = without[0] if without else ranked[-1]
        order.remove(bye_entry)
    pods = [order[i : i + per_match] for i in range(0, len(order), per_match)]
    costs = _Costs(points, played)
    rematches = _place(pods, order, costs)
    position = {entry: index for index, entry in enumerate(order)}
    ordered = [tuple(sorted(pod, key=position.__getitem__)) for pod in pods]
    # best records first: by the pod's mean points, then by its best-ranked entry
    ordered.sort(
        key=lambda pod: (-Fraction(sum(points.get(e, 0) for e in pod), len(pod)), position[pod[0]])
    )
    return PodPairings(pods=ordered, bye=bye_entry, rematches=rematches)


class _Costs:
    """What a pod costs, as (rematches, spread): the pairs of its entries that already met, and
    the sum of the squared points gaps of its pairs. Tuples compare rematches first (S8)."""

    def __init__(self, points: dict[int, int], played: set[frozenset[int]]):
        self.points, self.played = points, played

    def against(self, entry: int, others: Sequence[int]) -> tuple[int, int]:
        """The cost of `entry` sitting with `others`."""
        mine, met, spread = self.points.get(entry, 0), 0, 0
        for other in others:
            met += frozenset((entry, other)) in self.played
            spread += (mine - self.points.get(other, 0)) ** 2
        return met, spread

    def pod(self, pod: Sequence[int]) -> tuple[int, int]:
        met = spread = 0
        for index, entry in enumerate(pod):
            m, s = self.against(entry, pod[index + 1 :])
            met, spread = met + m, spread + s
        return met, spread


def _improve(pods: list[list[int]], costs: _Costs, todo: list[int]) -> None:
    """Swap entries between pods while a swap lowers the cost (S8), starting from the pods in
    `todo`; a pod changed by a swap is looked at again, and so, at the end, is every pod still
    holding a rematch that other swaps changed the round around: when this returns, no single
    swap anywhere lowers the rematches. Every swap strictly lowers the total (rematches, then
    spread), so this ends; SWAP_CAP_PER_POD only bounds a pathological run."""
    queue, queued = deque(todo), set(todo)
    swaps, looked = 0, {}  # looked[p]: the swap count when pod p last found no swap
    while queue and swaps < SWAP_CAP_PER_POD * len(pods):
        p = queue.popleft()
        queued.discard(p)
        swap = _best_swap(pods, p, costs)
        if swap is None:
            looked[p] = swaps
        else:
            q, i, j = swap
            pods[p][i], pods[q][j] = pods[q][j], pods[p][i]
            swaps += 1
            queue.extend(pod for pod in (p, q) if pod not in queued)
            queued |= {p, q}
        if not queue:
            stale = [
                q for q, pod in enumerate(pods) if costs.pod(pod)[0] and looked.get(q, -1) < swaps
            ]
            queue.extend(stale)
            queued |= set(stale)


def _best_swap(pods: list[list[int]], p: int, costs: _Costs) -> tuple[int, int, int] | None:
    """The swap of an entry of pod `p` with an entry of another pod that lowers the total cost
    most (rematches first, then spread), as (pod, index in p, index in that pod), or None.

    Pods nearer in the ranked order are looked at first: POD_WINDOW pods either side, then
    further out only while `p` holds a rematch that no swap found so far removes, so a rematch
    is left only when no single swap anywhere lowers the count."""
    pod = pods[p]
    has_rematch = costs.pod(pod)[0] > 0
    best, best_delta = None, (0, 0)
    here = [costs.against(a, pod[:i] + pod[i + 1 :]) for i, a in enumerate(pod)]
    for distance in range(1, len(pods)):
        if distance > POD_WINDOW and (not has_rematch or best_delta[0] < 0):
            break
        for q in (p - distance, p + distance):
            if not 0 <= q < len(pods):
                continue
            other = pods[q]
            there = [costs.against(b, other[:j] + other[j + 1 :]) for j, b in enumerate(other)]
            for i, a in enumerate(pod):
                rest = pod[:i] + pod[i + 1 :]
                for j, b in enumerate(other):
                    b_here = costs.against(b, rest)
                    a_there = costs.against(a, other[:j] + other[j + 1 :])
                    delta = (
                        b_here[0] + a_there[0] - here[i][0] - there[j][0],
                        b_here[1] + a_there[1] - here[i][1] - there[j][1],
                    )
                    if delta < best_delta:
                        best, best_delta = (q, i, j), delta
    return best


def _place(pods: list[list[int]], order: list[int], costs: _Costs) -> int:
    """Improve the cut `pods` in place (S8) and return the rematches left: swaps first; then,
    for a pod still holding a rematch, a search re-placing it and its neighbours without any
    (`_repair`); for at most EXACT_LIMIT entries, the exhaustive fewest."""
    position = {entry: index for index, entry in enumerate(order)}
    todo = [p for p, pod in enumerate(pods) if costs.pod(pod)[0]]
    while todo:
        _improve(pods, costs, todo)
        todo, failed = [], set[range]()
        for p in range(len(pods)):
            around = _neighbours(len(pods), p)
            if costs.pod(pods[p])[0] and around not in failed:
                if _repair(pods, around, costs, position):
                    todo += around
                    failed.clear()
                else:
                    failed.add(around)
        if todo:  # something was re-placed: swap again (spread, and rematches left elsewhere)
            todo += [p for p, pod in enumerate(pods) if costs.pod(pod)[0]]
    rematches = sum(costs.pod(pod)[0] for pod in pods)
    if rematches and len(order) <= EXACT_LIMIT:
        fewest = _fewest_rematches(order, [len(pod) for pod in pods], costs.played, rematches)
        if fewest is not None:
            _put_back(pods, fewest, range(len(pods)), position)
            _improve(pods, costs, list(range(len(pods))))
            rematches = sum(costs.pod(pod)[0] for pod in pods)
    return rematches


def _neighbours(count: int, p: int) -> range:
    """The REPAIR_PODS pods around pod `p` (every pod of a round with fewer)."""
    low = max(0, min(p - REPAIR_PODS // 2, count - REPAIR_PODS))
    return range(low, min(count, low + REPAIR_PODS))


def _repair(pods: list[list[int]], around: range, costs: _Costs, position: dict[int, int]) -> bool:
    """Re-place the entries of the pods `around` so that none of them holds a rematch, keeping
    their sizes; False (and nothing changed) if the search finds no way."""
    entries = sorted((entry for q in around for entry in pods[q]), key=position.__getitem__)
    found = _rematch_free(entries, [len(pods[q]) for q in around], costs.played)
    if found is None:
        return False
    _put_back(pods, found, around, position)
    return True


def _put_back(
    pods: list[list[int]], made: list[Any], where: range, position: dict[int, int]
) -> None:
    """Write the pods `made` over `pods[where]`, best-ranked first, each at an index of its size."""
    made = sorted(made, key=lambda pod: min(position[entry] for entry in pod))
    for q in where:
        pod = next(pod for pod in made if len(pod) == len(pods[q]))
        made.remove(pod)
        pods[q] = sorted(pod, key=position.__getitem__)


class _OutOfBudget(Exception):
    pass


def _rematch_free(
    entries: list[int], sizes: list[int], played: set[frozenset[int]]
) -> list[tuple[int, ...]] | None:
    """Pods of `sizes` over `entries` (ranked order) with no two entries that already met, or
    None if the search finds none within SEARCH_BUDGET steps.

    Depth-first: the entry with the fewest possible pod mates left is placed first (so a dead
    end shows at once), with the mates nearest to it in the ranked order first."""
    position = {entry: index for index, entry in enumerate(entries)}
    allowed = {
        entry: {o for o in entries if o != entry and frozenset((entry, o)) not in played}
        for entry in entries
    }
    steps = [0]

    def search(left: set[int], sizes_left: list[int]) -> list[tuple[int, ...]] | None:
        if not left:
            return []
        steps[0] += 1
        if steps[0] > SEARCH_BUDGET:
            raise _OutOfBudget
        first = min(left, key=lambda e: (len(allowed[e] & left), position[e]))
        near = sorted(
            allowed[first] & left, key=lambda e: (abs(position[e] - position[first]), position[e])
        )
        for size in sorted(set(sizes_left), reverse=True):
            remaining = list(sizes_left)
            remaining.remove(size)
            for mates in _cliques(near, size - 1, allowed):
                found = search(left - {first, *mates}, remaining)
                if found is not None:
                    return [(first, *mates), *found]
        return None

    try:
        return search(set(entries), sizes)
    except _OutOfBudget:
        return None


def _cliques(
    candidates: list[int], need: int, allowed: dict[int, set[int]]
) -> Iterator[tuple[int, ...]]:
    """Every `need` entries of `candidates` (in their order) no two of which have met."""
    if need == 0:
        yield ()
        return
    for index, entry in enumerate(candidates):
        rest = [other for other in candidates[index + 1 :] if other in allowed[entry]]
        if len(rest) >= need - 1:
            for more in _cliques(rest, need - 1, allowed):
                yield (entry, *more)


def _fewest_rematches(
    order: list[int], sizes: list[int], played: set[frozenset[int]], bound: int
) -> list[tuple[int, ...]] | None:
    """Pods of `sizes` over `order` with the fewest rematches, if fewer than `bound`, else None.

    Exhaustive (branch and bound): the first entry left takes every possible set of pod mates,
    in the ranked order, so among equally good placements the first found keeps records
    closest. Used for at most EXACT_LIMIT entries (15,400 placements of 12 into pods of 3)."""
    best: list[Any] = [bound, None]

    def place(left: list[int], sizes_left: list[int], made: list[Any], met: int) -> None:
        if met >= best[0]:
            return
        if not left:
            best[:] = [met, list(made)]
            return
        first, rest = left[0], left[1:]
        for size in sorted(set(sizes_left), reverse=True):
            remaining = list(sizes_left)
            remaining.remove(size)
            for mates in combinations(rest, size - 1):
                pod = (first, *mates)
                extra = sum(frozenset(pair) in played for pair in combinations(pod, 2))
                others = [entry for entry in rest if entry not in mates]
                place(others, remaining, [*made, pod], met + extra)

    place(order, sizes, [], 0)
    pods: list[tuple[int, ...]] | None = best[1]
    return pods
