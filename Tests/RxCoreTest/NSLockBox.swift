import Foundation

/// A plain lock for the kit's own bookkeeping (recorded events and subscriptions may be touched from the thread
/// that drives virtual time and from threads an operator under test uses).
final class NSLockBox: @unchecked Sendable {
    private let lock = NSLock()

    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
