import Binding

/// The frame around the screens: which tab is open and whether the help overlay shows.
///
/// ```swift
/// let shell = ShellViewModel(initialTab: .weather)
/// shell.selectNextTab()            // selectedTab.value == .movies
/// shell.toggleHelp()               // isHelpVisible.value == true
/// ```
@MainActor
public final class ShellViewModel {
    // MARK: - Outputs

    /// The tabs in the order the tab bar shows them.
    public let tabs: [Tab] = Tab.allCases
    /// The tab whose screen shows.
    public let selectedTab: Dynamic<Tab>
    /// Whether the help overlay covers the screen.
    public let isHelpVisible = Dynamic(false)
    /// What the status line says in place of the keys until the first key: warnings from the
    /// start, such as a config file that others can read; nil for none.
    public let notice: Dynamic<String?>

    /// Creates the shell with `initialTab` open, the status line saying `notices` first.
    public init(initialTab: Tab = .weather, notices: [String] = []) {
        selectedTab = Dynamic(initialTab)
        notice = Dynamic(notices.isEmpty ? nil : "Warning: " + notices.joined(separator: "; "))
    }

    // MARK: - Inputs

    /// Opens the tab after the current one (Tab).
    public func selectNextTab() {
        selectTab(selectedTab.value.next)
    }

    /// Opens the tab before the current one (Shift-Tab).
    public func selectPreviousTab() {
        selectTab(selectedTab.value.previous)
    }

    /// Opens `tab`; choosing the tab already open changes nothing.
    public func selectTab(_ tab: Tab) {
        guard tab != selectedTab.value else { return }
        selectedTab.value = tab
    }

    /// Shows the help overlay, or hides it when it shows.
    public func toggleHelp() {
        isHelpVisible.value.toggle()
    }

    /// A key was pressed: the notice, read or not, makes room for the keys.
    public func dismissNotice() {
        guard notice.value != nil else { return }
        notice.value = nil
    }

    /// Hides the help overlay if it shows.
    public func hideHelp() {
        guard isHelpVisible.value else { return }
        isHelpVisible.value = false
    }
}
