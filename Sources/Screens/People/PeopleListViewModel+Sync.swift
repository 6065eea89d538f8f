import Models

// MARK: - Sync status

/// The exchange with the people server, and what the header says of it.
extension PeopleListViewModel {
    /// Sends the people waiting in the outbox now.
    public func retrySync() {
        exchange(fetching: false)
    }

    func exchange(fetching: Bool) {
        guard let sync else { return }
        _syncText.change(to: fetching ? "Syncing…" : "Sending…")
        _syncIsProblem.change(to: false)
        syncTask = Task { [weak self] in
            let report: PeopleSyncReport?
            do {
                report = fetching ? try await sync.sync() : try await sync.postPending()
            } catch {
                self?.say("Sync stopped: \(error)", isProblem: true)
                report = nil
            }
            self?.showSyncState(fetchError: report?.fetchError)
        }
    }

    func showSyncState(fetchError: PeopleAPIError? = nil) {
        guard let store, api != nil else { return }
        let status = (try? store.outboxStatus()) ?? .empty
        if status.pendingCount > 0 {
            let waiting = "\(Self.count(status.pendingCount)) waiting to be sent"
            _syncText.change(to: status.lastError.map { "\(waiting): \($0)" } ?? waiting)
            _syncIsProblem.change(to: status.lastError != nil)
        } else if let fetchError {
            _syncText.change(to: "Sync failed: \(fetchError.message)")
            _syncIsProblem.change(to: true)
        } else {
            _syncText.change(to: "Synced")
            _syncIsProblem.change(to: false)
        }
    }
}
