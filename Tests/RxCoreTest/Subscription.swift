/// Records information about subscriptions to and unsubscriptions from observable sequences.
public struct Subscription: Equatable, Hashable, CustomDebugStringConvertible, Sendable {
    /// Subscription virtual time.
    public let subscribe: Int
    /// Unsubscription virtual time.
    public let unsubscribe: Int

    /// Creates a new subscription object with the given virtual subscription time.
    ///
    /// - parameter subscribe: Virtual time at which the subscription occurred.
    public init(_ subscribe: Int) {
        self.subscribe = subscribe
        self.unsubscribe = Int.max
    }

    /// Creates a new subscription object with the given virtual subscription and unsubscription time.
    ///
    /// - parameter subscribe: Virtual time at which the subscription occurred.
    /// - parameter unsubscribe: Virtual time at which the unsubscription occurred.
    public init(_ subscribe: Int, _ unsubscribe: Int) {
        self.subscribe = subscribe
        self.unsubscribe = unsubscribe
    }

    /// A textual representation of `self`, suitable for debugging.
    public var debugDescription: String {
        let infiniteText = "Infinity"
        return "(\(self.subscribe): \(self.unsubscribe != Int.max ? String(self.unsubscribe) : infiniteText))"
    }
}
