import Foundation
import Synchronization

/// A clock that only moves when a test moves it.
final class ManualClock: Sendable {
    private let time: Mutex<Date>

    init(_ start: Date = Date(timeIntervalSince1970: 1_800_000_000)) { time = Mutex(start) }

    /// The current time, as a closure to inject.
    var now: @Sendable () -> Date { { self.time.withLock { $0 } } }

    /// Moves the clock forward.
    func advance(by seconds: TimeInterval) { time.withLock { $0 += seconds } }
}
