"""Writes a read-only SQLite database that ships with the program, the same bytes for the same rows.

Both data scripts (make-gazetteer.py, make-catalogue.py) write through `write`: a fixed page size,
no journal, rows inserted in the order given, indexes made after the rows, then VACUUM, which
lays every table and index out afresh in order. SQLite writes no time into a database file; the
header does hold the version of the SQLite library that wrote it, so the same rows give the same
bytes on the same SQLite (Python's sqlite3 module; see Docs/Data.md).
"""

import hashlib
import os
import sqlite3
import tempfile

PAGE_SIZE = 4096


def write(path, schema, tables, indexes=(), user_version=1):
    """Writes the database at `path`: `schema` (CREATE TABLE statements), then each
    `(table, columns, rows)` of `tables` in order, then `indexes` (CREATE INDEX statements).
    Returns the file's bytes."""
    folder = os.path.dirname(os.path.abspath(path))
    os.makedirs(folder, exist_ok=True)
    handle, scratch = tempfile.mkstemp(suffix=".sqlite", dir=folder)
    os.close(handle)
    os.unlink(scratch)
    try:
        connection = sqlite3.connect(scratch, isolation_level=None)
        connection.execute(f"PRAGMA page_size = {PAGE_SIZE}")
        connection.execute("PRAGMA journal_mode = OFF")
        connection.execute("PRAGMA synchronous = OFF")
        connection.execute(f"PRAGMA user_version = {int(user_version)}")
        connection.execute("BEGIN")
        for statement in schema:
            connection.execute(statement)
        for table, columns, rows in tables:
            marks = ", ".join("?" for _ in columns)
            connection.executemany(f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})", rows)
        for statement in indexes:
            connection.execute(statement)
        connection.execute("COMMIT")
        connection.execute("VACUUM")
        connection.close()
        with open(scratch, "rb") as written:
            data = written.read()
        os.replace(scratch, path)
        return data
    finally:
        if os.path.exists(scratch):
            os.unlink(scratch)


def describe(path, data):
    """One line naming the file, its size and its sha256."""
    return f"{os.path.normpath(path)}: {len(data):,} bytes ({len(data) / 1_048_576:.2f} MiB), sha256 {hashlib.sha256(data).hexdigest()}"
