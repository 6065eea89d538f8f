import Binding

/// The frame around the screens: which tab is open and whether the help overlay shows.
///
/// ```swift
/// let shell = ShellViewModel(initialTab: .weather)
/// shell.selectedTab.bindAndFire { print($0) }   // weather
/// shell.selectNextTab()                         // movies
/// shell.toggleHelp()                            // isHelpVisible delivers true
/// ```
@MainActor
public final class ShellViewModel {
    // MARK: - Outputs

    /// The tabs in the order the tab bar shows them.
    public let tabs: [Tab] = Tab.allCases
    /// What an empty input line says while it does not have the focus.
    public let inputPlaceholder = "press / to type"
    /// The tab whose screen shows.
    public var selectedTab: Output<Tab> { _selectedTab.output }
    /// Whether the help overlay covers the screen.
    public var isHelpVisible: Output<Bool> { _isHelpVisible.output }
    /// What the screen says above the status line until the user closes it: warnings from the
    /// start, such as a config file that others can read; nil for none.
    public var notice: Output<String?> { _notice.output }

    // MARK: - State

    private let _selectedTab: Dynamic<Tab>
    private let _isHelpVisible = Dynamic(false)
    private let _notice: Dynamic<String?>

    /// Creates the shell with `initialTab` open, and `notices` shown until closed.
    public init(initialTab: Tab = .weather, notices: [String] = []) {
        _selectedTab = Dynamic(initialTab)
        _notice = Dynamic(notices.isEmpty ? nil : "Warning: " + notices.joined(separator: "; "))
    }

    // MARK: - Inputs

    /// Opens the tab after the current one (Tab).
    public func selectNextTab() {
        selectTab(_selectedTab.value.next)
    }

    /// Opens the tab before the current one (Shift-Tab).
    public func selectPreviousTab() {
        selectTab(_selectedTab.value.previous)
    }

    /// Opens `tab`; choosing the tab already open changes nothing.
    public func selectTab(_ tab: Tab) {
        guard tab != _selectedTab.value else { return }
        _selectedTab.value = tab
    }

    /// Shows the help overlay, or hides it when it shows.
    public func toggleHelp() {
        _isHelpVisible.value.toggle()
    }

    /// The user closed the notice (a key or a click, once it was shown).
    public func dismissNotice() {
        guard _notice.value != nil else { return }
        _notice.value = nil
    }

    /// Hides the help overlay if it shows.
    public func hideHelp() {
        guard _isHelpVisible.value else { return }
        _isHelpVisible.value = false
    }
}
