"""make run's supervisor (config/supervisor.py) with real child processes: a child that dies is
started again at the next check and the terminal says so; a live but silent one is replaced; a
child that keeps dying at once waits a moment; nothing is killed on a guess."""

import signal
import sys

import pytest

from config.supervisor import CRASH_LOOP_PAUSE_S, Child, Supervisor

SLEEPER = [sys.executable, "-c", "import time; time.sleep(120)"]
QUITTER = [sys.executable, "-c", "raise SystemExit(3)"]


class Clock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture
def make_supervisor(clock):
    made = []

    def make(*children: Child, ages=None, silent_after_s=60.0) -> Supervisor:
        supervisor = Supervisor(
            children=list(children), environment={}, say=lambda line: None,
            heartbeat_ages=ages, silent_after_s=silent_after_s, clock=clock,
        )  # fmt: skip
        supervisor.start_all()
        made.append(supervisor)
        return supervisor

    yield make
    for supervisor in made:
        supervisor.stop_all(timeout_s=5)


def test_a_killed_child_is_started_again_at_the_next_check_and_the_terminal_says_so(
    make_supervisor, clock
):
    worker = Child("background worker", SLEEPER)
    web = Child("web server", SLEEPER)
    supervisor = make_supervisor(web, worker)
    first_pid, web_pid = worker.process.pid, web.process.pid

    worker.process.send_signal(signal.SIGKILL)
    worker.process.wait()
    clock.now += 1
    supervisor.check()

    assert worker.is_running()
    assert worker.process.pid != first_pid
    assert web.process.pid == web_pid, "the other children are left alone"
    assert worker.restarts == 1
    said = "\n".join(supervisor.log)
    assert "The background worker was killed by signal 9; starting it again." in said
    assert f"The background worker is running again (pid {worker.process.pid})." in said


def test_a_child_that_keeps_dying_at_once_waits_a_moment_between_tries(make_supervisor, clock):
    broken = Child("scheduler", QUITTER)
    supervisor = make_supervisor(broken)
    broken.process.wait()
    clock.now += 1
    supervisor.check()  # the first death: started again at once
    assert broken.restarts == 1
    broken.process.wait()
    clock.now += 1
    supervisor.check()  # dead again within seconds: a pause, not a spin
    assert broken.restarts == 1
    assert "exited with code 3" in supervisor.log[-1]
    clock.now += CRASH_LOOP_PAUSE_S
    supervisor.check()
    assert broken.restarts == 2


def test_a_running_but_silent_child_is_replaced_once_it_had_time_to_beat(make_supervisor, clock):
    ages = {"worker": 500.0}
    worker = Child("background worker", SLEEPER, heartbeat="worker")
    supervisor = make_supervisor(worker, ages=lambda: ages, silent_after_s=60)
    first_pid = worker.process.pid

    clock.now += 30  # still starting: the old heartbeat is its predecessor's
    supervisor.check()
    assert worker.process.pid == first_pid

    clock.now += 60
    supervisor.check()
    assert worker.process.pid != first_pid
    assert worker.is_running()
    assert any("running but silent" in line for line in supervisor.log)

    ages["worker"] = 2.0  # the new one beats: left alone from now on
    clock.now += 120
    supervisor.check()
    assert worker.restarts == 1


def test_no_child_is_killed_when_the_heartbeats_cannot_be_read(make_supervisor, clock):
    def database_away():
        raise OSError("database is away")

    worker = Child("background worker", SLEEPER, heartbeat="worker")
    supervisor = make_supervisor(worker, ages=database_away, silent_after_s=60)
    pid = worker.process.pid
    clock.now += 600
    supervisor.check()
    assert worker.process.pid == pid
    assert worker.is_running()


def test_stop_all_leaves_no_child_behind(make_supervisor):
    children = [Child("web server", SLEEPER), Child("background worker", SLEEPER)]
    supervisor = make_supervisor(*children)
    supervisor.stop_all(timeout_s=5)
    assert not any(child.is_running() for child in children)
