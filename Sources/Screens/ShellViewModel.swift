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

    /// Creates the shell with `initialTab` open.
    public init(initialTab: Tab = .weather) {
        selectedTab = Dynamic(initialTab)
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

    /// Hides the help overlay if it shows.
    public func hideHelp() {
        guard isHelpVisible.value else { return }
        isHelpVisible.value = false
    }
}
