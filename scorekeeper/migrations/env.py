"""Alembic environment: migrates the database the app (or ``alembic_config``) hands it."""

from alembic import context
from sqlmodel import SQLModel

import scorekeeper.models  # noqa: F401  (registers every table on SQLModel.metadata)
from scorekeeper.db import make_engine

config = context.config
target_metadata = SQLModel.metadata


def run_migrations_online() -> None:
    connection = config.attributes.get("connection")
    if connection is None:
        engine = make_engine(config.get_main_option("sqlalchemy.url"))
        with engine.begin() as connection:
            _run(connection)
    else:
        _run(connection)


def _run(connection) -> None:  # noqa: ANN001
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        render_as_batch=connection.dialect.name == "sqlite",
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


run_migrations_online()
