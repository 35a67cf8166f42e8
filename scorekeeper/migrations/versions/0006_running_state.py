"""running state: the rules' state after the last deal, and the match version it belongs to

Revision ID: 0006_running_state
Revises: 0004_seasons
Create Date: 2026-11-26 06:35:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op


revision: str = '0006_running_state'
down_revision: str | None = '0004_seasons'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Both empty on existing matches: their next write rescores them once and fills them in.
    with op.batch_alter_table('match', schema=None) as batch_op:
        batch_op.add_column(sa.Column('running_state', sa.JSON(), nullable=True))
        batch_op.add_column(sa.Column('running_version', sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('match', schema=None) as batch_op:
        batch_op.drop_column('running_version')
        batch_op.drop_column('running_state')
