"""Storage failures a person can act on: each message says what happened and what to do."""

from __future__ import annotations


class StorageError(Exception):
    """Base of every error `db/` raises on bad input or a bad database."""


class CorruptDatabase(StorageError):
    """The database file is damaged or is not a database; it is never written to."""


class NewerDatabase(StorageError):
    """The database was written by a newer Shinpan whose schema this version does not know."""


class MatchChangedElsewhere(StorageError):
    """Another Shinpan instance changed this match since it was loaded here; reload it."""


class MatchNotFound(StorageError):
    pass


class ImportRejected(StorageError):
    """A file to import that cannot be read or replayed; `where` names the file and line."""

    def __init__(self, where: str, reason: str) -> None:
        super().__init__(f"{where}: {reason}")
        self.where = where
        self.reason = reason
