"""the list's end after the last deal added: lists.list_end

Where the list stood after the deal last added (the next dealer, the deals
played, the last position, what they carry), with the revision that add
made. The next add on any worker or server reads it back with the list's
write lock, instead of reading the deals; a revision moved on since (any
other change to the list) leaves it unused. Lists stored before have none,
and their next add reads the deals as before.

Revision ID: 0015
Revises: 0014
Create Date: 2026-11-23 16:50:00

"""
from alembic import op
import sqlalchemy as sa


revision = '0015'
down_revision = '0014'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('lists', schema=None) as batch_op:
        batch_op.add_column(sa.Column('list_end', sa.JSON(), nullable=True))


def downgrade():
    with op.batch_alter_table('lists', schema=None) as batch_op:
        batch_op.drop_column('list_end')
