import Binding
import Renderer
import Screens
import Testing
import TestSupport

/// A view that goes away takes its listeners with it: every view-model it showed is left with
/// the listeners a view-model never shown has (its own, inside it), and nothing keeps the view
/// alive.
@MainActor
@Suite struct ReleasedViewTests {
    @Test(arguments: Tab.allCases)
    func releasingTheShellLeavesNoListenerOnAnyViewModel(tab: Tab) async {
        var viewModels: [AnyObject] = []
        weak var shellView: ShellView?
        do {
            let screens = EveryScreenHarness(tab: tab)
            for tab in Tab.allCases {  // every screen shown, used and hidden again
                screens.harness.shell.selectTab(tab)
                screens.harness.type("ab\r\u{1B}[B ?\u{1B}")
                await screens.settle(advancingBy: .seconds(1))
            }
            #expect(Self.listenerCount(of: screens.harness.shell) > 0)
            viewModels = screens.viewModels.all + [screens.harness.shell]
            shellView = screens.harness.view
        }
        #expect(shellView == nil, "something still holds the shell's view")
        let neverShown = EveryScreenHarness.ViewModels(scheduler: TestScheduler()).all + [ShellViewModel()]
        for (viewModel, fresh) in zip(viewModels, neverShown) {
            #expect(Self.listenerCount(of: viewModel) == Self.listenerCount(of: fresh), "\(type(of: viewModel)) keeps a view's listeners")
        }
    }

    /// The listeners on every `Dynamic` output `object` has.
    private static func listenerCount(of object: AnyObject) -> Int {
        Mirror(reflecting: object).children.reduce(0) { total, child in
            total + ((child.value as? any ListenerCounting)?.listenerCount ?? 0)
        }
    }
}

/// A `Dynamic` of any type, as far as counting its listeners goes.
@MainActor
protocol ListenerCounting {
    var listenerCount: Int { get }
}

extension Dynamic: ListenerCounting {}
