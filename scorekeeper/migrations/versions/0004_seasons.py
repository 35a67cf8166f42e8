"""seasons and the roster; tournament drop_rounds, seeding, language (RULES.md §6 v2, §6a)

Revision ID: 0004_seasons
Revises: 0005_login_throttle
Create Date: 2026-11-23 16:30:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op


revision: str = '0004_seasons'
down_revision: str | None = '0005_login_throttle'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table('season',
    sa.Column('id', sqlmodel.sql.sqltypes.AutoString(length=32), nullable=False),
    sa.Column('token', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
    sa.Column('organiser_id', sa.Integer(), nullable=True),
    sa.Column('name', sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
    sa.Column('scoring', sqlmodel.sql.sqltypes.AutoString(length=20), nullable=False),
    sa.Column('best_n', sa.Integer(), nullable=True),
    sa.Column('top', sa.Integer(), nullable=True),
    sa.Column('seed', sa.Integer(), nullable=False),
    sa.Column('created_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.ForeignKeyConstraint(['organiser_id'], ['organiser.id'], ),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('season', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_season_organiser_id'), ['organiser_id'], unique=False)

    op.create_table('roster_player',
    sa.Column('id', sqlmodel.sql.sqltypes.AutoString(length=32), nullable=False),
    sa.Column('organiser_id', sa.Integer(), nullable=True),
    sa.Column('season_id', sqlmodel.sql.sqltypes.AutoString(length=32), nullable=True),
    sa.Column('name', sqlmodel.sql.sqltypes.AutoString(length=120), nullable=False),
    sa.Column('merged_into', sqlmodel.sql.sqltypes.AutoString(length=32), nullable=True),
    sa.Column('created_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.ForeignKeyConstraint(['organiser_id'], ['organiser.id'], ),
    sa.ForeignKeyConstraint(['season_id'], ['season.id'], ),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('roster_player', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_roster_player_organiser_id'), ['organiser_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_roster_player_season_id'), ['season_id'], unique=False)

    with op.batch_alter_table('tournament', schema=None) as batch_op:
        batch_op.add_column(sa.Column('drop_rounds', sqlmodel.sql.sqltypes.AutoString(length=20), nullable=False, server_default='none'))
        batch_op.add_column(sa.Column('seeding', sqlmodel.sql.sqltypes.AutoString(length=20), nullable=False, server_default='random'))
        batch_op.add_column(sa.Column('language', sqlmodel.sql.sqltypes.AutoString(length=5), nullable=True))
        batch_op.add_column(sa.Column('season_id', sqlmodel.sql.sqltypes.AutoString(length=32), nullable=True))
        batch_op.create_index(batch_op.f('ix_tournament_season_id'), ['season_id'], unique=False)
        batch_op.create_foreign_key('fk_tournament_season_id', 'season', ['season_id'], ['id'])

    with op.batch_alter_table('tournament_player', schema=None) as batch_op:
        batch_op.add_column(sa.Column('name_key', sqlmodel.sql.sqltypes.AutoString(length=120), nullable=True))
    # entrants stored before: their id as the key (older duplicates must not stop the upgrade;
    # the service still compares names case-blind)
    op.execute("UPDATE tournament_player SET name_key = id")
    with op.batch_alter_table('tournament_player', schema=None) as batch_op:
        batch_op.create_unique_constraint('uq_tournament_player_tournament_id_name_key', ['tournament_id', 'name_key'])
        batch_op.add_column(sa.Column('roster_id', sqlmodel.sql.sqltypes.AutoString(length=32), nullable=True))
        batch_op.create_index(batch_op.f('ix_tournament_player_roster_id'), ['roster_id'], unique=False)
        batch_op.create_foreign_key('fk_tournament_player_roster_id', 'roster_player', ['roster_id'], ['id'])


def downgrade() -> None:
    with op.batch_alter_table('tournament_player', schema=None) as batch_op:
        batch_op.drop_constraint('fk_tournament_player_roster_id', type_='foreignkey')
        batch_op.drop_index(batch_op.f('ix_tournament_player_roster_id'))
        batch_op.drop_column('roster_id')
        batch_op.drop_constraint('uq_tournament_player_tournament_id_name_key', type_='unique')
        batch_op.drop_column('name_key')

    with op.batch_alter_table('tournament', schema=None) as batch_op:
        batch_op.drop_constraint('fk_tournament_season_id', type_='foreignkey')
        batch_op.drop_index(batch_op.f('ix_tournament_season_id'))
        batch_op.drop_column('season_id')
        batch_op.drop_column('language')
        batch_op.drop_column('seeding')
        batch_op.drop_column('drop_rounds')

    with op.batch_alter_table('roster_player', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_roster_player_season_id'))
        batch_op.drop_index(batch_op.f('ix_roster_player_organiser_id'))

    op.drop_table('roster_player')
    with op.batch_alter_table('season', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_season_organiser_id'))

    op.drop_table('season')
