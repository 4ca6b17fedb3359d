/// Where a watched project stands, as the watch engine last saw it.
package enum ProjectStatus: String, Sendable, Hashable, Codable, CaseIterable {
    /// Polled normally.
    case active
    /// Polls have been failing (404 after it became private, 401/403, repeated 5xx); see the failure count.
    case unreachable
    /// GitLab answered its polls the same failing way `stalled_after` times in a row (`project.stalled`): retrying
    /// alone will not get past it. Still polled; the next successful poll makes it active (`project.recovered`).
    case stalled
    /// Archived on GitLab; skipped unless the configuration asks otherwise.
    case archived
    /// No longer part of any watch target (deleted, moved out of the group, or dropped from the config).
    case removed
}
