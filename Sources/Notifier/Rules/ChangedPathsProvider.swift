/// Supplies the file paths an event's commits changed.
///
/// The watcher implements it with GitLab requests; the router calls it at most once per event, and only when a rule
/// with a `paths` condition has all its other conditions met.
public protocol ChangedPathsProvider: Sendable {
    /// The paths changed by the event's commits (for a truncated push, those GitLab can list).
    func changedPaths(for event: WatchEvent) async throws -> [String]
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
