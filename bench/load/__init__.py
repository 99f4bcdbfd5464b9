"""The event-day load test (bench/event_load.py): settings, URLs and the Locust file."""
