"""A tournament's tie-breaks and its prizes

A tournament names its tie-breaks in order (None keeps the default: solo
games won, then the last round, as every tournament kept ranked until now),
and may take an entry fee, pay shares of the fees by place and fixed prizes,
in a currency of its own. Tournaments kept before take no fee and pay no
prizes, in euros.

Revision ID: 0020
Revises: 0019
Create Date: 2026-11-29 00:30:00

"""
from alembic import op
import sqlalchemy as sa


revision = '0020'
down_revision = '0019'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('tournaments') as batch:
        batch.add_column(sa.Column('tie_breaks', sa.JSON(), nullable=True))
        batch.add_column(sa.Column('entry_fee', sa.Integer(), nullable=False, server_default='0'))
        batch.add_column(sa.Column('shares', sa.JSON(), nullable=True))
        batch.add_column(sa.Column('prizes', sa.JSON(), nullable=True))
        batch.add_column(sa.Column('currency', sa.String(length=3), nullable=False, server_default='EUR'))


def downgrade():
    with op.batch_alter_table('tournaments') as batch:
        batch.drop_column('currency')
        batch.drop_column('prizes')
        batch.drop_column('shares')
        batch.drop_column('entry_fee')
        batch.drop_column('tie_breaks')
