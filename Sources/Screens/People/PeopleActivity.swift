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

    private let news = Dynamic(PeopleNews.none)
    private let busy = Dynamic(false)
    private var isTransferring = false
    private var isExchanging = false
    private var tokens: [BindingToken] = []

    init() {
        message = news.map(\.text).distinct().output
        messageIsProblem = news.map(\.isProblem).distinct().output
    }

    /// Says `news` as the latest.
    func say(_ news: PeopleNews) {
        self.news.value = news
    }

    /// Hears `speaker`: each time it says something, that is the latest news.
    func hear(_ speaker: Output<PeopleNews>) {
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
