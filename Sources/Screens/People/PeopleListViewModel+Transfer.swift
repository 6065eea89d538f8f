import Models

// MARK: - Transfer

/// vCard files: everyone in the store exported, or the cards of a file imported.
extension PeopleListViewModel {
    /// Asks, in the input line, for the vCard file to import.
    public func startImporting() {
        guard store != nil else { return }
        setMode(.importing, text: "")
    }

    /// Asks, in the input line, where to write everyone as vCards.
    public func startExporting() {
        guard store != nil else { return }
        setMode(.exporting, text: "people.vcf")
    }

    func importCards(from path: String) {
        guard let store else { return }
        do {
            let cards = VCard.people(from: try files.read(path))
            try store.add(cards.people)
            storeChanged()
            let skipped = cards.problems.isEmpty ? "" : "; skipped \(cards.problems.count): \(cards.problems.prefix(3).map(\.description).joined(separator: "; "))"
            say("Imported \(Self.count(cards.people.count)) from \(path)\(skipped)", isProblem: !cards.problems.isEmpty)
            exchange(fetching: false)
        } catch {
            say("Not imported: \(error)", isProblem: true)
        }
    }

    func exportCards(to path: String) {
        guard let store else { return }
        do {
            let everyone = try store.people(matching: "", sortedBy: _sortOrder.value, offset: 0, limit: Int.max)
            let written = try files.write(VCard.text(for: everyone), to: path)
            say("Exported \(Self.count(everyone.count)) to \(written)")
        } catch {
            say("Not exported: \(error)", isProblem: true)
        }
    }
}
