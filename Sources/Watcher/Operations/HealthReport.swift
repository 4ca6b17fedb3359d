import Foundation

/// The answer of a health or readiness check.
struct HealthReport: Sendable, Equatable {
    /// Whether the check passes (HTTP 200) or not (503).
    var ok: Bool
    /// Why, in words, for people reading the probe's body.
    var reason: String
    /// When the latest successful poll finished, if any.
    var lastSuccessfulPoll: Date?
}
