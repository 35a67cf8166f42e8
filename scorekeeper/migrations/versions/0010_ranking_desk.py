"""the organiser's desk: tie-breaks chosen per tournament, entry fee and payout, the club table's
best N; each entrant's categories and club (RULES.md §6)

Revision ID: 0010_ranking_desk
Revises: 0009_absent_rounds
Create Date: 2026-12-02 10:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op


revision: str = '0010_ranking_desk'
down_revision: str | None = '0009_absent_rounds'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Every new column is empty or has its default on existing rows: nothing to move.
    with op.batch_alter_table('tournament', schema=None) as batch_op:
        batch_op.add_column(sa.Column('tiebreaks', sa.JSON(), nullable=True))
        batch_op.add_column(
            sa.Column('fee', sqlmodel.sql.sqltypes.AutoString(length=20), nullable=True)
        )
        batch_op.add_column(sa.Column('payout', sa.JSON(), nullable=True))
        batch_op.add_column(
            sa.Column('club_best_n', sa.Integer(), server_default='3', nullable=False)
        )
    with op.batch_alter_table('tournament_player', schema=None) as batch_op:
        batch_op.add_column(sa.Column('categories', sa.JSON(), nullable=True))
        batch_op.add_column(
            sa.Column('club', sqlmodel.sql.sqltypes.AutoString(length=80), nullable=True)
        )


def downgrade() -> None:
    # plain DROP COLUMN (SQLite 3.35+): a batch copy of ``tournament`` would drop the table that
    # other tables' foreign keys name, which SQLite refuses while it holds rows
    for column in ('club', 'categories'):
        op.drop_column('tournament_player', column)
    for column in ('club_best_n', 'payout', 'fee', 'tiebreaks'):
        op.drop_column('tournament', column)
