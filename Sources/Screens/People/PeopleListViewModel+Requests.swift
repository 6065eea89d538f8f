import Models

// MARK: - What the prompt and a transfer ask of the list

extension PeopleListViewModel {
    /// Does what the prompt asks: filter, take in the person saved, transfer a file, delete.
    func answer(_ request: PeoplePromptViewModel.Request) {
        switch request {
        case .filter(let text):
            send(.filtered(text))
        case .saved(let person, let isNew):
            wrote("\(isNew ? "Added" : "Saved") \(person.nameText)")
        case .importCards(let path, let choices):
            activity.say(.none)  // the news line gives way to the transfer's progress until its report
            transfer.importCards(from: path, choices)
        case .exportCards(let path):
            activity.say(.none)  // as for an import
            transfer.exportCards(to: path, sortedBy: list.order)
        case .delete(let person):
            do {
                try store?.delete(id: person.person.id)
                wrote("Deleted \(person.nameText)")
            } catch {
                activity.say(PeopleNews("Not deleted: \(error)", isProblem: true))
            }
        }
    }

    /// After a write of this screen's: the list is read again at once, so that what the screen
    /// says of it (`news`) and the rows it shows agree, and the write is sent to the server.
    func wrote(_ news: String) {
        send(.wrote)
        activity.say(PeopleNews(news))
        syncStatus.exchange(fetching: false)
    }

    /// A transfer ended: its report is the news, and people imported are sent to the server.
    /// The rows followed the import batch by batch, through the store's notices.
    func transferEnded(_ report: PeopleTransferViewModel.Report) {
        if report.addedPeople { send(.wrote) }
        activity.say(PeopleNews(report.text, isProblem: report.isProblem))
        if let offer = report.replaceOffer { prompt.offerToReplace(offer) }
        if report.addedPeople { syncStatus.exchange(fetching: false) }
    }
}
