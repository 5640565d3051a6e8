"""Lists stored before the second edition of the rules keep scoring exactly as they did."""

from __future__ import annotations

import json

from pathlib import Path

import pytest
import sqlalchemy as sa
from flask_migrate import upgrade

from scorer.engine import ScoringError, parse_rules
from scorer.web import services
from scorer.web.extensions import db
from scorer.web.models import ScoreListRow
from tests.web.test_migrations import make_app

FOUR = ["Anna", "Bene", "Chris", "Dora"]
#: Accepted by the first edition, refused by the second: a Wenz Sie, a lost Sie, a called ace of hearts.
OLD_DEALS = [
    {"game": "wenz", "declarer": "Anna", "points": 120, "schwarz": True, "sie": True, "laufende": 4},
    {"game": "solo", "declarer": "Bene", "points": 100, "sie": True, "laufende": 8},
    {"game": "sauspiel", "declarer": "Chris", "partner": "Dora", "points": 70, "called_ace": "hearts"},
]
#: What the first edition paid for them.
OLD_PAYOUTS = [
    {"Anna": 720, "Bene": -240, "Chris": -240, "Dora": -240},
    {"Anna": 320, "Bene": -960, "Chris": 320, "Dora": 320},
    {"Anna": -20, "Bene": -20, "Chris": 20, "Dora": 20},
]


def test_a_list_stored_before_the_second_edition_scores_its_old_deals_as_before(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    with app.app_context():
        # A list as the first version stored it, in the schema of 0004: rules without an edition.
        upgrade(revision="0004")
        rules = {k: v for k, v in parse_rules({"preset": "bavarian"}).to_dict().items() if k != "edition"}
        db.session.execute(sa.text(
            "INSERT INTO lists (id, title, preset, rules, players, first_dealer, ends, edit_key_hash,"
            " created_at, updated_at, revision) VALUES ('AAAAAAAAAAAAAAAAAAAAAA', 'old', 'bavarian',"
            " :rules, :players, 'Dora', '{}', :hash, '2026-01-01', '2026-01-01', 1)"
        ), {"rules": json.dumps(rules), "players": json.dumps(FOUR), "hash": "0" * 64})
        for position, deal in enumerate(OLD_DEALS, start=1):
            db.session.execute(sa.text(
                "INSERT INTO deals (list_id, position, data, version, created_at, updated_at)"
                " VALUES ('AAAAAAAAAAAAAAAAAAAAAA', :position, :data, 1, '2026-01-01', '2026-01-01')"
            ), {"position": position, "data": json.dumps(deal)})
        db.session.commit()
        row = ScoreListRow(id="AAAAAAAAAAAAAAAAAAAAAA")
        upgrade()
        db.session.expire_all()
        stored = services.get_list(row.id)
        assert stored.rules["edition"] == 1
        result = services.list_state(stored).result
        assert [dict(deal.payouts) for deal in result.deals] == OLD_PAYOUTS


def test_a_new_list_is_of_the_second_edition_and_refuses_what_the_first_took(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    with app.app_context():
        upgrade()
        row, _key = services.create_list({"rules": {"preset": "bavarian"}, "players": FOUR})
        assert row.rules["edition"] == 2
        for deal, key in zip(OLD_DEALS, ["sie", "sie", "called_ace"]):
            with pytest.raises(ScoringError) as refused:
                services.add_deal(row, deal)
            assert refused.value.key == key
        assert services.list_state(row).result.deals == ()
