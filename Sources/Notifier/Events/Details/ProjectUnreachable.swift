import Foundation

/// What a `project.unreachable` event carries.
public struct ProjectUnreachable: Sendable, Hashable, Codable {
    /// Why polls fail, for example `404 Project Not Found` or `401 token expired` (never a secret).
    public var reason: String
    /// The HTTP status of the last failed poll, when GitLab answered.
    public var httpStatus: Int?
    /// How many polls in a row failed.
    public var consecutiveFailures: Int
    /// When the first of those failures happened.
    public var since: Date

    /// Creates the details of a `project.unreachable` event.
    public init(reason: String, httpStatus: Int?, consecutiveFailures: Int, since: Date) {
        self.reason = reason
        self.httpStatus = httpStatus
        self.consecutiveFailures = consecutiveFailures
        self.since = since.roundedToMilliseconds
    }

    enum CodingKeys: String, CodingKey {
        case reason, since
        case httpStatus = "http_status"
        case consecutiveFailures = "consecutive_failures"
    }
}
