import Models

// MARK: - What the prompt and a transfer ask of the list

extension PeopleListViewModel {
    /// Does what the prompt asks: filter, take in the person saved, transfer a file, delete.
    func answer(_ request: PeoplePromptViewModel.Request) {
        switch request {
        case .filter(let text):
            send(.filtered(text))
        case .save(let save):
            send(.writeAsked(.save(save)))
        case .importCards(let path, let choices):
            activity.say(.none)  // the news line gives way to the transfer's progress until its report
            transfer.importCards(from: path, choices)
        case .exportCards(let path, let replacing):
            activity.say(.none)  // as for an import
            transfer.exportCards(to: path, sortedBy: list.order, replacing: replacing)
        case .delete(let person):
            send(.writeAsked(.delete(person.person)))
        }
    }

    /// Hears what the list tells: how a write went; a count, after which the header reads the
    /// outbox again (the commits the list followed included); a read that failed, which is the news.
    func told(_ told: PeopleList.Told) {
        switch told {
        case .wrote(let outcome): tell(outcome)
        case .counted: syncStatus.showState()
        case .unread(let problem): activity.say(PeopleNews(problem, isProblem: true))
        }
    }

    /// Tells how a write the list asked for went: the news, the prompt's form closed or kept
    /// open to mend, and what landed sent to the server.
    private func tell(_ outcome: PeopleList.WriteOutcome) {
        switch outcome {
        case .saved(let save):
            prompt.saveEnded()
            wrote("\(save.isNew ? "Added" : "Saved") \(PersonViewModel.name(of: save.person))")
        case .deleted(let person):
            wrote("Deleted \(PersonViewModel.name(of: person))")
        case .settled(let news):
            prompt.cancel()
            wrote(news)
        case .stale(let kept):
            prompt.saveRefused(stale: true, kept: kept, problem: "")
        case .notSaved(let problem):
            prompt.saveRefused(stale: false, kept: nil, problem: problem)
        case .failed(let problem):
            activity.say(PeopleNews(problem, isProblem: true))
        }
    }

    /// Says what a write of this screen's did (the rows read with it already show it), and
    /// sends the write to the server.
    private func wrote(_ news: String) {
        activity.say(PeopleNews(news))
        syncStatus.exchange(fetching: false)
    }

    /// A transfer ended: its report is the news, and people imported are sent to the server.
    /// The rows followed the import batch by batch, through the store's notices.
    func transferEnded(_ report: PeopleTransferViewModel.Report) {
        if report.addedPeople { send(.imported) }
        activity.say(PeopleNews(report.text, isProblem: report.isProblem))
        if let offer = report.offer { prompt.offerToReplace(offer) }
        if report.addedPeople { syncStatus.exchange(fetching: false) }
    }
}
