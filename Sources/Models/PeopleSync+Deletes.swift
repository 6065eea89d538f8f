import Foundation

/// How a sync sends the deletes made here.
extension PeopleSync {
    /// Sends the deletes made here, `requestsInFlight` at a time, each kept as sent as its answer
    /// comes; a card changed on the server meanwhile is kept there, and here again at once, and the
    /// report names the person. False when the server cannot be reached: nothing more is sent.
    func sendDeletes(into report: inout PeopleSyncReport) async throws -> Bool {
        let versions = try await onStore({ try $0.pendingDeletes() })
        for start in stride(from: 0, to: versions.count, by: Self.sendSize) {
            let run = Array(versions[start..<min(start + Self.sendSize, versions.count)])
            do {
                try await api.send(run.map { .delete(href: $0.href, etag: $0.etag) }) { index, result in
                    if try await take(result, ofDeleteAt: run[index], into: &report) == .stop { throw StopSending() }
                }
            } catch is StopSending {
                return false
            } catch let failure as PeopleAPIError {
                // Nothing could be sent (the book not found).
                report.postError = failure
                if failure.isUnreachable { return false }
            }
        }
        return true
    }

    /// Keeps what the server made of the delete of `version`.
    private func take(
        _ result: Result<PeopleWritten, PeopleAPIError>, ofDeleteAt version: ServerVersion, into report: inout PeopleSyncReport
    ) async throws -> Next {
        switch result {
        case .success:
            try await onStore { try $0.markDeleteSent(version.href) }
            report.deleted += 1
        case .failure(.changedOnServer):
            let read = try await ask { try await api.cards(at: [version.href]) }
            guard case .success(let cards) = read else {
                // The server's version could not be read: the delete waits, to meet it next time.
                // Settled now, it would leave the person gone here and their card kept there.
                if case .failure(let failure) = read { return keep(failure, into: &report) }
                return .goOn
            }
            let kept = cards.first.flatMap(ServerPerson.init)
            let card = kept
            try await onStore { store in
                try store.markDeleteSent(version.href)
                if let card { try store.takeServerCards([card], removed: [], token: nil) }
            }
            if let kept { report.deletesKeptByServer.append(kept.person.shownName) }
        case .failure(let failure):
            return keep(failure, into: &report)
        }
        return .goOn
    }

    /// Keeps `failure` of a delete as the report's; stops the run when the server cannot be reached.
    private func keep(_ failure: PeopleAPIError, into report: inout PeopleSyncReport) -> Next {
        report.postError = failure
        return failure.isUnreachable ? .stop : .goOn
    }
}
