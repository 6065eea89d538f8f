import Foundation
import Renderer
import Screens
import Terminal

/// Whole frames of each tab sent through ncurses to a 100x30 pseudo-terminal: drawing, ncurses'
/// update and the write, timed together, and the bytes the terminal side receives.
///
/// The benchmark lends the pseudo-terminal its standard input and output while it runs and
/// gives them back before anything is printed.
@MainActor
func pseudoTerminalFigures(shells: [(Tab, ShellView)]) throws -> [Figure] {
    var leader: Int32 = 0, follower: Int32 = 0
    var size = winsize(ws_row: 30, ws_col: 100, ws_xpixel: 0, ws_ypixel: 0)
    guard openpty(&leader, &follower, nil, nil, &size) == 0 else {
        throw BenchmarkError(description: "no pseudo-terminal: \(String(cString: strerror(errno)))")
    }
    _ = fcntl(leader, F_SETFL, fcntl(leader, F_GETFL) | O_NONBLOCK)
    let savedInput = dup(STDIN_FILENO), savedOutput = dup(STDOUT_FILENO)
    fflush(nil)  // whatever the program printed goes out before the descriptors move
    dup2(follower, STDIN_FILENO)
    dup2(follower, STDOUT_FILENO)
    setenv("TERM", "xterm-256color", 1)
    unsetenv("LINES")
    unsetenv("COLUMNS")
    defer {
        dup2(savedInput, STDIN_FILENO)
        dup2(savedOutput, STDOUT_FILENO)
        for descriptor in [savedInput, savedOutput, follower, leader] { close(descriptor) }
    }

    let terminal = try NcursesTerminal(useColor: true)
    defer { terminal.stop() }
    _ = drain(leader)
    var figures: [Figure] = []
    for (tab, shell) in shells {
        var bytes = 0
        let time = milliseconds(runs: 31) {
            terminal.repaintAll()
            shell.draw(into: terminal)
            terminal.present()
            bytes = drain(leader)
        }
        figures.append(Figure(name: "whole frame of \(tab.title) on a pty: time", value: time, unit: "ms", budget: 2))
        figures.append(Figure(name: "whole frame of \(tab.title) on a pty: bytes", value: Double(bytes), unit: "B", budget: 6_000))
    }
    return figures
}

/// Reads everything waiting on the pseudo-terminal's leader side and returns how many bytes.
private func drain(_ leader: Int32) -> Int {
    var total = 0
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
        let count = read(leader, &buffer, buffer.count)
        if count <= 0 { return total }
        total += count
    }
}

struct BenchmarkError: Error, CustomStringConvertible {
    let description: String
}
