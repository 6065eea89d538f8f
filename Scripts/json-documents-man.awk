# Writes the section JSON DOCUMENTS of the manual page, in mdoc, from the tables of
# Docs/CommandLine.md's "The JSON documents, version N" (Scripts/make-man-page.sh).
# Each "### Object `name`" becomes a subsection, each row of its table an item: the key, its type,
# what it holds.
function plain(text) {
    gsub(/`/, "", text)
    gsub(/\\/, "\\e", text)
    sub(/^ +/, "", text)
    sub(/ +$/, "", text)
    if (text ~ /^[.']/) text = "\\&" text
    return text
}
/^## The JSON documents, version / {
    version = $NF
    print ".Sh JSON DOCUMENTS"
    print "With --json, each subcommand writes one JSON document (version " version "): an object, its keys sorted, described here"
    print "object by object. Numbers are numbers, with their unit apart; dates are ISO 8601 (2026-11-25, 2026-11-25T09:40:00Z);"
    print "an optional key is left out when there is nothing to say; the keys ending in Text hold what the screen shows."
    print "The weather, movies, search, people and games documents are those of the subcommands of those names."
    inside = 1
    next
}
inside && /^## / { inside = 0 }
inside && /^### Object `/ {
    if (open) print ".El"
    name = $0
    sub(/^### Object `/, "", name)
    sub(/`.*$/, "", name)
    print ".Ss " name
    print ".Bl -tag -width Ds"
    open = 1
    next
}
inside && open && /^\| `/ {
    split($0, cells, "|")
    print ".It \"\\&" plain(cells[2]) " (" plain(cells[3]) ")\""
    print plain(cells[4])
}
END { if (open) print ".El" }
