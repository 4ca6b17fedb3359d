import Foundation

/// The fake's notion of "now": for rate-limit windows, token expiry, events and project activity.
///
/// Inject a clock that reads a test's virtual scheduler so the fake and the client agree on time; the default
/// reads the system clock (the one place the fake does).
public protocol FakeGitLabClock: Sendable {
    /// The current time.
    var now: Date { get }
}

/// The system clock.
public struct FakeGitLabSystemClock: FakeGitLabClock {
    /// Creates the system clock.
    public init() {}

    /// The system's current time.
    public var now: Date { Date() }
}

/// A clock that reads a closure (a test's scheduler: `FakeGitLabClosureClock { scheduler.now }`).
public struct FakeGitLabClosureClock: FakeGitLabClock {
    private let read: @Sendable () -> Date

    /// Creates a clock reading `read`.
    public init(_ read: @escaping @Sendable () -> Date) { self.read = read }

    /// What the closure returns.
    public var now: Date { read() }
}
