import Dispatch
import FuzzProperties
import Glibc

// libFuzzer's entry point: one input of the target named by FUZZ_TARGET (FuzzTarget's raw
// values); a broken property stops the run with the input saved, as a crash would.

/// The target this run fuzzes, read once.
private let target: FuzzTarget = {
    let name = getenv("FUZZ_TARGET").map { String(cString: $0) } ?? ""
    guard let target = FuzzTarget(rawValue: name) else {
        fatalError("FUZZ_TARGET must be one of \(FuzzTarget.allCases.map(\.rawValue))")
    }
    return target
}()

/// Holds what a check found until the fuzzer's thread reads it.
private final class Answer: @unchecked Sendable {
    // Written by the task before it signals, read after the wait: never at once.
    var broken: [String] = []
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard size <= FuzzTarget.maxInputBytes else { return -1 }  // not added to the corpus
    let bytes = size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size))
    let answer = Answer()
    let done = DispatchSemaphore(value: 0)
    let target = target
    Task {
        answer.broken = await target.brokenProperties(bytes)
        done.signal()
    }
    done.wait()
    if !answer.broken.isEmpty {
        fatalError("\(target.rawValue): broken: \(answer.broken.joined(separator: "; "))")
    }
    return 0
}
