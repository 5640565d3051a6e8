"""the Idempotency-Key of a change sent through the API: change_keys

``POST /api/lists/ID/changes`` (a change of players, seats or house rules
from a deal on, sent by a phone after the deals it kept offline) takes an
Idempotency-Key: the key, a hash of the change and the answer are kept
here, so that the change sent again is applied once. A new table: the
lists, their deals and changes stay as they are, and score as before.

Revision ID: 0016
Revises: 0015
Create Date: 2026-12-10 10:00:00

"""
from alembic import op
import sqlalchemy as sa


revision = '0016'
down_revision = '0015'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'change_keys',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('list_id', sa.String(length=32), nullable=False),
        sa.Column('key', sa.String(length=255), nullable=False),
        sa.Column('fingerprint', sa.String(length=64), nullable=False),
        sa.Column('answer', sa.JSON(), nullable=False),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(['list_id'], ['lists.id'], name='fk_change_keys_list_id_lists',
                                ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('list_id', 'key', name='uq_change_keys_list_key'),
    )


def downgrade():
    op.drop_table('change_keys')
