"""Idempotency-Key kept whole (up to 255 characters) with a fingerprint of the deal sent

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-23 10:00:00

"""
from alembic import op
import sqlalchemy as sa


revision = '0008'
down_revision = '0007'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('deals', schema=None) as batch_op:
        batch_op.alter_column('idempotency_key', existing_type=sa.String(length=80),
                              type_=sa.String(length=255), existing_nullable=True)
        batch_op.add_column(sa.Column('idempotency_fingerprint', sa.String(length=64), nullable=True))


def downgrade():
    # Keys longer than 80 characters would not fit: they are dropped (a retry then stores again).
    op.execute(sa.text("UPDATE deals SET idempotency_key = NULL WHERE LENGTH(idempotency_key) > 80"))
    with op.batch_alter_table('deals', schema=None) as batch_op:
        batch_op.drop_column('idempotency_fingerprint')
        batch_op.alter_column('idempotency_key', existing_type=sa.String(length=255),
                              type_=sa.String(length=80), existing_nullable=True)
