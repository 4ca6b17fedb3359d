/// What a `contributor.new` event carries: a first-time author and their first commit in the project.
public struct NewContributor: Sendable, Hashable, Codable {
    /// The new contributor (after alias merging).
    public var contributor: Person
    /// Their first commit in the project.
    public var commit: Commit
}
