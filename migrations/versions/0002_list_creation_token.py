"""one-time token of the form that created a list

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-22 13:31:00

"""
from alembic import op
import sqlalchemy as sa


revision = '0002'
down_revision = '0001'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('lists', schema=None) as batch_op:
        batch_op.add_column(sa.Column('creation_token', sa.String(length=64), nullable=True))
        batch_op.create_unique_constraint('uq_lists_creation_token', ['creation_token'])


def downgrade():
    with op.batch_alter_table('lists', schema=None) as batch_op:
        batch_op.drop_constraint('uq_lists_creation_token', type_='unique')
        batch_op.drop_column('creation_token')
