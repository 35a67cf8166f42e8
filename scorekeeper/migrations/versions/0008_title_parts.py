"""title parts: a tournament table's match is titled from its parts, in the reader's language

A table's match title used to be made at draw time in the organiser's language ("Posvícení,
kolo 1, stůl 2") and stored as text, so a German phone read it in Czech. The match now keeps
``title_parts`` (event, round, table) and each page says the title in its reader's language.
Every match that is a tournament table gets its parts from its table, round and tournament;
its stored text title is dropped. Downgrade writes the English title back.

Revision ID: 0008_title_parts
Revises: 0007_keys_in_audit
Create Date: 2026-12-01 09:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op


revision: str = '0008_title_parts'
down_revision: str | None = '0007_keys_in_audit'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

match = sa.table(
    'match',
    sa.column('id', sa.String),
    sa.column('title', sa.String),
    sa.column('title_parts', sa.JSON),
)
table = sa.table(
    'tournament_table',
    sa.column('round_id', sa.Integer),
    sa.column('number', sa.Integer),
    sa.column('match_id', sa.String),
)
rnd = sa.table(
    'tournament_round',
    sa.column('id', sa.Integer),
    sa.column('tournament_id', sa.String),
    sa.column('number', sa.Integer),
)
tournament = sa.table('tournament', sa.column('id', sa.String), sa.column('name', sa.String))


def _tables(connection) -> list:
    """(match id, event name, round number, table number) of every tournament table."""
    return connection.execute(
        sa.select(table.c.match_id, tournament.c.name, rnd.c.number, table.c.number)
        .select_from(table)
        .join(rnd, rnd.c.id == table.c.round_id)
        .join(tournament, tournament.c.id == rnd.c.tournament_id)
    ).all()


def upgrade() -> None:
    op.add_column('match', sa.Column('title_parts', sa.JSON(), nullable=True))
    connection = op.get_bind()
    for match_id, event, round_no, table_no in _tables(connection):
        parts = {'event': (event or '')[:150], 'round': round_no, 'table': table_no}
        connection.execute(
            sa.update(match).where(match.c.id == match_id).values(title=None, title_parts=parts)
        )


def downgrade() -> None:
    connection = op.get_bind()
    for match_id, event, round_no, table_no in _tables(connection):
        title = f'{(event or "")[:150]}, round {round_no}, table {table_no}'
        connection.execute(sa.update(match).where(match.c.id == match_id).values(title=title))
    # a plain ALTER TABLE … DROP COLUMN (SQLite 3.35+): a batch copy of the match table would
    # drop the old one, and SQLite's foreign keys would take every deal and audit entry with it
    op.drop_column('match', 'title_parts')
