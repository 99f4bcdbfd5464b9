"""The embedded broker of `make run`: a soak of the real worker under 8 concurrent producers.

Starts a Celery worker as `make run` does (threads pool, 4 threads) on a throwaway var/ folder,
then 8 producer processes (the web server's and the scheduler's part) send `config.ping` tasks
as fast as they can. Each finished task leaves its result file, so a lost task is a sent id
with no result. Figures per candidate broker: tasks sent, finished, lost, worker crashes (the
worker process gone, or "Unrecoverable error" in its output), and throughput.

Candidates (README "The embedded broker" says why the first was chosen):
- `sqlite`: kombu's SQLAlchemy transport on a SQLite file, as config/embedded_broker.py sets it.
- `filesystem` (the baseline, today's before issue 33): kombu's filesystem transport, which
  reads message files before their writer finished them (kombu issue 1551).

Usage: python bench/embedded_broker.py [--tasks 20000] [--baseline-tasks 2000] [--producers 8]
       [--broker sqlite|filesystem ...]
One JSON line per figure, with the machine, date and load.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import subprocess
import sys
import tempfile
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TASK = "config.ping"
# The unit of each figure a soak returns.
UNITS = {
    **dict.fromkeys(("sent", "asked", "finished", "lost"), "tasks"),
    **{"worker_crashes": "crashes", "send_s": "s", "total_s": "s", "tasks_per_s": "tasks/s"},
}


def broker_settings(kind: str, var_dir: Path) -> tuple[str, str, dict]:
    """(broker URL, transport, transport options) for a candidate broker in var_dir."""
    if kind == "sqlite":
        from config.embedded_broker import engine_options, prepare_database

        path = var_dir / "broker.sqlite3"
        prepare_database(path)
        return f"sqlite:///{path}", "config.embedded_broker:Transport", engine_options()
    if kind == "filesystem":
        folder = var_dir / "broker"
        (folder / "control").mkdir(parents=True, exist_ok=True)
        options = {"data_folder_in": str(folder), "data_folder_out": str(folder),
                   "control_folder": str(folder / "control"), "store_processed": False}  # fmt: skip
        return "filesystem://localhost/", "filesystem", options
    raise ValueError(f"unknown broker {kind!r}: sqlite or filesystem")


def start_worker(kind: str, var_dir: Path, log: Path) -> subprocess.Popen:
    """A worker as `make run` starts it, on the candidate broker."""
    url, transport, options = broker_settings(kind, var_dir)
    (var_dir / "results").mkdir(parents=True, exist_ok=True)
    environment = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "REDIS_URL"}}
    environment.update(
        DJANGO_SETTINGS_MODULE="config.settings.local",
        VAR_DIR=str(var_dir),
        DATABASE_URL=f"sqlite:///{var_dir / 'db.sqlite3'}",
        CELERY_BROKER_URL=url,
        BENCH_BROKER_TRANSPORT=transport,
        BENCH_BROKER_OPTIONS=json.dumps(options),
    )
    code = (
        "import json, os, sys; from config.celery import app; "
        "app.conf.broker_transport = os.environ['BENCH_BROKER_TRANSPORT']; "
        "app.conf.broker_transport_options = json.loads(os.environ['BENCH_BROKER_OPTIONS']); "
        f"app.conf.result_backend = 'file://{var_dir / 'results'}'; "
        "app.worker_main(sys.argv[1:])"
    )
    command = [sys.executable, "-c", code, "worker", "--pool=threads", "--concurrency=4",
               "--loglevel=WARNING", "--without-gossip", "--without-mingle",
               "--without-heartbeat"]  # fmt: skip
    with log.open("w") as output:
        return subprocess.Popen(command, cwd=ROOT, env=environment, stdout=output,
                                stderr=subprocess.STDOUT)  # fmt: skip


def produce(kind: str, var_dir: str, count: int, ids_file: str) -> None:
    """One producer process: send `count` tasks, write their ids (a failed send is not sent)."""
    from celery import Celery

    url, transport, options = broker_settings(kind, Path(var_dir))
    client = Celery(broker=url, set_as_current=False)
    client.conf.broker_transport = transport
    client.conf.broker_transport_options = options
    sent = []
    for _ in range(count):
        try:
            sent.append(client.send_task(TASK).id)
        except Exception:  # a send that fails is reported, not counted as sent
            traceback.print_exc()
    Path(ids_file).write_text("\n".join(sent))


def finished_ids(var_dir: Path) -> set[str]:
    prefix = "celery-task-meta-"
    return {p.name.removeprefix(prefix) for p in (var_dir / "results").glob(prefix + "*")}


def soak(kind: str, *, tasks: int, producers: int, var_dir: Path, stall_s: float = 60) -> dict:
    """Run the soak on one candidate; the figures as a dict."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")
    log = var_dir / "worker.log"
    if kind == "sqlite":  # as make run does before it starts anything
        from config.embedded_broker import create_queue

        create_queue(broker_settings(kind, var_dir)[0])
    worker = start_worker(kind, var_dir, log)
    started = time.monotonic()
    # fork where there is one: a producer needs no fresh interpreter (spawn costs seconds each)
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    share, extra = divmod(tasks, producers)
    jobs = []
    for number in range(producers):
        count = share + (1 if number < extra else 0)
        ids_file = str(var_dir / f"sent-{number}.txt")
        job = context.Process(target=produce, args=(kind, str(var_dir), count, ids_file))
        job.start()
        jobs.append((job, ids_file))
    for job, _ in jobs:
        job.join()
    sent = set()
    for _, ids_file in jobs:
        text = Path(ids_file).read_text() if Path(ids_file).exists() else ""
        sent.update(filter(None, text.split("\n")))
    sent_s = time.monotonic() - started
    # Wait while the worker makes progress: a task not finished when it has finished nothing
    # for `stall_s` is lost (a slow box only makes the wait longer).
    done, last_progress = 0, time.monotonic()
    while worker.poll() is None and time.monotonic() - last_progress < stall_s:
        finished_now = len(sent & finished_ids(var_dir))
        if finished_now == len(sent):
            break
        if finished_now > done:
            done, last_progress = finished_now, time.monotonic()
        time.sleep(1)
    elapsed = time.monotonic() - started
    crashed = worker.poll() is not None
    worker.terminate()
    worker.wait(timeout=30)
    output = log.read_text(errors="replace")
    crashes = int(crashed) + output.count("Unrecoverable error")
    finished = sent & finished_ids(var_dir)
    return {"broker": kind, "sent": len(sent), "asked": tasks, "finished": len(finished),
            "lost": len(sent - finished), "worker_crashes": crashes,
            "send_s": round(sent_s, 1), "total_s": round(elapsed, 1),
            "tasks_per_s": round(len(finished) / elapsed, 1)}  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tasks", type=int, default=20_000)
    # The filesystem transport lists its whole folder for every message it takes, so a large
    # backlog takes it far longer than 10 minutes: its soak is smaller (its crash shows anyway).
    parser.add_argument("--baseline-tasks", type=int, default=2_000)
    parser.add_argument("--producers", type=int, default=8)
    parser.add_argument("--broker", action="append", choices=["sqlite", "filesystem"])
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    from bench import report

    for kind in args.broker or ["sqlite", "filesystem"]:
        with tempfile.TemporaryDirectory() as folder:
            tasks = args.tasks if kind == "sqlite" else args.baseline_tasks
            figures = soak(kind, tasks=tasks, producers=args.producers, var_dir=Path(folder))
        for name, value in figures.items():
            if name != "broker":
                report.emit(f"embedded_broker_{name}", value, UNITS[name], broker=kind)


if __name__ == "__main__":
    main()
