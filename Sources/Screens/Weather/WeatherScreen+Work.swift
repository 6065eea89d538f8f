import Models

extension WeatherScreen {
    // MARK: - Refresh

    /// The user asked for the weather again: it is fetched and `refreshNews` follows it, or says
    /// why it is not.
    mutating func refreshAsked() -> [WorkOrder<Work>] {
        let orders = refresh()
        guard !orders.isEmpty else {
            refreshNews = lookup != nil ? "The weather is on its way already" : "No weather to refresh: type a place, then Enter"
            return []
        }
        refreshNews = "Refreshing…"
        isRefreshAsked = true
        return orders
    }

    // MARK: - Work

    mutating func nextWork() -> WorkID {
        lastWork = lastWork.next
        return lastWork
    }

    mutating func start(_ work: Work, as slot: WritableKeyPath<Self, WorkID?>) -> [WorkOrder<Work>] {
        let id = nextWork()
        self[keyPath: slot] = id
        return [.start(work, as: id)]
    }

    mutating func stop(_ slot: WritableKeyPath<Self, WorkID?>) -> [WorkOrder<Work>] {
        guard let id = self[keyPath: slot] else { return [] }
        self[keyPath: slot] = nil
        return [.cancel(id)]
    }
}
