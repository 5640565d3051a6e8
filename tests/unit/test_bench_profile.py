"""bench/profile.py: py-spy's samples sorted by the request they were taken in."""

from __future__ import annotations

import pytest

from bench.load import print_tables
from bench.profile import by_kind, inside_adds, report

SERVE = ["Thread.run (threading.py:982)", "ThreadWorker.handle (gunicorn/workers/gthread.py:553)"]
DISPATCH = [*SERVE, "Flask.wsgi_app (flask/app.py:1511)", "Flask.dispatch_request (flask/app.py:902)"]
ADD = [*DISPATCH, "answers_json.<locals>.wrapper (scorer/web/api/routes.py:60)",
       "add_deal (scorer/web/api/routes.py:174)"]


def test_each_sample_counts_for_the_request_it_was_taken_in() -> None:
    stacks = [
        ([*DISPATCH, "show_list (scorer/web/lists/routes.py:280)", "render_template (flask/templating.py:150)"], 6),
        ([*DISPATCH, "changes (scorer/web/lists/routes.py:334)", "tagged (scorer/web/conditional.py:56)"], 3),
        ([*DISPATCH, "changes (scorer/web/lists/routes.py:334)"], 1),
        ([*ADD, "add_deal (scorer/web/services/adding.py:139)"], 2),
        ([*DISPATCH, "settle (scorer/web/lists/routes.py:400)"], 1),
        ([*SERVE, "Logger.access (gunicorn/glogging.py:363)"], 4),
        (["ThreadWorker.run (gunicorn/workers/gthread.py:227)", "EpollSelector.select (selectors.py:468)"], 3),
    ]
    shares, total = by_kind(stacks)
    assert total == 20
    assert shares["pages"] == 6
    assert shares["polls"] == 4
    assert shares["adds"] == 2
    assert shares["other views"] == 1
    assert shares["the server, Flask and the middleware around the views"] == 4
    assert shares["the workers' own loops (accepting, keep-alive)"] == 3


def test_an_adds_samples_say_whether_it_waited_for_the_database_and_in_which_step() -> None:
    lock = [*ADD, "list_to_change (scorer/web/services/lists.py:62)", "lock_list (scorer/web/services/base.py:63)",
            "Session.execute (sqlalchemy/orm/session.py:2351)"]
    insert = [*ADD, "add_deal (scorer/web/services/adding.py:139)",
              "Session.commit (sqlalchemy/orm/session.py:2032)"]
    stacks = [
        ([*lock, "Connection.wait (psycopg/connection.py:495)"], 5),
        ([*lock, "BaseConnection._exec_command (psycopg/_connection_base.py:474)"], 2),
        ([*insert, "Connection.wait (psycopg/connection.py:495)"], 3),
        ([*ADD, "add_deal (scorer/web/services/adding.py:128)", "Replay.add (scorer/engine/replay.py:340)"], 2),
        # A page's wait for the database is not an add's.
        ([*DISPATCH, "show_list (scorer/web/lists/routes.py:280)", "Connection.wait (psycopg/connection.py:495)"], 9),
    ]
    waiting, steps, total = inside_adds(stacks)
    assert total == 12
    assert waiting == {"waiting for PostgreSQL's answer": 8,
                       "in psycopg, sending a statement or reading its answer": 2,
                       "running Python outside psycopg": 2}
    assert steps["the write lock (BEGIN, UPDATE ... RETURNING)"] == 7
    assert steps["the deal and the end written, COMMIT"] == 3
    assert steps["the rest (reading the request, scoring, the answer)"] == 2
    figures = report(stacks, stacks)
    assert figures["add_samples"] == 12
    assert abs(sum(figures["gil"].values()) - 1) < 1e-9
    assert figures["add_waiting"]["waiting for PostgreSQL's answer"] == 8 / 12


def test_the_tables_figures_print_with_the_profile_after_them(capsys: pytest.CaptureFixture[str]) -> None:
    figures = {
        "tables": 2, "phones": 8, "servers": 1, "split": False, "workers": 2, "seconds": 10.0,
        "requests": 30, "polls": [0.002] * 20, "adds": [0.01] * 4, "reloads": 6, "late": [0.0] * 24,
        "probes": [0.001] * 5, "acknowledged": 4, "stored": 4, "lost": 0, "doubled": 0, "errors": 0,
        "first_errors": [], "server_errors": "", "machine_busy": 0.5, "cores": 2, "server_cpu": 3.0,
        "client_cpu": 1.0, "profile": None,
    }
    print_tables(figures, floor=1.0)
    alone = capsys.readouterr().out
    assert "adds           p50 10.0 ms, p99 10.0 ms = 10.0 x floor (goal under 10 x: OVER)" in alone
    assert "where the app's CPU goes" not in alone
    stacks = [([*ADD, "Connection.wait (psycopg/connection.py:495)"], 3)]
    print_tables({**figures, "profile": report(stacks, stacks)}, floor=1.0)
    profiled = capsys.readouterr().out
    assert profiled.startswith(alone)
    assert "100.0%  adds" in profiled and "100.0%  waiting for PostgreSQL's answer" in profiled
