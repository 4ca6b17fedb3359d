/// Routing could not decide: the event should not be stored yet (the watcher retries at its next poll).
public struct RoutingError: Error, Sendable, CustomStringConvertible {
    /// The rule that needed the changed paths.
    public var rule: String
    /// What went wrong.
    public var reason: String

    /// `rule "x" needs the changed paths: <reason>`.
    public var description: String { "rule \"\(rule)\" needs the changed paths: \(reason)" }
}
