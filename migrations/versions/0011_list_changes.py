"""A list's changes: seating, players and rules from a deal on

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-23 03:10:00

"""
from alembic import op
import sqlalchemy as sa


revision = '0011'
down_revision = '0010'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('lists') as batch:
        batch.add_column(sa.Column('changes', sa.JSON(), nullable=True))


def downgrade():
    with op.batch_alter_table('lists') as batch:
        batch.drop_column('changes')
