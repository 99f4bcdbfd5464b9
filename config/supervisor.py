"""Keep `make run`'s processes alive: the web server, the background worker and the scheduler.

A venue laptop runs for a whole day with nobody watching the terminal. Each process is a child
of the supervisor; one that exits is started again within a second or two, and one that is alive
but silent (its heartbeat older than HEALTHZ_SILENT_AFTER_S, see config/heartbeats) is killed and
started again. Each restart is said in the terminal. Nothing a restart interrupts is lost for
good: every timer and bot move is also enforced by a periodic sweep (CELERY_BEAT_SCHEDULE)."""

from __future__ import annotations

import subprocess
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

# A child that keeps dying at once is started again after this pause (still well within the
# 10 s the organizer may wait), so a broken setup does not spin a core.
CRASH_LOOP_PAUSE_S = 3.0
CRASH_LOOP_WINDOW_S = 10.0


@dataclass
class Child:
    """One supervised process: what to call it in the terminal, and how to start it."""

    label: str  # "background worker"
    command: Sequence[str]
    heartbeat: str | None = None  # the heartbeat name it writes, if any
    process: subprocess.Popen | None = None
    started_at: float = 0.0
    restarts: int = 0
    retry_at: float | None = None  # set once its exit is seen: when to start it again

    def is_running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def exit_reason(self) -> str:
        code = self.process.returncode if self.process else None
        if code is None:
            return "is running but silent"
        return f"was killed by signal {-code}" if code < 0 else f"exited with code {code}"


@dataclass
class Supervisor:
    children: list[Child]
    environment: Mapping[str, str]
    say: Callable[[str], None]
    # heartbeat name -> seconds since its last beat (None: never), read from the database.
    heartbeat_ages: Callable[[], Mapping[str, float | None]] | None = None
    silent_after_s: float = 60.0
    clock: Callable[[], float] = time.monotonic
    log: list[str] = field(default_factory=list)

    def start_all(self) -> None:
        for child in self.children:
            self._start(child)

    def check(self) -> None:
        """Start again every child that exited or went silent (call it every second)."""
        now = self.clock()
        for child in self._silent_children(now):
            self._note(f"The {child.label} {child.exit_reason()}; stopping it.")
            assert child.process is not None  # a silent child is a running one
            child.process.kill()
            child.process.wait()
        for child in self.children:
            if child.process is None or child.is_running():
                continue
            if child.retry_at is None:
                crash_loop = child.restarts > 0 and now - child.started_at < CRASH_LOOP_WINDOW_S
                child.retry_at = now + (CRASH_LOOP_PAUSE_S if crash_loop else 0.0)
                self._note(f"The {child.label} {child.exit_reason()}; starting it again.")
            if now >= child.retry_at:
                child.restarts += 1
                self._start(child)
                pid = child.process.pid if child.process else "?"
                self._note(f"The {child.label} is running again (pid {pid}).")

    def stop_all(self, timeout_s: float = 10.0) -> None:
        running = [
            process
            for child in self.children
            if child.is_running() and (process := child.process) is not None
        ]
        for process in running:
            process.terminate()
        deadline = time.monotonic() + timeout_s
        for process in running:
            try:
                process.wait(timeout=max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()

    def _start(self, child: Child) -> None:
        child.process = subprocess.Popen(list(child.command), env=dict(self.environment))
        child.started_at = self.clock()
        child.retry_at = None

    def _silent_children(self, now: float) -> list[Child]:
        """Running children whose heartbeat is too old, once they had time to write one."""
        watched = [child for child in self.children if child.heartbeat and child.is_running()]
        if not watched or self.heartbeat_ages is None:
            return []
        try:
            ages = self.heartbeat_ages()
        except Exception:  # the database away: no verdict, and nothing killed on a guess
            return []
        silent = []
        for child in watched:
            if now - child.started_at <= self.silent_after_s:
                continue  # still starting: an old heartbeat is its predecessor's
            age = ages.get(child.heartbeat or "")
            if age is None or age > self.silent_after_s:
                silent.append(child)
        return silent

    def _note(self, message: str) -> None:
        stamped = f"{time.strftime('%H:%M:%S')} {message}"
        self.log.append(stamped)
        self.say(stamped)
