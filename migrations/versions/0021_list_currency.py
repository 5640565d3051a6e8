"""A list's currency

A list settles in euros, dollars, Swiss francs or pounds, or in points only
(no money on its pages). Every list kept before settles in euros, as it did.

Revision ID: 0021
Revises: 0020
Create Date: 2026-11-29 03:30:00

"""
from alembic import op
import sqlalchemy as sa


revision = '0021'
down_revision = '0020'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('lists') as batch:
        batch.add_column(sa.Column('currency', sa.String(length=6), nullable=False, server_default='EUR'))


def downgrade():
    with op.batch_alter_table('lists') as batch:
        batch.drop_column('currency')
