"""the dealer a deal names, copied out of its data

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-22 13:36:00

"""
from alembic import op
import sqlalchemy as sa


revision = '0003'
down_revision = '0002'
branch_labels = None
depends_on = None

deals = sa.table(
    'deals',
    sa.column('id', sa.Integer),
    sa.column('data', sa.JSON),
    sa.column('named_dealer', sa.String),
)


def upgrade():
    with op.batch_alter_table('deals', schema=None) as batch_op:
        batch_op.add_column(sa.Column('named_dealer', sa.String(length=40), nullable=True))
    connection = op.get_bind()
    for deal_id, data in connection.execute(sa.select(deals.c.id, deals.c.data)).all():
        if isinstance(data, dict) and data.get('dealer'):
            connection.execute(
                deals.update().where(deals.c.id == deal_id).values(named_dealer=data['dealer'])
            )


def downgrade():
    with op.batch_alter_table('deals', schema=None) as batch_op:
        batch_op.drop_column('named_dealer')
