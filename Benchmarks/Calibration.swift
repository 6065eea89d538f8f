// The machine's own speed, measured in the same run as the figures, so that a budget means the
// same on a slower machine: a budget set in milliseconds on the reference machine is held as that
// many milliseconds times how much longer this machine takes for the calibration workload.
import Foundation

enum Calibration {
    /// The calibration workload's median time, in milliseconds, that the budgets are held at as
    /// they are written: this machine's at its fastest, when it imported 10,000 vCards as fast as
    /// the machine that set the budgets (Docs/Performance.md, "Budgets on any machine"). Wall
    /// time for the in-process figures, CPU time for `Scripts/sync-cpu.py`.
    static let referenceMilliseconds = 75.0

    /// A fixed piece of work that none of the program's code is part of, so that it measures the
    /// machine and not the program: text made, hashed, sorted, counted and scanned, with the
    /// allocation that goes with it, on one thread, as the program's own work is. Returns a
    /// number that depends on all of it, so that none is optimised away.
    static func workload() -> Int {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var texts: [String] = []
        texts.reserveCapacity(60_000)
        for index in 0..<60_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            texts.append("Person \(state >> 40) number \(index), café \(state % 977)")
        }
        texts.sort()
        var counts: [String: Int] = [:]
        for text in texts { counts[String(text.prefix(10)), default: 0] += 1 }
        var sum = counts.count
        for text in texts { sum &+= text.utf8.reduce(0) { $0 &+ Int($1) } }
        return sum
    }

    /// The median wall time of `runs` runs of the workload, in milliseconds.
    static func wallMilliseconds(runs: Int = 9) -> Double {
        var sink = 0
        let time = milliseconds(runs: runs) { sink &+= workload() }
        if sink == 42 { print("") }  // keeps the work
        return time
    }

    /// The median CPU time of this thread over `runs` runs of the workload, in milliseconds.
    static func cpuMilliseconds(runs: Int = 9) -> Double {
        var samples: [Double] = []
        var sink = 0
        for _ in 0..<runs {
            let start = threadCPUTime()
            sink &+= workload()
            samples.append((threadCPUTime() - start) * 1e3)
        }
        if sink == 42 { print("") }
        return samples.sorted()[samples.count / 2]
    }

    /// This thread's CPU time in seconds.
    private static func threadCPUTime() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
