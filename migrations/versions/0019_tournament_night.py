"""A table's list knows its tournament; rounds close, tournaments end, corrections are kept

A table's key enters its own deals while its round is open, and nothing
else: so a list made for a tournament's table names its tournament
(filled in here for the tables drawn before), a round may be closed and a
tournament ended (both empty here: every tournament kept is running, its
last round open), a draw remembers the Idempotency-Key it came with, and
every change the organiser makes to a table's deals is kept as a
correction. Lists outside tournaments stay as they are, and score as before.

Revision ID: 0019
Revises: 0018
Create Date: 2026-11-28 20:30:00

"""
from alembic import op
import sqlalchemy as sa


revision = '0019'
down_revision = '0018'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('lists') as batch:
        batch.add_column(sa.Column('tournament_id', sa.String(length=32), nullable=True))
    op.execute(
        "UPDATE lists SET tournament_id = ("
        " SELECT r.tournament_id FROM tournament_tables t"
        " JOIN tournament_rounds r ON r.id = t.round_id WHERE t.list_id = lists.id)"
    )
    op.add_column('tournaments', sa.Column('ended_at', sa.DateTime(), nullable=True))
    with op.batch_alter_table('tournament_rounds') as batch:
        batch.add_column(sa.Column('closed_at', sa.DateTime(), nullable=True))
        batch.add_column(sa.Column('idempotency_key', sa.String(length=255), nullable=True))
        batch.add_column(sa.Column('idempotency_fingerprint', sa.String(length=64), nullable=True))
        batch.create_unique_constraint(
            'uq_tournament_rounds_idempotency_key', ['tournament_id', 'idempotency_key'])
    op.create_table(
        'table_corrections',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('list_id', sa.String(length=32), nullable=False),
        sa.Column('tournament_id', sa.String(length=32), nullable=False),
        sa.Column('deal', sa.Integer(), nullable=True),
        sa.Column('what', sa.String(length=16), nullable=False),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(['list_id'], ['lists.id'],
                                name='fk_table_corrections_list', ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['tournament_id'], ['tournaments.id'],
                                name='fk_table_corrections_tournament', ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
    )
    op.create_index('ix_table_corrections_list_id', 'table_corrections', ['list_id'])


def downgrade():
    op.drop_index('ix_table_corrections_list_id', table_name='table_corrections')
    op.drop_table('table_corrections')
    with op.batch_alter_table('tournament_rounds') as batch:
        batch.drop_constraint('uq_tournament_rounds_idempotency_key', type_='unique')
        batch.drop_column('idempotency_fingerprint')
        batch.drop_column('idempotency_key')
        batch.drop_column('closed_at')
    with op.batch_alter_table('tournaments') as batch:
        batch.drop_column('ended_at')
    with op.batch_alter_table('lists') as batch:
        batch.drop_column('tournament_id')
