"""A table's paper sheet and a participant's substitute

A table without a phone keeps its paper sheet's final points on the table
(a JSON column, null without a sheet); a participant may have a substitute
playing their seat (null while they play it themselves). Both columns are
new and empty: the tables and participants kept stay as they are.

Revision ID: 0018
Revises: 0017
Create Date: 2026-11-26 19:50:00

"""
from alembic import op
import sqlalchemy as sa


revision = '0018'
down_revision = '0017'
branch_labels = None
depends_on = None


def upgrade():
    op.add_column('tournament_tables', sa.Column('sheet', sa.JSON(), nullable=True))
    op.add_column('tournament_participants', sa.Column('substitute', sa.Text(), nullable=True))


def downgrade():
    with op.batch_alter_table('tournament_participants') as batch:
        batch.drop_column('substitute')
    with op.batch_alter_table('tournament_tables') as batch:
        batch.drop_column('sheet')
