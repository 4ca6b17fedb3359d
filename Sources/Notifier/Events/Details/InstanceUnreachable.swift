import Foundation

/// What an `instance.unreachable` event carries: a whole GitLab instance fails the same way for every project
/// (a revoked or expired token, connection refused, DNS failure), reported once instead of once per project.
public struct InstanceUnreachable: Sendable, Hashable, Codable {
    /// The instance's base URL (`https://gitlab.example.com`).
    public var url: String
    /// Why requests fail, for example `401 Unauthorized: Token was revoked` (never a secret).
    public var reason: String
    /// The HTTP status of the failing probe, when GitLab answered.
    public var httpStatus: Int?
    /// When the outage was first noticed.
    public var since: Date

    /// Creates the details of an `instance.unreachable` event.
    public init(url: String, reason: String, httpStatus: Int?, since: Date) {
        self.url = url
        self.reason = reason
        self.httpStatus = httpStatus
        self.since = since.roundedToMilliseconds
    }

    enum CodingKeys: String, CodingKey {
        case url, reason, since
        case httpStatus = "http_status"
    }
}
