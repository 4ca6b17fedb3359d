/// What a `branch.created` event carries.
public struct BranchCreated: Sendable, Hashable, Codable {
    /// The new branch's head SHA.
    public var head: String
    /// The head commit, when the watcher fetched it.
    public var commit: Commit?
}
