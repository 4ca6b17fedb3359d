import Foundation

/// What the store keeps about one watched project, written wholesale by `StateChange.projects`.
package struct ProjectRecord: Sendable, Hashable, Codable {
    /// The project's stable identity (instance and numeric id).
    package var key: ProjectKey
    /// The project's current full path (like `gitlab-org/gitlab`), updated when the project is renamed.
    package var path: String
    /// Where the project stands.
    package var status: ProjectStatus
    /// When glwatch last polled the project, successfully or not.
    package var lastPollAt: Date?
    /// When a poll of the project last succeeded.
    package var lastSuccessAt: Date?
    /// Polls that failed in a row since the last success.
    package var consecutiveFailures: Int
    /// Why the last poll failed (like `HTTP 404`), `nil` after a success; never contains a token.
    package var lastError: String?
    /// When GitLab last sent a webhook for the project (instant mode). Written only by
    /// `StateStore.recordHooks(_:)`: `StateChange.projects` leaves it as stored.
    package var lastHookAt: Date?

    /// Creates a project record; a new project starts active, never polled.
    package init(
        key: ProjectKey,
        path: String,
        status: ProjectStatus = .active,
        lastPollAt: Date? = nil,
        lastSuccessAt: Date? = nil,
        consecutiveFailures: Int = 0,
        lastError: String? = nil,
        lastHookAt: Date? = nil
    ) {
        self.key = key
        self.path = path
        self.status = status
        self.lastPollAt = lastPollAt
        self.lastSuccessAt = lastSuccessAt
        self.consecutiveFailures = consecutiveFailures
        self.lastError = lastError
        self.lastHookAt = lastHookAt
    }
}
