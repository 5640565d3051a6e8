"""keep only a hash of a list's creation token (the token derives the edit key)

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-23 09:30:00

"""
import hashlib

from alembic import op
import sqlalchemy as sa


revision = '0007'
down_revision = '0006'
branch_labels = None
depends_on = None

lists = sa.table('lists', sa.column('id', sa.String), sa.column('creation_token', sa.String))


def digest(token):
    """As services.token_digest: the migration keeps its own copy of the rule."""
    return hashlib.sha256(b'creation-token:' + token.encode('utf-8', 'replace')).hexdigest()


def upgrade():
    bind = op.get_bind()
    rows = bind.execute(
        sa.select(lists.c.id, lists.c.creation_token).where(lists.c.creation_token.is_not(None))
    ).all()
    for list_id, token in rows:
        bind.execute(lists.update().where(lists.c.id == list_id).values(creation_token=digest(token)))


def downgrade():
    # A hash cannot be turned back into its token: a resend finds nothing afterwards.
    op.execute(lists.update().values(creation_token=None))
