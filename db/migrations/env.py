"""Alembic's environment: always runs on the connection `db.migrate` hands over."""

from __future__ import annotations

from alembic import context
from sqlmodel import SQLModel

import db.models  # noqa: F401  (registers the tables on SQLModel.metadata)

connection = context.config.attributes.get("connection")
if connection is None:
    raise RuntimeError("run migrations through db.migrate.upgrade_to_head, which passes a connection")

context.configure(connection=connection, target_metadata=SQLModel.metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
