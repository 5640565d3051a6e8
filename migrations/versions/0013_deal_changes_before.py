"""a deleted deal keeps the list's changes as they were before it went: deals.changes_before

Restoring the deal puts them back exactly. Deals deleted before have none,
and their restore moves the changes as it did.

Revision ID: 0013
Revises: 0012
Create Date: 2026-11-23 04:20:00

"""
from alembic import op
import sqlalchemy as sa


revision = '0013'
down_revision = '0012'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('deals', schema=None) as batch_op:
        batch_op.add_column(sa.Column('changes_before', sa.JSON(), nullable=True))


def downgrade():
    with op.batch_alter_table('deals', schema=None) as batch_op:
        batch_op.drop_column('changes_before')
