"""login safety: failed login tries (throttling across processes) and open logins

Revision ID: 0005_login_throttle
Revises: 0003_deal_identity
Create Date: 2026-11-23 16:30:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op


revision: str = '0005_login_throttle'
down_revision: str | None = '0003_deal_identity'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table('login_failure',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('key', sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
    sa.Column('at', sa.Float(), nullable=False),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('login_failure', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_login_failure_key'), ['key'], unique=False)
        batch_op.create_index(batch_op.f('ix_login_failure_at'), ['at'], unique=False)

    op.create_table('organiser_login',
    sa.Column('id', sqlmodel.sql.sqltypes.AutoString(), nullable=False),
    sa.Column('organiser_id', sa.Integer(), nullable=False),
    sa.Column('created_at', sa.Float(), nullable=False),
    sa.ForeignKeyConstraint(['organiser_id'], ['organiser.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id')
    )


def downgrade() -> None:
    op.drop_table('organiser_login')
    with op.batch_alter_table('login_failure', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_login_failure_at'))
        batch_op.drop_index(batch_op.f('ix_login_failure_key'))
    op.drop_table('login_failure')
