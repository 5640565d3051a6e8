"""take out the list changes that set nothing: the list file's reader refuses them now

A change without players, rules or first_dealer (the API and the import
took one before) changed nothing: the lists score as they did without it.
Taken out of lists.changes and of deleted deals' deals.changes_before
alike, so that restoring a deleted deal still finds its changes unmoved.
The downgrade leaves the lists as they are: they score the same either way.

Revision ID: 0014
Revises: 0013
Create Date: 2026-11-23 09:40:00

"""
from alembic import op
import sqlalchemy as sa


revision = '0014'
down_revision = '0013'
branch_labels = None
depends_on = None

lists = sa.table('lists', sa.column('id', sa.String), sa.column('changes', sa.JSON),
                 sa.column('revision', sa.Integer))
deals = sa.table('deals', sa.column('id', sa.Integer), sa.column('changes_before', sa.JSON),
                 sa.column('deleted_at', sa.DateTime))


def sets_nothing(change):
    """As engine.changes.Change.sets_nothing: the migration keeps its own copy of the rule."""
    rules = change.get('rules')
    return (
        change.get('players') is None and change.get('first_dealer') is None
        and (rules is None or (isinstance(rules, dict) and not set(rules) - {'preset'}))
    )


def kept(changes):
    """The changes that set something, or None when none does; unchanged when all do."""
    if not isinstance(changes, list) or not any(isinstance(c, dict) and sets_nothing(c) for c in changes):
        return changes
    return [c for c in changes if not (isinstance(c, dict) and sets_nothing(c))] or None


def upgrade():
    bind = op.get_bind()
    for list_id, changes in bind.execute(sa.select(lists.c.id, lists.c.changes)).all():
        cleaned = kept(changes)
        if cleaned is not changes:
            bind.execute(lists.update().where(lists.c.id == list_id)
                         .values(changes=cleaned, revision=lists.c.revision + 1))
    for deal_id, changes in bind.execute(sa.select(deals.c.id, deals.c.changes_before)
                                             .where(deals.c.deleted_at.is_not(None))).all():
        cleaned = kept(changes)
        if cleaned is not changes:
            bind.execute(deals.update().where(deals.c.id == deal_id).values(changes_before=cleaned))


def downgrade():
    pass
