import Foundation

/// What a `project.stalled` event carries: GitLab answered the project's polls the same failing way several
/// times in a row, so retrying alone will not get past it (an answer glwatch has no outcome for, a permission that
/// changed, a repository GitLab cannot read). The last line of defence: a project never stops in silence.
public struct ProjectStalled: Sendable, Hashable, Codable {
    /// The failure, naming the project and GitLab's answer (never a secret), for example
    /// `400 Bad Request on GET /projects/:id/repository/compare for project acme/api: Could not find ref`.
    public var reason: String
    /// The HTTP status of the answer, when GitLab answered.
    public var httpStatus: Int?
    /// The request that failed, as GitLab documents its endpoint (`GET /projects/:id/repository/compare`).
    public var endpoint: String?
    /// How many polls in a row failed this same way.
    public var sameFailures: Int
    /// When the first of those failures happened.
    public var since: Date

    /// Creates the details of a `project.stalled` event.
    public init(reason: String, httpStatus: Int?, endpoint: String?, sameFailures: Int, since: Date) {
        self.reason = reason
        self.httpStatus = httpStatus
        self.endpoint = endpoint
        self.sameFailures = sameFailures
        self.since = since.roundedToMilliseconds
    }

    enum CodingKeys: String, CodingKey {
        case reason, endpoint, since
        case httpStatus = "http_status"
        case sameFailures = "same_failures"
    }
}
