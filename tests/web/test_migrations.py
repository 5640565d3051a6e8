"""The migrations build exactly the schema the models describe."""

from __future__ import annotations

import json
from pathlib import Path

import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from flask_migrate import downgrade, upgrade

from scorer import create_app
from scorer.engine import parse_rules
from scorer.web.extensions import db
from tests.web.conftest import database_url


def make_app(tmp_path: Path):  # type: ignore[no-untyped-def]
    return create_app(
        {"TESTING": True, "SECRET_KEY": "test-secret-key-at-least-32-bytes-long", "SQLALCHEMY_DATABASE_URI": database_url(tmp_path)}
    )


def test_upgrading_an_empty_database_gives_the_models_schema(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    with app.app_context():
        upgrade()
        with db.engine.connect() as connection:
            differences = compare_metadata(MigrationContext.configure(connection), db.metadata)
        tables = set(sa.inspect(db.engine).get_table_names())
    assert differences == []
    assert {"lists", "deals", "presets"} <= tables


def test_the_migrations_downgrade_to_an_empty_database(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    with app.app_context():
        upgrade()
        downgrade(revision="base")
        tables = set(sa.inspect(db.engine).get_table_names())
    assert tables <= {"alembic_version"}


def test_creation_tokens_stored_in_plain_text_are_hashed_by_the_upgrade(tmp_path: Path) -> None:
    from scorer.web.services import token_digest

    app = make_app(tmp_path)
    with app.app_context():
        upgrade(revision="0006")  # before the tokens are hashed (0007)
        db.session.execute(sa.text(
            "INSERT INTO lists (id, title, preset, rules, players, first_dealer, ends, edit_key_hash,"
            " created_at, updated_at, revision, creation_token) VALUES ('AAAAAAAAAAAAAAAAAAAAAA', 't',"
            " 'bavarian', '{}', '[]', 'D', '{}', :hash, '2026-01-01', '2026-01-01', 1, 'plain-token')"
        ), {"hash": "0" * 64})
        db.session.commit()
        upgrade()
        stored = db.session.execute(sa.text("SELECT creation_token FROM lists")).scalar_one()
    assert stored == token_digest("list", "plain-token")


def test_upgrading_a_database_with_lists_keeps_every_deal(tmp_path: Path) -> None:
    # Batch migrations rebuild the lists table: dropping it must not cascade to the deals.
    app = make_app(tmp_path)
    with app.app_context():
        upgrade(revision="0003")
        with db.engine.begin() as connection:
            connection.execute(sa.text(
                "INSERT INTO lists (id, title, preset, rules, players, first_dealer, ends, "
                "edit_key_hash, created_at, updated_at, revision) VALUES ('kept', 'An evening', "
                "'bavarian', '{}', '[]', 'Anna', '{}', 'hash', '2026-01-01', '2026-01-01', 1)"
            ))
            connection.execute(sa.text(
                "INSERT INTO deals (list_id, position, data, version, created_at, updated_at) "
                "VALUES ('kept', 1, '{}', 1, '2026-01-01', '2026-01-01')"
            ))
        upgrade()
        with db.engine.connect() as connection:
            deals = connection.execute(sa.text("SELECT count(*) FROM deals")).scalar()
            group = connection.execute(sa.text("SELECT group_id FROM lists")).scalar()
        downgrade(revision="0009")  # just before the groups
        with db.engine.connect() as connection:
            deals_after_downgrade = connection.execute(sa.text("SELECT count(*) FROM deals")).scalar()
    assert (deals, group, deals_after_downgrade) == (1, None, 1)


def test_presets_of_one_name_on_two_phones_downgrade_to_one(tmp_path: Path) -> None:
    # Before 0009 a name was unique on the server: the downgrade keeps the first of each name.
    app = make_app(tmp_path)
    with app.app_context():
        upgrade(revision="0009")
        with db.engine.begin() as connection:
            for owner, name in (("a" * 64, "Stammtisch"), ("b" * 64, "Stammtisch"), ("b" * 64, "Club")):
                connection.execute(sa.text(
                    "INSERT INTO presets (name, owner_hash, rules, created_at) "
                    "VALUES (:name, :owner, '{}', '2026-01-01')"), {"name": name, "owner": owner})
        downgrade(revision="0008")
        with db.engine.connect() as connection:
            kept = connection.execute(sa.text("SELECT id, name FROM presets ORDER BY id")).all()
    assert [tuple(row) for row in kept] == [(1, "Stammtisch"), (3, "Club")]


def test_the_presets_migration_goes_down_and_up_again_with_presets_stored(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    with app.app_context():
        upgrade()
        with db.engine.begin() as connection:
            connection.execute(sa.text("INSERT INTO presets (name, owner_hash, rules, created_at) "
                                       "VALUES ('Stammtisch', NULL, '{}', '2026-01-01')"))
        downgrade(revision="0008")
        upgrade()
        with db.engine.connect() as connection:
            names = connection.execute(sa.text("SELECT name FROM presets")).scalars().all()
    assert names == ["Stammtisch"]


def test_the_change_keys_come_and_go_and_a_stored_list_scores_as_before(tmp_path: Path) -> None:
    # 0016 adds a table of its own: a list stored before (with a change) scores the same after it.
    from scorer.web import services

    app = make_app(tmp_path)
    with app.app_context():
        upgrade(revision="0015")
        # Stored as the schema of 0015 has it: the models know columns added later.
        list_id = "AAAAAAAAAAAAAAAAAAAAAB"
        db.session.execute(sa.text(
            "INSERT INTO lists (id, title, preset, rules, players, first_dealer, changes, ends, edit_key_hash,"
            " created_at, updated_at, revision) VALUES (:id, 't', 'bavarian', :rules, :players, 'Anna',"
            " :changes, :ends, :hash, '2026-01-01', '2026-01-01', 3)"
        ), {"id": list_id, "rules": json.dumps(parse_rules({"preset": "bavarian"}).to_dict()),
            "players": json.dumps(["Anna", "Bene", "Chris", "Dora"]),
            "changes": json.dumps([{"from": 2, "rules": {"tariffs": {"solo": 100}}}]),
            "ends": json.dumps({"kind": "open"}), "hash": "0" * 64})
        for position in (1, 2):
            db.session.execute(sa.text(
                "INSERT INTO deals (list_id, position, data, version, created_at, updated_at)"
                " VALUES (:id, :position, :data, 1, '2026-01-01', '2026-01-01')"
            ), {"id": list_id, "position": position,
                "data": json.dumps({"game": "solo", "declarer": "Bene", "points": 75})})
        db.session.commit()
        upgrade()
        tables = set(sa.inspect(db.engine).get_table_names())
        before = services.api_document(services.list_state(services.get_list(list_id)))
        db.session.remove()
        downgrade(revision="0015")
        tables_down = set(sa.inspect(db.engine).get_table_names())
        upgrade()
        after = services.api_document(services.list_state(services.get_list(list_id)))
    assert "change_keys" in tables and "change_keys" not in tables_down
    assert after["totals"] == before["totals"] == {"Anna": -140, "Bene": 420, "Chris": -140, "Dora": -140}
    assert after["deals"] == before["deals"]
