"""The log of backups kept beside a database: where its newest copy is, for the messages that advise a
restore (engine) and for the backups themselves."""

from __future__ import annotations

from pathlib import Path

BACKUP_LOG_SUFFIX = ".backups"  # beside the database: one "time<TAB>path" line per backup made


def backup_log(database: Path) -> Path:
    return database.with_name(database.name + BACKUP_LOG_SUFFIX)


def newest_backup(database: Path) -> Path | None:
    """The most recent backup of `database` that still exists, from its backup log."""
    log = backup_log(database)
    try:
        lines = log.read_text(encoding="utf-8").splitlines()
    except OSError:
        return None
    for line in reversed(lines):
        _, _, path = line.partition("\t")
        if path and Path(path).is_file():
            return Path(path)
    return None
