/// A file a fake commit changes, with its line counts (for `path` filters, stats and compare diffs).
public struct FakeCommitFile: Sendable, Hashable, ExpressibleByStringLiteral {
    /// The file path.
    public var path: String
    /// Lines added.
    public var additions: Int
    /// Lines removed.
    public var deletions: Int

    /// Creates a changed file.
    public init(path: String, additions: Int = 1, deletions: Int = 0) {
        self.path = path
        self.additions = additions
        self.deletions = deletions
    }

    /// A file with one added line.
    public init(stringLiteral value: String) { self.init(path: value) }
}
