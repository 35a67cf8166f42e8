"""deal identity: deal ids are never reused; idempotency records keep status + deal only

SQLite reuses the largest rowid after the last row is deleted, so an undone deal's id could go
to the next deal; AUTOINCREMENT forbids that (the table is rebuilt; PostgreSQL's sequences
never reuse a value, so nothing changes there). The idempotency records of version 1 held the
whole match state; they only answer a phone's retry within seconds, so they are dropped rather
than converted (the new ones hold the status and the deal).

Revision ID: 0003_deal_identity
Revises: 0002_tournaments
Create Date: 2026-11-23 16:30:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003_deal_identity"
down_revision: str | None = "0002_tournaments"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _rebuild_deal(autoincrement: bool) -> None:
    if op.get_bind().dialect.name != "sqlite":
        return
    with op.batch_alter_table(
        "deal", recreate="always", table_kwargs={"sqlite_autoincrement": autoincrement}
    ):
        pass


def upgrade() -> None:
    _rebuild_deal(True)
    op.execute(sa.text("DELETE FROM idempotency_key"))


def downgrade() -> None:
    op.execute(sa.text("DELETE FROM idempotency_key"))
    _rebuild_deal(False)
