"""Python's cyclic garbage collector paused while a big read is built.

Stands for: building the read with the collector running. A changed standings read at 4,096
entries makes thousands of long-lived objects (each row, its entry, its dict, its JSON) and
frees none of them until it answers; the collector's passes over them, and over everything
else the process holds, found nothing to free, yet in 2 or 3 of 7 reads a full pass took
75-770 ms (those reads: 92-264 ms of CPU, the others 51-62). Paused: 7 of 7 at 40-45 ms, the
collector 0.2 ms at most. Justified by `bench/event_scale.py`, figure
`changed_standings_api_cpu_median` with `reads_cpu_ms` and `reads_gc_ms` (issue 33). The
collector runs again once the read is built: what it would have found then, it finds at its
next pass. Freezing the heap once the app is set up (`gc.freeze()`) left the long passes
(`BENCH_GC_FREEZE=1`: 3 of 7 reads at 92-104 ms).
"""

from tournaments.brackets.collector import collector_paused

__all__ = ["collector_paused"]
