"""a group owns saved house rules: presets.group_id, names unique per group

Presets saved before belong to the phones that saved them, as they did.

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-23 03:10:00

"""
from alembic import op
import sqlalchemy as sa


revision = '0012'
down_revision = '0011'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('presets', schema=None) as batch_op:
        batch_op.add_column(sa.Column('group_id', sa.String(length=32), nullable=True))
        batch_op.create_index('ix_presets_group_id', ['group_id'])
        batch_op.create_foreign_key(
            'fk_presets_group_id_groups', 'groups', ['group_id'], ['id'], ondelete='CASCADE'
        )
        batch_op.create_unique_constraint('uq_presets_group_name', ['group_id', 'name'])


def downgrade():
    # A group's presets have no phone to go back to.
    op.execute(sa.text('DELETE FROM presets WHERE group_id IS NOT NULL'))
    with op.batch_alter_table('presets', schema=None) as batch_op:
        batch_op.drop_constraint('uq_presets_group_name', type_='unique')
        batch_op.drop_constraint('fk_presets_group_id_groups', type_='foreignkey')
        batch_op.drop_index('ix_presets_group_id')
        batch_op.drop_column('group_id')
