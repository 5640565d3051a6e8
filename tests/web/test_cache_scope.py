"""What one process keeps of a list's state belongs to the app (and database) it was read from."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from flask_migrate import upgrade

from scorer.engine import parse_rules
from scorer.web import services
from scorer.web.extensions import db
from tests.web.test_migrations import make_app

FOUR = ["Anna", "Bene", "Chris", "Dora"]
SAME_ID = "BBBBBBBBBBBBBBBBBBBBBB"


def stored_with(tmp_path: Path, deal: dict[str, Any]) -> dict[str, int]:
    """Store list SAME_ID with one deal, revision 1 at a fixed time, and read its payouts."""
    tmp_path.mkdir()
    app = make_app(tmp_path)
    with app.app_context():
        upgrade()
        db.session.execute(sa.text(
            "INSERT INTO lists (id, title, preset, rules, players, first_dealer, ends, edit_key_hash,"
            " created_at, updated_at, revision) VALUES (:id, 'same', 'bavarian',"
            " :rules, :players, 'Dora', '{}', :hash, '2026-01-01', '2026-01-01', 1)"
        ), {"id": SAME_ID, "rules": json.dumps(parse_rules({"preset": "bavarian"}).to_dict()),
            "players": json.dumps(FOUR), "hash": "0" * 64})
        db.session.execute(sa.text(
            "INSERT INTO deals (list_id, position, data, version, created_at, updated_at)"
            " VALUES (:id, 1, :data, 1, '2026-01-01', '2026-01-01')"
        ), {"id": SAME_ID, "data": json.dumps(deal)})
        db.session.commit()
        state = services.list_state(services.get_list(SAME_ID))
        return dict(state.result.deals[0].payouts)


def test_two_databases_holding_a_list_of_the_same_id_and_revision_each_score_their_own(tmp_path: Path) -> None:
    won = stored_with(tmp_path / "one", {"game": "wenz", "declarer": "Anna", "points": 61})
    lost = stored_with(tmp_path / "two", {"game": "wenz", "declarer": "Anna", "points": 60})
    assert won["Anna"] > 0
    assert lost["Anna"] < 0
