"""Match storage: SQLModel tables, engine set-up, migrations, repository functions, import/export.

Start with `db.engine.open_database()`; record a live match with `db.live.DurableMatch`; read
history with `db.history` and `db.stats`; move matches in and out with `db.transfer`.
See docs/storage.md.
"""
