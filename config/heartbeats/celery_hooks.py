"""Where the worker and the scheduler write their heartbeats.

The worker's comes from a timer in its consumer (the loop that takes tasks), so it stops when
that loop stops, including while the broker is unreachable. The scheduler's comes from beat's
own tick, so a dead beat (embedded in the worker or on its own) goes silent too."""

from celery import bootsteps
from celery.beat import PersistentScheduler

from config.heartbeats.beats import BEAT_EVERY_S, SCHEDULER, WORKER, beat


class WorkerHeartbeat(bootsteps.StartStopStep):
    requires = ("celery.worker.consumer.tasks:Tasks",)

    def __init__(self, parent, **kwargs):
        super().__init__(parent, **kwargs)
        self.timer_ref = None

    def start(self, consumer):
        beat(WORKER)
        self.timer_ref = consumer.timer.call_repeatedly(BEAT_EVERY_S, beat, (WORKER,))

    def stop(self, consumer):
        if self.timer_ref is not None:
            self.timer_ref.cancel()
            self.timer_ref = None


class HeartbeatScheduler(PersistentScheduler):
    """beat's usual scheduler, writing the scheduler heartbeat as it ticks."""

    _last_beat = 0.0

    def tick(self, *args, **kwargs):
        now = self.app.now().timestamp()
        if now - self._last_beat >= BEAT_EVERY_S:
            beat(SCHEDULER)
            self._last_beat = now
        return min(super().tick(*args, **kwargs), BEAT_EVERY_S)
