"""Alembic revision scripts (a package only so that installs carry them; Alembic skips this file)."""
