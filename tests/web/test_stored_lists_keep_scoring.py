"""Lists stored before the second edition of the rules keep scoring exactly as they did."""

from __future__ import annotations

from pathlib import Path

import pytest
import sqlalchemy as sa
from flask_migrate import downgrade, upgrade

from scorer.engine import ScoringError
from scorer.web import services
from scorer.web.extensions import db
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
        # Stored by today's models, then taken back to 0004: the schema of the first version.
        upgrade()
        row, _key = services.create_list(
            {"rules": {"preset": "bavarian", "edition": 1}, "players": FOUR, "deals": OLD_DEALS}
        )
        list_id, rules = row.id, dict(row.rules)
        db.session.remove()
        downgrade(revision="0004")
        # As the first version stored it: rules without the edition key.
        lists = sa.table("lists", sa.column("id"), sa.column("rules", sa.JSON))
        db.session.execute(
            sa.update(lists).where(lists.c.id == list_id)
            .values(rules={k: v for k, v in rules.items() if k != "edition"})
        )
        db.session.commit()
        upgrade()
        db.session.expire_all()
        stored = services.get_list(list_id)
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
