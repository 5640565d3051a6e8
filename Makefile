# The two commands of the README, `make run` and `make test`, plus a benchmark.
# Everything runs from a local virtualenv that is created when missing and
# reinstalled only when pyproject.toml changes.

PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
# Touched after a successful install; older than pyproject.toml means reinstall.
# `make run` installs what running needs; `make test` adds the test tools.
STAMP  := $(VENV)/.installed
TESTSTAMP := $(VENV)/.installed-test
HOST   ?= 127.0.0.1
PORT   ?= 5000
PYTEST_ARGS ?=
# The browser tests drive Debian's Chromium; `make test` installs it when missing.
CHROMIUM ?= /usr/bin/chromium
# The rate-limit tests start a throwaway Redis server; `make test` installs Debian's.
REDIS_SERVER ?= /usr/bin/redis-server
# The deployed host's tests (tests/deploy) put Debian's nginx in front, over https.
NGINX  ?= /usr/sbin/nginx
# The unit's sandbox is rated by systemd's own analyzer (tests/deploy/test_unit.py).
SYSTEMD_ANALYZE ?= /usr/bin/systemd-analyze
SUDO   := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

# German translations, compiled from the catalog in the repo.
MO := scorer/translations/de/LC_MESSAGES/messages.mo

.PHONY: install run test test-sqlite test-postgresql typecheck bench clean messages docs

install: $(STAMP)

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml setup.py | $(BIN)/python
	$(BIN)/python -m pip install -e .
	touch $@

$(TESTSTAMP): pyproject.toml setup.py | $(BIN)/python
	$(BIN)/python -m pip install -e '.[test]'
	touch $(STAMP) $@

# The schema is brought up to date before serving; the SQLite file lives in instance/.
run: $(STAMP) instance/config.py $(MO)
	$(BIN)/flask --app scorer db upgrade
	$(BIN)/flask --app scorer run --host $(HOST) --port $(PORT)

# The type check and two passes of pytest side by side, all three at once: the
# passes mostly wait (on browsers, servers, subprocesses), so the 2 cores of
# the CI machine are kept busy. Each pass has its own processes, databases,
# ports (all chosen free at the time), browsers and temporary folders, and
# runs its tests on $(WORKERS) pytest-xdist workers, so that one test's waiting
# overlaps another's. What runs where, and why (tests/conftest.py decides it
# by folder and fixture, so new modules are picked up by themselves):
# - SQLite: every test but tests/deploy and those marked `postgresql_pass`.
#   The engine's tests (tests/unit, tests/golden) touch no database, the
#   browser tests (tests/e2e) drive pages that do not depend on the database
#   under the server, `make run` on a fresh clone serves on SQLite, and
#   the web tests marked `sqlite_pass` prove what no database changes (the
#   words of pages, logs, headers, the fuzz's random mixes): these run here only.
# - PostgreSQL (a throwaway server; scripts/with-postgres installs and starts
#   it on loopback): the tests marked `database`, i.e. the rest of tests/web, where the
#   app's use of the database is proven (adding deals, concurrency,
#   migrations, constraints), again; any other test asking for the app
#   (`app`, `client`, ...); and only here, as a host runs them, tests/deploy
#   (nginx, gunicorn, Redis, https in Chromium) and the wheel built, installed
#   alone and served (`postgresql_pass`).
# On the workers, tests sharing a module-wide fixture stay on one worker, and
# tests/deploy, whose host is started once, on one (--dist loadgroup, groups
# given in tests/conftest.py). Each job's output is printed whole when it ends
# (--output-sync), a failure's traceback with it, and the slowest tests of
# each pass. pytest exits 5 when it collected no tests; make fails on any
# non-zero exit of any job (after the others have finished), so a failing
# test, a type error or an empty pass fails `make test`.
# On 2 cores both are busy from start to end (no idle time), so the run takes
# the tests' CPU time over two: about half of it Chromium's (page loads of the
# browser tests), most of the rest the web tests' app, once per test.
WORKERS ?= 2
XDIST   := -n $(WORKERS) --dist loadgroup --durations=15
test: $(TESTSTAMP) $(CHROMIUM) $(REDIS_SERVER) $(NGINX) $(SYSTEMD_ANALYZE) $(MO)
	$(MAKE) --no-print-directory -j3 --output-sync=target typecheck test-sqlite test-postgresql

# One pass alone (each also runs without the other).
test-sqlite: $(TESTSTAMP) $(CHROMIUM) $(MO)
	$(BIN)/python -m pytest --ignore=tests/deploy -m "not postgresql_pass" $(XDIST) $(PYTEST_ARGS)

test-postgresql: $(TESTSTAMP) $(CHROMIUM) $(REDIS_SERVER) $(NGINX) $(SYSTEMD_ANALYZE) $(MO)
	scripts/with-postgres $(BIN)/python -m pytest -m database $(XDIST) $(PYTEST_ARGS)

# The whole package, strictly (pyproject.toml's [tool.mypy]); a type error fails `make test`.
typecheck: $(TESTSTAMP)
	$(BIN)/mypy

$(MO): $(MO:.mo=.po) | $(STAMP)
	$(BIN)/pybabel compile -d scorer/translations

# After changing user-visible strings: gather them and update the German
# catalog, then translate what it leaves empty (tests/web/test_i18n.py says
# which). scripts/messages writes it the same way every time, so its diff
# shows only the strings that changed (tests/unit/test_catalog.py checks).
messages: $(TESTSTAMP)
	BIN=$(BIN) scripts/messages

# The parts of the docs the scorer writes itself: the house-rules table of
# docs/rules.md and docs/rules.de.md (between their rules-table marks) and
# docs/breakdown-examples.md; tests check that the docs hold what it writes.
docs: $(STAMP)
	$(BIN)/python -m scorer rules-table --into docs/rules.md
	$(BIN)/python -m scorer rules-table --lang de --into docs/rules.de.md
	$(BIN)/python -m scorer breakdown-examples > docs/breakdown-examples.md

# Local settings for `make run`, written once: a random secret key, and session
# cookies that also travel over plain HTTP on this machine. Production sets
# SECRET_KEY in the environment instead (docs/deploying.md).
instance/config.py:
	$(BIN)/python -c 'import secrets; print(f"SECRET_KEY = {secrets.token_hex(32)!r}\nSESSION_COOKIE_SECURE = False")' > $@
	chmod 600 $@

$(CHROMIUM):
	$(SUDO) apt-get update
	$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium

$(REDIS_SERVER):
	$(SUDO) apt-get update
	$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends redis-server

$(SYSTEMD_ANALYZE):
	$(SUDO) apt-get update
	$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends systemd

$(NGINX):
	$(SUDO) apt-get update
	$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends nginx openssl

# Figures, not tests: the engine, the pages against the framework's floor, a
# save on a phone in Chromium (CPU slowed 4x), and many phones adding to one
# list (all on loopback, bounded, self-stopping). Then on a throwaway
# PostgreSQL: the one-list test against SQLite's, and one host serving 250
# tables, alone and as two servers sharing a Redis; once more with py-spy
# sampling the app server, to say where its CPU and an add's time go; and a
# tournament's round: 100 tables adding deals in bursts while 200 phones and
# a projector follow the standings; and the organiser's page of 400 players
# over 6 rounds.
bench: $(TESTSTAMP) $(CHROMIUM) $(REDIS_SERVER) $(BIN)/py-spy
	$(BIN)/python bench/engine.py
	$(BIN)/python bench/web.py
	$(BIN)/python bench/save.py
	scripts/with-postgres $(BIN)/python bench/load.py --compare
	scripts/with-postgres $(BIN)/python bench/load.py --tables 250
	scripts/with-postgres $(BIN)/python bench/load.py --tables 250 --servers 2
	scripts/with-postgres $(BIN)/python bench/load.py --tables 250 --profile
	scripts/with-postgres $(BIN)/python bench/tournament.py
	scripts/with-postgres $(BIN)/python bench/tournament_page.py

# The sampler bench/load.py --profile uses (pyproject.toml's `bench` extra).
$(BIN)/py-spy: | $(TESTSTAMP)
	$(BIN)/python -m pip install -e '.[test,bench]'

# Leaves instance/ alone: it holds the database of the lists.
clean:
	rm -rf $(VENV) build dist .pytest_cache .hypothesis .mypy_cache
	find . -path ./.git -prune -o -name '*.egg-info' -prune -exec rm -rf {} + \
	    -o -name __pycache__ -prune -exec rm -rf {} +
