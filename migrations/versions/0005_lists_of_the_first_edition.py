"""Bavarian lists stored before the second edition of the rules keep its first edition

The second edition refuses a Sie that is not a suit Solo won schwarz with
eight or more Laufende, and a called ace of hearts. Lists already stored
keep scoring as they did: their rules get "edition": 1, which keeps that
leniency (scorer/engine/families/bavarian.py). New lists get edition 2.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-23 00:20:00

"""
import json

from alembic import op
import sqlalchemy as sa


revision = '0005'
down_revision = '0004'
branch_labels = None
depends_on = None

lists = sa.table('lists', sa.column('id', sa.String), sa.column('preset', sa.String),
                 sa.column('rules', sa.JSON))


def _rewrite(change):
    connection = op.get_bind()
    rows = connection.execute(sa.select(lists.c.id, lists.c.rules).where(lists.c.preset == 'bavarian'))
    for list_id, rules in rows.fetchall():
        if isinstance(rules, str):  # some drivers hand JSON back as text
            rules = json.loads(rules)
        new = change(dict(rules))
        if new != rules:
            connection.execute(sa.update(lists).where(lists.c.id == list_id).values(rules=new))


def upgrade():
    _rewrite(lambda rules: {**rules, 'edition': rules.get('edition', 1)})


def downgrade():
    _rewrite(lambda rules: {k: v for k, v in rules.items() if k != 'edition'})
