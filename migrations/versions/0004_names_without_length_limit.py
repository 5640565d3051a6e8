"""player names without a length limit (the list file has none)

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-22 14:05:00

"""
from alembic import op
import sqlalchemy as sa


revision = '0004'
down_revision = '0003'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('lists', schema=None) as batch_op:
        batch_op.alter_column('first_dealer', existing_type=sa.String(length=40), type_=sa.Text(),
                              existing_nullable=False)
    with op.batch_alter_table('deals', schema=None) as batch_op:
        batch_op.alter_column('named_dealer', existing_type=sa.String(length=40), type_=sa.Text(),
                              existing_nullable=True)


def downgrade():
    with op.batch_alter_table('deals', schema=None) as batch_op:
        batch_op.alter_column('named_dealer', existing_type=sa.Text(), type_=sa.String(length=40),
                              existing_nullable=True)
    with op.batch_alter_table('lists', schema=None) as batch_op:
        batch_op.alter_column('first_dealer', existing_type=sa.Text(), type_=sa.String(length=40),
                              existing_nullable=False)
