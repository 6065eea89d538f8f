import Binding
import Screens

/// The root view: lays out the tab bar, the open screen, the input line and the status line,
/// and answers every key from the shell's key table or the open screen's, in the scopes that apply
/// now. The input line belongs to the open screen's
/// view-model: the shell draws its bound outputs and turns keys into its inputs.
///
/// It draws into any ``Surface``, so tests run it against a ``GridSurface`` exactly as the
/// terminal runs it.
@MainActor
public final class ShellView {
    /// The smallest terminal the shell lays out; below it the screen says so.
    public static let minimumSize = Size(columns: 40, rows: 10)

    private let shell: ShellViewModel
    private let screens: [Tab: any ScreenView]
    /// The shell's keys and the words of the screens', for the help.
    private let keymap: Keymap
    let needsDisplay: @MainActor () -> Void
    private let onQuit: @MainActor () -> Void
    private var helpScroll = 0
    /// The help's headings in the order it lists them: where the user was when it opened first.
    private var helpScopes: [KeyScope] = []
    /// What answers the mouse in the last frame drawn.
    private var targets: [MouseTarget] = []
    private var lastSize = Size(columns: 0, rows: 0)
    private var tokens: [BindingToken] = []
    /// The tabs whose screen is busy (their `isBusy`), and the spinner that turns while one is.
    var busyTabs: Set<Tab> = []
    var spinner: Spinner
    let scheduler: any Scheduler
    var spinnerTimer: ScheduledAction?

    // What the shell view-model's outputs last delivered; drawing and key handling read these.
    /// The open tab (`selectedTab`); nil only before the first delivery.
    private var visibleTab: Tab?
    /// Whether the help covers the screen (`isHelpVisible`).
    private var isHelpVisible = false
    /// The notice shown above the status line until a key closes it (`notice`).
    private var notice: String?
    /// The input line of the screen that takes it (`inputPrompt`, `inputLine`, `inputLineIsFocused`).
    private var input = InputLineState()
    /// The screen whose input line is bound, and the bindings.
    private var inputUser: ObjectIdentifier?
    private var inputTokens: [BindingToken] = []

    /// The input line as the screen's outputs last delivered it; empty while no screen takes it.
    private struct InputLineState {
        var prompt = ""
        var line = InputLine()
        var isFocused = false
    }

    /// Whether keys go to the input line rather than the screen: what the bound
    /// `inputLineIsFocused` of the screen that takes the input line last said.
    public var isInputFocused: Bool { inputUser != nil && input.isFocused }

    /// Creates the shell view. `needsDisplay` asks for a frame; `onQuit` ends the program;
    /// `scheduler` turns the spinner while a screen is busy. The help lists the shell's keys and
    /// each screen's, in the tabs' order.
    public init(
        shell: ShellViewModel,
        screens: [Tab: any ScreenView],
        scheduler: any Scheduler = MainQueueScheduler(),
        glyphs: Glyphs = .unicode,
        needsDisplay: @escaping @MainActor () -> Void,
        onQuit: @escaping @MainActor () -> Void
    ) {
        spinner = Spinner(glyphs: glyphs)
        self.shell = shell
        self.screens = screens
        keymap = Keymap(screenLines: Tab.allCases.compactMap { screens[$0]?.keyLines })
        self.scheduler = scheduler
        self.needsDisplay = needsDisplay
        self.onQuit = onQuit
        for (tab, screen) in screens {
            screen.isBusy?.bindAndFire { [unowned self] busy in self.screen(tab, isBusy: busy) }.store(in: &tokens)
        }
        shell.selectedTab.bindAndFire { [unowned self] tab in
            if let visibleTab { screens[visibleTab]?.setVisible(false) }
            visibleTab = tab
            screens[tab]?.setVisible(true)
            followInputLineUser()
            if let user = inputLineUser { user.inputFocusChanged(user.focusesInputOnOpen) }
            if isHelpVisible { orderHelp() }  // Tab with the help open: the help of the tab opened
            needsDisplay()
        }.store(in: &tokens)
        shell.notice.bindAndFire { [unowned self] notice in
            self.notice = notice
            needsDisplay()
        }.store(in: &tokens)
        shell.isHelpVisible.bindAndFire { [unowned self] visible in
            isHelpVisible = visible
            helpScroll = 0
            if visible { orderHelp() }
            needsDisplay()
        }.store(in: &tokens)
    }

    /// A freed shell leaves no spinner timer behind.
    isolated deinit {
        spinnerTimer?.cancel()
    }

    // MARK: - Keys

    /// The scopes of the keymap that apply now, in the order a key is offered to them: anywhere first.
    public var activeScopes: [KeyScope] {
        isHelpVisible ? [.everywhere, .help] : scopesOnScreen
    }

    /// The scopes that apply with the help closed.
    private var scopesOnScreen: [KeyScope] {
        let screenScopes = currentScreen?.keyScopes ?? []
        if isInputFocused { return [.everywhere] + screenScopes.filter(\.appliesWhileTyping) + [.inputLine] }
        return [.everywhere] + screenScopes + [.screen]
    }

    /// Answers one key, then binds the input line of the screen that takes it now (a screen
    /// can take it or put it away on a key, as the Scoreboard does to rename).
    public func handle(_ key: Key) {
        if notice != nil { return closeNotice(on: key) }
        if case .mouse(let event) = key { answer(event) } else { answer(key) }
        followInputLineUser()
    }

    /// A notice stays until read: the key or click that closes it does nothing else, so that a
    /// key pressed before it was read does not also act; only quitting quits. A release, the
    /// wheel, or another button (the click that raises the window), is no answer to it.
    private func closeNotice(on key: Key) {
        if case .mouse(let event) = key {
            guard event.action == .press(.left) else { return }
        } else if keymap.shell.action(for: key, in: .everywhere) == .quit {
            return onQuit()
        }
        shell.dismissNotice()
    }

    /// How many rows one turn of the wheel moves a list, as terminals scroll their own.
    static let wheelRows = 3

    /// Answers the mouse through the targets of the last frame drawn: a left click goes to the
    /// one under the pointer, the wheel to the list under it. Over the help, the wheel scrolls it
    /// and a click closes it.
    private func answer(_ event: MouseEvent) {
        let rows: Int
        switch event.action {
        case .press(.left):
            if isHelpVisible { return shell.hideHelp() }
            switch targets.last(where: { $0.click != nil && $0.contains(event.position) })?.click {
            case .shell(let command): perform(command)
            case .screen(let action): currentScreen?.perform(marked: action)
            case nil: break
            }
            return
        case .wheelUp: rows = -Self.wheelRows
        case .wheelDown: rows = Self.wheelRows
        default: return
        }
        if isHelpVisible { return scrollHelp(by: rows) }
        if targets.contains(where: { $0.scrolls && $0.contains(event.position) }) { currentScreen?.scroll(by: rows) }
    }

    /// Answers a key from the first active scope that binds it: in the shell's table, or in the
    /// open screen's.
    private func answer(_ key: Key) {
        for scope in activeScopes {
            if let command = keymap.shell.action(for: key, in: scope) { return perform(command) }
            if currentScreen?.answer(key, in: scope) == true { return }
        }
        if isHelpVisible { return }
        switch key {
        case .text(let text) where isInputFocused, .paste(let text) where isInputFocused:
            edit(.insert(text))
        case .text(let text) where text.count > 1:
            // Keys typed faster than they are read arrive together; outside the input line
            // each one is a command of its own.
            for character in text { handle(.text(String(character))) }
        default:
            break  // Pasted text is never taken as commands, nor a key no table binds.
        }
    }

    private func perform(_ command: Command) {
        switch command {
        case .nextTab: shell.selectNextTab()
        case .previousTab: shell.selectPreviousTab()
        case .selectTab(let tab): shell.selectTab(tab)
        case .quit: onQuit()
        case .toggleHelp: shell.toggleHelp()
        case .closeHelp: shell.hideHelp()
        case .focusInput: inputLineUser?.inputFocusChanged(true)
        case .leaveInput: inputLineUser?.inputFocusChanged(false)
        case .submitInput: inputLineUser?.inputSubmitted()
        case .cursorLeft: edit(.moveLeft)
        case .cursorRight: edit(.moveRight)
        case .cursorHome: edit(.moveHome)
        case .cursorEnd: edit(.moveEnd)
        case .deleteBackward: edit(.deleteBackward)
        case .deleteForward: edit(.deleteForward)
        case .deleteToStart: edit(.deleteToStart)
        case .deleteWordBackward: edit(.deleteWordBackward)
        case .placeInputCursor(let offset):
            inputLineUser?.inputFocusChanged(true)
            edit(.moveTo(offset))
        case .scrollHelp(let move): scrollHelp(move)
        }
        if isHelpVisible, case .selectTab = command { shell.hideHelp() }
    }

    // MARK: - Input line

    /// The open tab, as `selectedTab` last delivered it.
    private var tab: Tab { visibleTab ?? .weather }
    private var currentScreen: (any ScreenView)? { screens[tab] }
    private var inputLineUser: InputLineUser? { currentScreen?.inputLineUser }

    /// Sends an edit of the input line to the screen that owns it.
    private func edit(_ edit: InputLineEdit) {
        inputLineUser?.inputLineEdited(edit)
    }

    /// Binds the input line of the screen that takes it now, when that screen changed (another
    /// tab, or a screen that took or gave up the input line on a key); until the first
    /// delivery, and while no screen takes it, the line is empty and has no focus.
    private func followInputLineUser() {
        let user = inputLineUser
        let identity = user.map(ObjectIdentifier.init)
        guard identity != inputUser else { return }
        inputUser = identity
        for token in inputTokens { token.cancel() }
        inputTokens = []
        input = InputLineState()
        guard let user else { return needsDisplay() }
        bindInput(user.inputPrompt, to: \.prompt)
        bindInput(user.inputLine, to: \.line)
        bindInput(user.inputLineIsFocused, to: \.isFocused)
    }

    private func bindInput<Value>(_ output: Output<Value>, to field: WritableKeyPath<InputLineState, Value>) {
        output.bindAndFire { [unowned self] value in
            input[keyPath: field] = value
            needsDisplay()
        }.store(in: &inputTokens)
    }

    /// Orders the help for where the user is: the scopes that apply with the help closed first.
    private func orderHelp() {
        helpScopes = keymap.helpScopes(active: scopesOnScreen, screenLines: currentScreen?.keyLines ?? [])
    }

    private func scrollHelp(by lines: Int) {
        scrollHelp(.rows(lines))
    }

    /// Scrolls the help as every list moves, a page being the help's height less its frame.
    private func scrollHelp(_ move: ListMove) {
        let maximum = HelpOverlayView(keymap: keymap, scopes: helpScopes, scroll: 0).maximumScroll(in: lastSize)
        let scroll = move.index(from: helpScroll, count: maximum + 1, page: lastSize.rows - 6)
        guard scroll != helpScroll else { return }
        helpScroll = scroll
        needsDisplay()  // no view-model output: the help's scroll asks for a frame as a binding does
    }

    /// The status line's keys as they stand: each does what it says here, once; the help's and
    /// quitting's at the end; `/` only where there is an input line to go to; while a notice
    /// shows, the keys that answer it.
    package var statusHints: [StatusHint] { statusLine.all }

    private var statusLine: StatusHints {
        if notice != nil { return .notice }
        return StatusHints(activeScopes, shell: keymap.shell, screen: currentScreen, inputLine: inputLineUser)
    }

    // MARK: - Layout

    /// The terminal is `size`: tells every screen the region it will draw in, before any frame
    /// at that size is drawn (at start and after each resize), so that a screen sizes what its
    /// view-model reads (People's rows in view) as an input, never from inside `draw`.
    public func layout(size: Size) {
        guard size.fits(Self.minimumSize) else { return }
        for screen in screens.values {
            screen.layout(in: Self.contentRect(in: size, hasInputLine: screen.inputLineUser != nil))
        }
    }

    /// The region a screen draws in on a terminal of `size`, under the tab bar and above the
    /// status line, and under the input line when the screen has one.
    private static func contentRect(in size: Size, hasInputLine: Bool) -> Rect {
        let content = Rect(row: 2, column: 0, width: size.columns, height: size.rows - 3)
        return hasInputLine ? content.droppingTop(2) : content
    }

    // MARK: - Drawing

    /// Draws the whole screen into `surface`.
    public func draw(into surface: Surface) {
        let size = surface.size
        lastSize = size
        surface.clear()
        guard size.fits(Self.minimumSize) else {
            targets = []
            TooSmallView(minimum: Self.minimumSize).draw(into: surface)
            return
        }
        TabBarView(tabs: shell.tabs, selected: tab, busy: shell.tabs.filter(busyTabs.contains), spinner: spinner.glyph)
            .draw(into: surface, row: 0)
        let content = Self.contentRect(in: size, hasInputLine: inputLineUser != nil)
        var cursor: Position?
        if inputLineUser != nil {
            let line = Self.contentRect(in: size, hasInputLine: false)
            let position = InputLineView(
                prompt: input.prompt, line: input.line, isFocused: isInputFocused,
                placeholder: shell.inputPlaceholder
            )
            .draw(into: surface, row: line.row, in: line)
            if isInputFocused { cursor = position }
        }
        currentScreen?.draw(into: surface, in: content)
        if let notice {
            // Whole, over the screen's last rows, above the status line; the tab bar stays. A
            // screen reader follows the hidden cursor to it, as to the help.
            let first = NoticeView(text: notice).draw(into: surface, above: size.rows - 1, topmost: 1)
            (cursor, surface.focus) = (nil, Position(row: first, column: 1))
        }
        StatusLineView(hints: statusLine).draw(into: surface, row: size.rows - 1)
        if isHelpVisible {
            HelpOverlayView(keymap: keymap, scopes: helpScopes, scroll: helpScroll).draw(into: surface, in: content)
            cursor = nil
            surface.focus = Position(row: content.row, column: content.column)  // the help's first line
        }
        surface.cursor = cursor
        targets = surface.mouseTargets
    }
}
