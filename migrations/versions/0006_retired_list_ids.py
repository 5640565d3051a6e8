"""the ids of deleted lists, never handed out or restored again

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-23 09:00:00

"""
from alembic import op
import sqlalchemy as sa


revision = '0006'
down_revision = '0005'
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
