"""Tournaments: participants, rounds drawn, and each round's tables with their lists

A tournament plays rounds; each round seats its participants at tables,
and each table keeps a list of its own. New tables only: the lists, their
deals and changes stay as they are, and score as before.

Revision ID: 0017
Revises: 0016
Create Date: 2026-11-26 17:20:00

"""
from alembic import op
import sqlalchemy as sa


revision = '0017'
down_revision = '0016'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'tournaments',
        sa.Column('id', sa.String(length=32), nullable=False),
        sa.Column('name', sa.String(length=80), nullable=False),
        sa.Column('family_name', sa.String(length=16), nullable=False),
        sa.Column('rules', sa.JSON(), nullable=False),
        sa.Column('rounds', sa.Integer(), nullable=False),
        sa.Column('deals_per_round', sa.Integer(), nullable=False),
        sa.Column('edit_key_hash', sa.String(length=64), nullable=False),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.Column('creation_token', sa.String(length=64), nullable=True),
        sa.Column('creation_fingerprint', sa.String(length=64), nullable=True),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('creation_token', name='uq_tournaments_creation_token'),
    )
    op.create_table(
        'tournament_participants',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('tournament_id', sa.String(length=32), nullable=False),
        sa.Column('number', sa.Integer(), nullable=False),
        sa.Column('name', sa.Text(), nullable=False),
        sa.Column('withdrawn', sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(['tournament_id'], ['tournaments.id'],
                                name='fk_tournament_participants_tournament', ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('tournament_id', 'number', name='uq_tournament_participants_number'),
    )
    op.create_table(
        'tournament_rounds',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('tournament_id', sa.String(length=32), nullable=False),
        sa.Column('number', sa.Integer(), nullable=False),
        sa.Column('seed', sa.String(length=64), nullable=False),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(['tournament_id'], ['tournaments.id'],
                                name='fk_tournament_rounds_tournament', ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('tournament_id', 'number', name='uq_tournament_rounds_number'),
    )
    op.create_table(
        'tournament_tables',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('round_id', sa.Integer(), nullable=False),
        sa.Column('number', sa.Integer(), nullable=False),
        sa.Column('list_id', sa.String(length=32), nullable=True),
        sa.Column('seats', sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(['round_id'], ['tournament_rounds.id'],
                                name='fk_tournament_tables_round', ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['list_id'], ['lists.id'],
                                name='fk_tournament_tables_list', ondelete='SET NULL'),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('round_id', 'number', name='uq_tournament_tables_number'),
    )
    op.create_index('ix_tournament_tables_list_id', 'tournament_tables', ['list_id'])


def downgrade():
    op.drop_index('ix_tournament_tables_list_id', table_name='tournament_tables')
    op.drop_table('tournament_tables')
    op.drop_table('tournament_rounds')
    op.drop_table('tournament_participants')
    op.drop_table('tournaments')
