# The two commands: `make run` (the app on the embedded default) and `make test` (the suite).
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
PY := $(VENV)/bin/python
PYTEST_ARGS ?= -n 2
ADDRPORT ?= 127.0.0.1:8000
# `make run LAN=1`: players' phones on the venue's network reach the laptop too.
LAN ?=

.PHONY: run test bench lint migrate clean screenshots

$(VENV)/.runtime: requirements.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements.txt
	touch $@

$(VENV)/.dev: $(VENV)/.runtime requirements-dev.txt
	$(PY) -m pip install --quiet -r requirements-dev.txt
	touch $@

run: $(VENV)/.runtime
	mkdir -p var
	$(PY) manage.py migrate --noinput
	$(PY) manage.py bootstrap_admin
	$(PY) manage.py run_embedded --addrport $(ADDRPORT) $(if $(LAN),--lan)

test: $(VENV)/.dev lint
	# models against migrations only: no server needed (an in-memory SQLite database)
	DATABASE_URL=sqlite://:memory: $(PY) manage.py makemigrations --check --dry-run --settings=config.settings.test
	$(PY) -m pytest $(PYTEST_ARGS)

lint: $(VENV)/.dev
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/lint-imports
	$(VENV)/bin/mypy

bench: $(VENV)/.dev
	@for f in bench/*.py; do PYTHONPATH=. $(PY) $$f || exit 1; done

# Every event-day page in Chromium at 1280x800 and 390x844, as PNGs in var/screenshots/.
screenshots: $(VENV)/.dev
	$(PY) -m tests.e2e.screenshots

clean:
	rm -rf var/db.sqlite3* var/broker.sqlite3* var/results var/live var/celerybeat-schedule*
