"""keys in audit: a deal POST's idempotency key and first answer kept on its audit entry

Each save wrote two rows (the audit entry, the idempotency answer) and three indexes; now one
row and one index (the unique key also serves lookups by match, so match_id's own index goes).
The keys
kept before move onto the audit entry of the deal they added (the latest "add" of that deal's
number at or before the key); a key whose entry cannot be found is dropped (it could only
answer a repeat of a save older than its own match's undo). idempotency_key is dropped.

Revision ID: 0007_keys_in_audit
Revises: 0006_running_state
Create Date: 2026-11-26 10:30:00
"""

import json
from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op


revision: str = '0007_keys_in_audit'
down_revision: str | None = '0006_running_state'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

audit = sa.table(
    'audit_entry',
    sa.column('id', sa.Integer),
    sa.column('match_id', sa.String),
    sa.column('at', sa.DateTime),
    sa.column('action', sa.String),
    sa.column('n', sa.Integer),
    sa.column('key', sa.String),
    sa.column('answer', sa.Text),
)
keys = sa.table(
    'idempotency_key',
    sa.column('id', sa.Integer),
    sa.column('match_id', sa.String),
    sa.column('key', sa.String),
    sa.column('response', sa.Text),
    sa.column('created_at', sa.DateTime),
)


def upgrade() -> None:
    with op.batch_alter_table('audit_entry', schema=None) as batch_op:
        batch_op.add_column(sa.Column('key', sa.String(length=200), nullable=True))
        batch_op.add_column(sa.Column('answer', sa.Text(), nullable=True))
        batch_op.create_unique_constraint('uq_audit_match_key', ['match_id', 'key'])
        # the unique key's first column finds a match's entries: match_id's own index goes
        batch_op.drop_index('ix_audit_entry_match_id')
    connection = op.get_bind()
    for row in connection.execute(sa.select(keys).order_by(keys.c.id)).all():
        n = json.loads(row.response).get('deal', {}).get('n')
        entry = connection.execute(
            sa.select(audit.c.id)
            .where(
                audit.c.match_id == row.match_id,
                audit.c.action == 'add',
                audit.c.n == n,
                audit.c.key.is_(None),
                audit.c.at <= row.created_at,
            )
            .order_by(audit.c.id.desc())
            .limit(1)
        ).scalar()
        if entry is not None:
            connection.execute(
                sa.update(audit)
                .where(audit.c.id == entry)
                .values(key=row.key, answer=row.response)
            )
    op.drop_table('idempotency_key')


def downgrade() -> None:
    op.create_table(
        'idempotency_key',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('match_id', sa.String(length=32), nullable=False),
        sa.Column('key', sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
        sa.Column('response', sa.Text(), nullable=False),
        sa.Column('created_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(['match_id'], ['match.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('match_id', 'key', name='uq_idempotency_match_key'),
    )
    connection = op.get_bind()
    rows = connection.execute(
        sa.select(audit.c.match_id, audit.c.key, audit.c.answer, audit.c.at).where(
            audit.c.key.is_not(None)
        )
    ).all()
    if rows:
        connection.execute(
            sa.insert(keys),
            [
                {'match_id': r.match_id, 'key': r.key, 'response': r.answer, 'created_at': r.at}
                for r in rows
            ],
        )
    with op.batch_alter_table('audit_entry', schema=None) as batch_op:
        batch_op.create_index('ix_audit_entry_match_id', ['match_id'], unique=False)
        batch_op.drop_constraint('uq_audit_match_key', type_='unique')
        batch_op.drop_column('answer')
        batch_op.drop_column('key')
