"""The database's errors as Hop's own: what the driver raises stops in ``admin/db``.

Everything above this package catches these, never a psycopg class:

- ``DatabaseUnavailable``: the database is lost, unreachable, restarting, ended the
  session, refused a write because the server is a read-only standby (a connection that
  reached one, docs/operations.md#postgresql-failover), or the pool has no connection
  free in time. A ``ServiceUnavailable``, so a request answers 503; a background loop
  waits and tries again.
- ``Deadlock``: the statement lost a deadlock. Unavailable for this once (a request
  answers 503 as for any passing failure); the same work, tried again, goes through.
- ``RejectedData``: data PostgreSQL refuses for good (a value out of range, a broken
  constraint); ``UniqueViolation`` names the unique constraint a duplicate broke.
- ``DatabaseError``: the base of them all, and what any other error of the driver
  becomes (a bug of ours or of the schema: a request answers 500).
"""

from __future__ import annotations

import psycopg
from psycopg_pool import PoolTimeout

from admin.errors import ServiceUnavailable

UNAVAILABLE_DETAIL = "The database is unavailable; retry shortly."


class DatabaseError(Exception):
    """Any error the database (or the way to it) raised; the translated driver error
    is the ``__cause__``."""


class DatabaseUnavailable(ServiceUnavailable, DatabaseError):
    """The database cannot be reached or used for the moment: retry shortly."""

    def __init__(self, detail: str = UNAVAILABLE_DETAIL) -> None:
        super().__init__(detail)


class Deadlock(DatabaseUnavailable):
    """The statement lost a deadlock and was rolled back."""


class RejectedData(DatabaseError):
    """Data PostgreSQL refuses for good: retrying the same data fails the same way."""


class UniqueViolation(RejectedData):
    """A row would duplicate another under ``constraint`` (its name, when known)."""

    def __init__(self, message: str, constraint: str | None) -> None:
        super().__init__(message)
        self.constraint = constraint


# The connection is gone or cannot be had: lost, unreachable, ended by the server (the
# export pool's idle-in-transaction time-out raises the last, which is no
# OperationalError), or no pooled connection in time. OperationalError also covers a
# statement cancelled by its time-out and a deadlock (told apart below).
_LOST = (psycopg.OperationalError, psycopg.errors.IdleInTransactionSessionTimeout, PoolTimeout)
_REJECTED = (psycopg.DataError, psycopg.IntegrityError)
DRIVER_ERRORS = (psycopg.Error, PoolTimeout)


def on_read_only_server(exc: BaseException) -> bool:
    """Whether ``exc`` (a driver error, or Hop's translation of one) is a write refused
    because the session is read-only: the server is a standby. Hop never opens a read-only
    transaction to write in, so the connection reached the wrong server (one demoted, or
    a URL or address that now leads to a standby) and is no use for writes: the caller
    drops it, so that the pool's next connection finds the primary (with
    ``target_session_attrs=read-write`` in the URL, libpq skips standbys)."""
    read_only = psycopg.errors.ReadOnlySqlTransaction
    return isinstance(exc, read_only) or isinstance(exc.__cause__, read_only)


def translate(exc: BaseException) -> BaseException:
    """Hop's error for a driver error ``exc`` (with ``exc`` as its cause); anything
    else (already Hop's, or no database error at all) is returned as it is."""
    if not isinstance(exc, DRIVER_ERRORS):
        return exc
    error: DatabaseError
    if isinstance(exc, psycopg.errors.DeadlockDetected):
        error = Deadlock()
    elif isinstance(exc, _LOST) or on_read_only_server(exc):
        error = DatabaseUnavailable()
    elif isinstance(exc, psycopg.errors.UniqueViolation):
        error = UniqueViolation(str(exc), exc.diag.constraint_name)
    elif isinstance(exc, _REJECTED):
        error = RejectedData(str(exc))
    else:
        error = DatabaseError(str(exc))
    error.__cause__ = exc
    return error
