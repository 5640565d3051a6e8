"""the ids of deleted lists, never handed out or restored again

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-23 09:00:00

"""
from alembic import op
import sqlalchemy as sa


revision = '0005'
down_revision = '0004'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('retired_lists',
    sa.Column('id', sa.String(length=32), nullable=False),
    sa.Column('retired_at', sa.DateTime(), nullable=False),
    sa.PrimaryKeyConstraint('id')
    )


def downgrade():
    op.drop_table('retired_lists')
