"""a preset belongs to the phone that saved it: owner hash, names unique per owner

Presets saved before have no owner: nobody can see or claim them.

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-23 10:30:00

"""
from alembic import op
import sqlalchemy as sa


revision = '0009'
down_revision = '0008'
branch_labels = None
depends_on = None

#: SQLite keeps the unique constraint on presets.name unnamed: name it to drop it.
NAMING = {'uq': 'uq_%(table_name)s_%(column_0_name)s'}


def _name_constraint():
    """The unique constraint on presets.name as this database calls it.

    SQLite leaves the first schema's constraint unnamed (NAMING names it for
    the batch); after a downgrade it carries the name the downgrade gave it.
    """
    found = next(c['name'] for c in sa.inspect(op.get_bind()).get_unique_constraints('presets')
                 if c['column_names'] == ['name'])
    return found or 'uq_presets_name'


def upgrade():
    old = _name_constraint()
    with op.batch_alter_table('presets', schema=None, naming_convention=NAMING) as batch_op:
        batch_op.drop_constraint(old, type_='unique')
        batch_op.add_column(sa.Column('owner_hash', sa.String(length=64), nullable=True))
        batch_op.create_unique_constraint('uq_presets_owner_name', ['owner_hash', 'name'])


def downgrade():
    # Names were unique across phones: keep the first preset of each name.
    op.execute(sa.text('DELETE FROM presets WHERE id NOT IN (SELECT MIN(id) FROM presets GROUP BY name)'))
    with op.batch_alter_table('presets', schema=None) as batch_op:
        batch_op.drop_constraint('uq_presets_owner_name', type_='unique')
        batch_op.drop_column('owner_hash')
        batch_op.create_unique_constraint('presets_name_key', ['name'])
