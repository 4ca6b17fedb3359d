import Foundation

/// Runs `body(index)` on `threadCount` dedicated threads at once and waits for all of them, so stress tests get
/// real parallelism even where a dispatch pool would run the iterations one after another.
func runOnThreads(_ threadCount: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let group = DispatchGroup()
    let start = DispatchSemaphore(value: 0)
    for index in 0..<threadCount {
        group.enter()
        let thread = Thread {
            start.wait()
            body(index)
            group.leave()
        }
        thread.start()
    }
    for _ in 0..<threadCount {
        start.signal()
    }
    group.wait()
}

/// A counter per value, filled from several threads; used to prove every element arrived exactly once.
final class DeliveryLedger: @unchecked Sendable {
    // @unchecked: `counts` is only touched under `lock`.
    private let lock = NSLock()
    private var counts: [Int]

    init(valueCount: Int) {
        counts = Array(repeating: 0, count: valueCount)
    }

    func record(_ value: Int) {
        lock.lock()
        counts[value] += 1
        lock.unlock()
    }

    /// Values that arrived other than exactly once, as `value: count` (empty when all arrived once).
    var anomalies: [String] {
        lock.lock()
        defer { lock.unlock() }
        return counts.enumerated().filter { $0.element != 1 }.prefix(10).map { "\($0.offset): \($0.element)" }
    }
}
