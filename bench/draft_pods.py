"""Drafts through the services on PostgreSQL.

1. An 8-seat all-bot Combat draft (360 picks): total and per-pick time.
2. 64 pods drafting at once with simulated humans (processes picking through the services,
   no think time) and bots run by worker processes: no lost or duplicated picks; p50/p99
   latency of a pick (the service call, lock waits included), and where it goes: p50/p99 of
   the human's wait for the pod's row lock (a planned pick's conditional UPDATE, or the
   lock of a pick made under it), how human picks were made (planned before the lock and
   written in 2 statements under it, plans refused because the pod moved, picks made under
   the lock), and of a bots' locked transaction (from asking for the lock to the commit: a
   pass planned before the lock and written in 2 statements under it, or chosen under it);
   how many bots' plans were written, refused because the pod moved, and how many passes
   were chosen under the lock (after refused plans, or at a round's end). Baseline, same run
   and load: a bare transaction locking and updating a draft row every 0.5 s (p50/p99), in
   the main process and, every BARE_EVERY picks, in the pickers' processes themselves (the
   main process sleeps between its samples, which the box's scheduler favours).

Run: `BENCH_PODS=64 nice -n 10 .venv/bin/python bench/draft_pods.py` (BENCH_PODS=16 for a
quicker run). The load average is printed before and after, then a summary table on stderr.

Uses a throw-away test database (created and dropped here) on DATABASE_URL's server
(default postgres://postgres@127.0.0.1:5432/h_drafts_bench). Prints one JSON line per figure.
"""

import multiprocessing
import os
import queue
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/h_drafts_bench")
os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings.test"

import django

django.setup()

from django.db import connection, transaction  # noqa: E402
from django.db.models import F  # noqa: E402

from accounts.models import User  # noqa: E402
from bench import report  # noqa: E402
from config.errors import Conflict, ServiceError  # noqa: E402
from decks.drafting import services, tasks  # noqa: E402
from decks.drafting.models import Draft, Pack, PackCard, Pick  # noqa: E402
from decks.drafting.services import bot_picks as bot_services  # noqa: E402
from decks.drafting.services import human_pick  # noqa: E402

PODS = int(os.environ.get("BENCH_PODS", "64"))
HUMANS_PER_POD = int(os.environ.get("BENCH_HUMANS", "4"))
HUMAN_PROCESSES = int(os.environ.get("BENCH_PROCESSES", "4"))
WORKERS = 2
PICKERS_BARE: list[float] = []  # (a manager's list once the pods start)
PICK_PATHS: list[tuple[float, int, int]] = []  # (seconds, plans refused, locked) a pick


SUMMARY: list[str] = []


def emit(figure: str, value: float, unit: str, **extra) -> None:
    report.emit(figure, value, unit, **extra)
    SUMMARY.append(f"{figure:<40} {value:>12.3f} {unit}")


def emit_load(when: str) -> None:
    one, five, fifteen = os.getloadavg()
    stamp = time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime())
    report.emit(f"load_average_{when}", [one, five, fifteen], "1/5/15 min")
    SUMMARY.append(f"load average {when:<27} {one:.2f} {five:.2f} {fifteen:.2f} at {stamp}")


def all_bot_draft(organizer: User) -> None:
    """Figure 1: one 8-seat all-bot pod, start to finish, in this thread."""
    draft = services.draft_create(
        organizer=organizer, game_slug="combat", seats=8, bots=8, seed="bench"
    )
    started = time.perf_counter()
    services.draft_start(draft_id=draft.id, user=organizer)
    services.draft_bots_run(draft_id=draft.id)
    elapsed = time.perf_counter() - started
    picks = Pick.objects.filter(draft_id=draft.id).count()
    assert picks == 360, picks
    emit("draft_all_bot_8_seats_total", elapsed, "s")
    emit("draft_all_bot_per_pick", elapsed / picks * 1000, "ms")


def timed(function, into: list):
    """`function`, appending each call's wall time to `into`."""

    def call(*args, **kwargs):
        started = time.perf_counter()
        try:
            return function(*args, **kwargs)
        finally:
            into.append(time.perf_counter() - started)

    return call


def worker(jobs, stop, holds, stale) -> None:
    """A simulated Celery worker process: runs the bots of each pod it is told about."""
    connection.close()
    mine: list[float] = []
    # A bots' locked transaction, from asking for the lock to its commit (the lock is its
    # first query): writing a pass planned without the lock, or choosing under the lock.
    locked = timed(bot_services._bots_locked, mine)
    write = timed(bot_services._bots_write, mine)
    counts = {"written": 0, "refused": 0, "locked": 0}

    def counted_locked(draft_id, card_infos):  # plans refused, or a round's end
        counts["locked"] += 1
        return locked(draft_id, card_infos)

    def counted_write(plan):
        written = write(plan)
        counts["written" if written else "refused"] += 1
        return written

    bot_services._bots_locked, bot_services._bots_write = counted_locked, counted_write
    while not stop.is_set():
        try:
            draft_id = jobs.get(timeout=0.2)
        except queue.Empty:
            continue
        services.draft_bots_run(draft_id=draft_id)
    holds.extend(mine)
    stale.append((counts["written"], counts["refused"], counts["locked"]))


def heads_of(draft_ids: set[int]) -> dict[tuple[int, int], tuple[int, int]]:
    """(draft, seat) -> (pack, pick number) of every seat's head pack, in one query."""
    rows = (
        Pack.objects.filter(draft_id__in=draft_ids, round=F("draft__round"), cards_left__gt=0)
        .order_by("-arrival", "-id")
        .values_list("draft_id", "holder_seat", "id", "picks_made")
    )
    # Ordered from the back of each queue, so the head is the last one written.
    return {(draft, seat): (pack, picks + 1) for draft, seat, pack, picks in rows}


# The baseline measured inside the pickers' processes too: the bare transaction every
# BARE_EVERY picks, on the same connection and under the same scheduling as the picks (the
# main process's baseline sleeps between its samples, which the box's scheduler favours).
BARE_EVERY = 10
IDLE_DRAFT: list[int] = []  # the idle draft's id, set before the processes fork


def human(seats: list[tuple[int, int, int]], jobs, latencies, waits, paths, stop) -> None:
    """A process of simulated players: each picks the first card whenever a pack waits."""
    connection.close()
    my_waits: list[float] = []
    # The human's wait for the pod's lock: the planned pick's conditional UPDATE, or the
    # lock of a pick made under it (a last card, a round's end, a pod that kept moving).
    human_pick._claim = timed(human_pick._claim, my_waits)
    human_pick.draft_lock = timed(human_pick.draft_lock, my_waits)
    counts = {"planned": 0, "refused": 0, "locked": 0}
    write, locked = human_pick._write, human_pick._pick_locked
    this_pick = {"refused": 0, "locked": 0}

    def counted_write(plan):
        pick = write(plan)
        counts["planned" if pick is not None else "refused"] += 1
        this_pick["refused"] += pick is None
        return pick

    def counted_locked(*args):
        counts["locked"] += 1
        this_pick["locked"] = 1
        return locked(*args)

    human_pick._write, human_pick._pick_locked = counted_write, counted_locked
    tasks.draft_bots_run.delay = jobs.put  # on commit, bot runs go to the worker processes
    users = {u.pk: u for u in User.objects.filter(pk__in=[user for _, user, _ in seats])}
    draft_ids = {draft_id for draft_id, _, _ in seats}
    mine: list[float] = []
    my_paths: list[tuple[float, int, int]] = []  # each pick: (seconds, plans refused, locked)
    my_bare: list[float] = []
    while not stop.is_set():
        heads = heads_of(draft_ids)
        waiting = [(d, u, i) for d, u, i in seats if (d, i) in heads]
        for draft_id, user_id, index in waiting:
            pack_id, pick_number = heads[(draft_id, index)]
            card = PackCard.objects.filter(pack_id=pack_id, pick__isnull=True).first()
            this_pick.update(refused=0, locked=0)
            started = time.perf_counter()
            try:
                services.draft_pick_make(
                    draft_id=draft_id, user=users[user_id], pack_id=pack_id,
                    pick_number=pick_number, pack_card_id=card.id if card else 0,
                )  # fmt: skip
            except (Conflict, ServiceError):  # the pod moved on since we looked: read again
                continue
            mine.append(time.perf_counter() - started)
            my_paths.append((mine[-1], this_pick["refused"], this_pick["locked"]))
            if len(mine) % BARE_EVERY == 0:
                bare_locked_write(IDLE_DRAFT[0], my_bare)
        if not waiting:
            time.sleep(0.01)
    latencies.extend(mine)
    waits.extend(my_waits)
    PICKERS_BARE.extend(my_bare)
    paths.append((counts["planned"], counts["refused"], counts["locked"]))
    PICK_PATHS.extend(my_paths)
    jobs.cancel_join_thread()  # leftover bot jobs do not matter once every pod is finished


def bare_locked_write(draft_id: int, into: list[float]) -> None:
    """The baseline, under the same load: a bare transaction that locks a draft row nobody
    else uses (figure 1's) and updates it (2 statements), a pick's lock and save alone."""
    started = time.perf_counter()
    with transaction.atomic():
        list(Draft.objects.select_for_update().filter(pk=draft_id).values_list("pk"))
        Draft.objects.filter(pk=draft_id).update(arrivals=F("arrivals"))
    into.append(time.perf_counter() - started)


def many_pods(organizer: User) -> None:
    """Figure 2: PODS pods at once, HUMANS_PER_POD simulated players in each."""
    users = [User.objects.create_user(f"bench{i}", password="x") for i in range(PODS * 8)]
    drafts, seats = [], []
    for pod in range(PODS):
        draft = services.draft_create(
            organizer=organizer, game_slug="combat", seats=8, bots=8 - HUMANS_PER_POD,
            seed=f"pod-{pod}",
        )  # fmt: skip
        for seat in range(HUMANS_PER_POD):
            user = users[pod * 8 + seat]
            services.draft_join(draft_id=draft.id, user=user)
            seats.append((draft.id, user.pk, seat))
        drafts.append(draft.id)
    context = multiprocessing.get_context("fork")
    manager = context.Manager()
    jobs, stop = context.Queue(), context.Event()
    latencies, waits, holds = manager.list(), manager.list(), manager.list()
    stale, paths = manager.list(), manager.list()
    global PICKERS_BARE, PICK_PATHS
    PICKERS_BARE, PICK_PATHS = manager.list(), manager.list()
    IDLE_DRAFT[:] = [Draft.objects.exclude(pk__in=drafts).values_list("pk", flat=True)[0]]
    tasks.draft_bots_run.delay = jobs.put
    connection.close()  # each process opens its own connection
    processes = [
        context.Process(target=worker, args=(jobs, stop, holds, stale)) for _ in range(WORKERS)
    ]
    processes += [
        context.Process(
            target=human,
            args=(seats[i::HUMAN_PROCESSES], jobs, latencies, waits, paths, stop),
        )
        for i in range(HUMAN_PROCESSES)
    ]
    for process in processes:
        process.start()
    started = time.perf_counter()
    for draft_id in drafts:
        services.draft_start(draft_id=draft_id, user=organizer)
    bare: list[float] = []
    idle_draft = Draft.objects.exclude(pk__in=drafts).values_list("pk", flat=True)[0]
    while Draft.objects.filter(pk__in=drafts).exclude(status="finished").exists():
        time.sleep(0.5)
        bare_locked_write(idle_draft, bare)
        if time.perf_counter() - started > 1800:
            break
    elapsed = time.perf_counter() - started
    stop.set()
    for process in processes:
        process.join(timeout=30)
    check_and_report(drafts, list(latencies), elapsed)
    report_locks(waits, holds, bare)
    report_paths(paths, stale)
    report_tail(list(PICK_PATHS))


def report_tail(picks: list[tuple[float, int, int]]) -> None:
    """Where the slowest picks' time went: the p99 of the picks written on their first
    plan, of those planned again, of those made under the lock; and how the slowest 2% were
    made."""
    groups = {
        "first_plan": [s for s, refused, locked in picks if not refused and not locked],
        "planned_again": [s for s, refused, locked in picks if refused and not locked],
        "under_the_lock": [s for s, _, locked in picks if locked],
    }
    for name, values in groups.items():
        if values:
            ordered = sorted(values)
            emit(f"draft_human_pick_{name}_p50", statistics.median(ordered) * 1000, "ms")
            emit(f"draft_human_pick_{name}_p99", p99(ordered) * 1000, "ms", picks=len(values))
    slowest = sorted(picks, reverse=True)[: max(1, len(picks) // 50)]
    emit("draft_slowest_2pct_first_plan", sum(1 for _, r, n in slowest if not r and not n), "picks")
    emit("draft_slowest_2pct_planned_again", sum(1 for _, r, n in slowest if r and not n), "picks")
    emit("draft_slowest_2pct_under_the_lock", sum(1 for *_, n in slowest if n), "picks")


def p99(ordered: list[float]) -> float:
    return ordered[int(len(ordered) * 0.99) - 1]


def report_locks(waits, holds, bare: list[float]) -> None:
    """The humans' lock waits and the bots' transactions, beside the two bare baselines."""
    for name, values in (("human_lock_wait", waits), ("bots_transaction", holds)):
        ordered = sorted(values)
        emit(f"draft_{name}_p50", statistics.median(ordered) * 1000, "ms")
        emit(f"draft_{name}_p99", p99(ordered) * 1000, "ms")
    emit("draft_bots_transactions", len(holds), "transactions")
    ordered = sorted(bare)
    emit("bare_lock_and_update_p50", statistics.median(ordered) * 1000, "ms")
    emit("bare_lock_and_update_p99", p99(ordered) * 1000, "ms")
    ordered = sorted(PICKERS_BARE)
    emit("bare_lock_and_update_in_pickers_p50", statistics.median(ordered) * 1000, "ms")
    emit("bare_lock_and_update_in_pickers_p99", p99(ordered) * 1000, "ms", samples=len(ordered))


def report_paths(paths, stale) -> None:
    """How the humans' picks and the bots' passes were written: planned, refused, locked."""
    emit("draft_human_picks_planned_before_the_lock", sum(p for p, _, _ in paths), "picks")
    emit("draft_human_plans_refused_pod_moved", sum(r for _, r, _ in paths), "plans")
    emit("draft_human_picks_made_under_the_lock", sum(n for _, _, n in paths), "picks")
    emit("draft_bots_plans_written", sum(plans for plans, _, _ in stale), "plans")
    emit("draft_bots_plans_refused_pod_moved", sum(count for _, count, _ in stale), "plans")
    emit("draft_bots_chosen_under_lock", sum(count for _, _, count in stale), "transactions")


def check_and_report(drafts: list[int], latencies: list[float], elapsed: float) -> None:
    unfinished = Draft.objects.filter(pk__in=drafts).exclude(status="finished").count()
    picks = Pick.objects.filter(draft_id__in=drafts)
    total = picks.count()
    distinct = picks.values("pack_card").distinct().count()
    expected = 360 * len(drafts)
    emit(f"draft_{PODS}_pods_unfinished", unfinished, "pods")
    emit(f"draft_{PODS}_pods_lost_picks", expected - distinct, "picks")
    emit(f"draft_{PODS}_pods_duplicated_picks", total - distinct, "picks")
    emit(f"draft_{PODS}_pods_total", elapsed, "s")
    emit(f"draft_{PODS}_pods_picks_per_second", total / elapsed, "picks/s")
    ordered = sorted(latencies)
    emit("draft_human_pick_latency_p50", statistics.median(ordered) * 1000, "ms")
    emit("draft_human_pick_latency_p99", ordered[int(len(ordered) * 0.99) - 1] * 1000, "ms")


def main() -> None:
    old_name = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        emit_load("before")
        organizer = User.objects.create_user("bench-organizer", password="x")
        all_bot_draft(organizer)
        many_pods(organizer)
        emit_load("after")
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
    print(f"\n{PODS} pods, {HUMANS_PER_POD} humans + {8 - HUMANS_PER_POD} bots each, "
          f"{HUMAN_PROCESSES} human and {WORKERS} worker processes:", file=sys.stderr)  # fmt: skip
    print("\n".join(SUMMARY), file=sys.stderr)


if __name__ == "__main__":
    main()
