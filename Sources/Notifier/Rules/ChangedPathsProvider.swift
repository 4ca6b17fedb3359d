/// Supplies the file paths an event's commits changed.
///
/// The watcher implements it with GitLab requests; the router calls it at most once per event, and only when a rule
/// with a `paths` condition has all its other conditions met.
public protocol ChangedPathsProvider: Sendable {
    /// The paths changed by the event's commits (for a truncated push, those GitLab can list).
    func changedPaths(for event: WatchEvent) async throws -> [String]

    /// The paths changed by the event's commits, and whether that list is known to be incomplete (GitLab cut a
    /// large diff short). The default: `changedPaths(for:)`, complete.
    func changeSet(for event: WatchEvent) async throws -> ChangedPaths
}

extension ChangedPathsProvider {
    /// `changedPaths(for:)`, taken as complete.
    public func changeSet(for event: WatchEvent) async throws -> ChangedPaths {
        ChangedPaths(paths: try await changedPaths(for: event), isTruncated: false)
    }
}

/// A fixed list of changed paths, for dry runs and tests.
public struct StaticChangedPaths: ChangedPathsProvider {
    /// The paths every event is said to change.
    public var paths: [String]

    /// Creates a provider that answers `paths` for every event.
    public init(_ paths: [String]) {
        self.paths = paths
    }

    /// Returns the fixed paths.
    public func changedPaths(for event: WatchEvent) async throws -> [String] { paths }
}
