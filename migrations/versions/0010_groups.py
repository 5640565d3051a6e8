"""Groups: a Stammtisch's name, players and edit key; a list may belong to one

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-01 00:00:00

"""
from alembic import op
import sqlalchemy as sa


revision = '0010'
down_revision = '0009'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'groups',
        sa.Column('id', sa.String(length=32), nullable=False),
        sa.Column('name', sa.String(length=80), nullable=False),
        sa.Column('players', sa.JSON(), nullable=False),
        sa.Column('edit_key_hash', sa.String(length=64), nullable=False),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.Column('updated_at', sa.DateTime(), nullable=False),
        sa.Column('creation_token', sa.String(length=64), nullable=True),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('creation_token', name='uq_groups_creation_token'),
    )
    with op.batch_alter_table('lists') as batch:
        batch.add_column(sa.Column('group_id', sa.String(length=32), nullable=True))
        batch.create_index('ix_lists_group_id', ['group_id'])
        batch.create_foreign_key(
            'fk_lists_group_id_groups', 'groups', ['group_id'], ['id'], ondelete='SET NULL'
        )


def downgrade():
    with op.batch_alter_table('lists') as batch:
        batch.drop_constraint('fk_lists_group_id_groups', type_='foreignkey')
        batch.drop_index('ix_lists_group_id')
        batch.drop_column('group_id')
    op.drop_table('groups')
