import Foundation

/// A counter shared between threads in concurrency tests; `increment()` returns the new value.
final class NSLockedCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    @discardableResult
    func increment() -> Int {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        return value
    }

    func decrement() {
        lock.lock()
        defer { lock.unlock() }
        value -= 1
    }
}
