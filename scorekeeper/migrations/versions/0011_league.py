"""league evenings: a tournament's format and parts, its PB table and BP key, and premium points
typed with a table's figures (RULES.md §6b)

Revision ID: 0011_league
Revises: 0010_ranking_desk
Create Date: 2026-12-09 10:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op


revision: str = '0011_league'
down_revision: str | None = '0010_ranking_desk'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Every existing tournament is a standard one (RULES.md §6): nothing to move.
    with op.batch_alter_table('tournament', schema=None) as batch_op:
        batch_op.add_column(
            sa.Column(
                'format',
                sqlmodel.sql.sqltypes.AutoString(length=12),
                server_default='standard',
                nullable=False,
            )
        )
        batch_op.add_column(sa.Column('parts', sa.Integer(), server_default='2', nullable=False))
        batch_op.add_column(sa.Column('pb_table', sa.JSON(), nullable=True))
        batch_op.add_column(sa.Column('bp_key', sa.JSON(), nullable=True))
    with op.batch_alter_table('tournament_table', schema=None) as batch_op:
        batch_op.add_column(sa.Column('manual_pb', sa.JSON(), nullable=True))


def downgrade() -> None:
    # plain DROP COLUMN (SQLite 3.35+), as 0010: a batch copy of ``tournament`` would drop the
    # table that other tables' foreign keys name
    op.drop_column('tournament_table', 'manual_pb')
    for column in ('bp_key', 'pb_table', 'parts', 'format'):
        op.drop_column('tournament', column)
