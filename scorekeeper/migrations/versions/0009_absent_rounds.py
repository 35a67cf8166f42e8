"""absent rounds: the rounds an entrant sits out without withdrawing (per-round availability)

Revision ID: 0009_absent_rounds
Revises: 0008_title_parts
Create Date: 2026-11-26 14:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op


revision: str = '0009_absent_rounds'
down_revision: str | None = '0008_title_parts'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Empty on existing entrants: nobody is away from any round.
    with op.batch_alter_table('tournament_player', schema=None) as batch_op:
        batch_op.add_column(sa.Column('absent_rounds', sa.JSON(), nullable=True))


def downgrade() -> None:
    op.drop_column('tournament_player', 'absent_rounds')  # plain DROP COLUMN (SQLite 3.35+)
