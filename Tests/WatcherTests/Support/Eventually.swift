import Foundation
import Synchronization
import Testing

/// Waits until `condition` holds, checking every 50 ms, for at most `seconds` (a generous deadline for work done
/// by other tasks and the database; the test asserts the outcome, never how long it took).
func eventually(
    within seconds: Double = 60, sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: () async throws -> Bool
) async throws {
    let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
    while try await !condition() {
        guard ContinuousClock.now < deadline else {
            Issue.record("the condition did not come true within \(seconds) s", sourceLocation: sourceLocation)
            return
        }
        try await Task.sleep(for: .milliseconds(50))
    }
}

/// A value shared with tasks and callbacks (an escaping closure cannot capture a `Mutex` or an `Atomic` itself).
final class Shared<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    init(_ value: Value) {
        mutex = Mutex(value)
    }

    /// The value now.
    var value: Value { mutex.withLock { $0 } }

    /// Changes the value under the lock.
    func update(_ body: (inout Value) -> Void) {
        mutex.withLock { body(&$0) }
    }
}
