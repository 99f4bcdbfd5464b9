"""`make screenshots`: every event-day page in Chromium at 1280x800 and 390x844, as PNGs in
var/screenshots/, so a reviewer can look at the pages without driving a browser by hand.

It builds a demo event of 13 entries in a throw-away SQLite database (var/screenshots/demo.sqlite3),
half of round 1 played (a report waiting for confirmation, a dispute, time called), serves it
with Django's runserver on a free local port, and photographs the pages as the organizer, a
player and a visitor would see them. Needs Debian's Chromium (apt-get install chromium) and the
dev requirements (Playwright's Python package).
"""
