import Binding

/// The People screen's line of news and its busy sign, heard from its speakers' outputs: the
/// news is the latest any of them said (the list, its prompt, the sync, a transfer); the screen
/// is busy while a transfer or an exchange with the server runs.
@MainActor
final class PeopleActivity {
    /// The latest news.
    let message: Output<String>
    /// Whether `message` tells of a failure.
    let messageIsProblem: Output<Bool>
    /// Whether a transfer or an exchange runs.
    var isBusy: Output<Bool> { busy.output }
    /// The line under the header: the question, a transfer's progress, the news or the birthdays
    /// (`PeopleNewsLine.shown`), once `show(question:progress:birthdays:)` gave it its sources.
    let line: Output<PeopleNewsLine>

    /// The latest news, and what the line shows beside it as its sources last said it.
    private let said = Dynamic(Said())
    private struct Said { var news = PeopleNews.none, question = "", progress = "", birthdays = "" }
    private let busy = Dynamic(false)
    private var isTransferring = false
    private var isExchanging = false
    private var tokens: [BindingToken] = []

    init() {
        message = said.map(\.news.text).distinct().output
        messageIsProblem = said.map(\.news.isProblem).distinct().output
        line =
            said.map { PeopleNewsLine.shown(question: $0.question, progress: $0.progress, news: $0.news, birthdays: $0.birthdays) }
            .distinct().output
    }

    /// Says `news` as the latest.
    func say(_ news: PeopleNews) {
        said.value.news = news
    }

    /// Follows what the line shows beside the news: the question asked, a transfer's progress,
    /// whose birthday is near.
    func show(question: Output<String>, progress: Output<String>, birthdays: Output<String>) {
        question.bindAndFire { [unowned self] in said.value.question = $0 }.store(in: &tokens)
        progress.bindAndFire { [unowned self] in said.value.progress = $0 }.store(in: &tokens)
        birthdays.bindAndFire { [unowned self] in said.value.birthdays = $0 }.store(in: &tokens)
    }

    /// Hears `speaker`'s news as it tells it.
    func hear(_ speaker: Events<PeopleNews>) {
        speaker.bind { [unowned self] in say($0) }.store(in: &tokens)
    }

    /// Follows whether a transfer runs and an exchange runs; `exchangeEnded` runs when an
    /// exchange ends, before the screen is said to be no longer busy.
    func follow(transferring: Output<Bool>, exchanging: Output<Bool>, exchangeEnded: @escaping () -> Void) {
        transferring.bind { [unowned self] running in
            isTransferring = running
            busy.change(to: isTransferring || isExchanging)
        }.store(in: &tokens)
        exchanging.bind { [unowned self] running in
            isExchanging = running
            if !running { exchangeEnded() }
            busy.change(to: isTransferring || isExchanging)
        }.store(in: &tokens)
    }
}
