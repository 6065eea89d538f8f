import Binding
import Screens

extension ShellView {
    /// Notes a screen's busy output; the spinner turns, every `Spinner.interval`, only while a
    /// screen is busy, so an idle program has no timer.
    func screen(_ tab: Tab, isBusy busy: Bool) {
        guard busy != busyTabs.contains(tab) else { return }
        if busy { busyTabs.insert(tab) } else { busyTabs.remove(tab) }
        if busyTabs.isEmpty {
            spinnerTimer?.cancel()
            spinnerTimer = nil
        } else if spinnerTimer == nil {
            spinnerTimer = scheduler.schedule(every: Spinner.interval, after: Spinner.interval) { [weak self] in
                self?.spinner.turn()
                self?.needsDisplay()
            }
        }
        needsDisplay()
    }
}
