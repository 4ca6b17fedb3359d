/// The file paths an event's commits changed, as far as GitLab lists them.
public struct ChangedPaths: Sendable, Hashable {
    /// The paths (old and new path of a renamed file both count), without duplicates, sorted.
    public var paths: [String]
    /// Whether GitLab cut the list short (its diff limits overflowed): some changed paths may be missing, so a
    /// `paths` condition matches rather than risk missing an event.
    public var isTruncated: Bool

    /// Creates a change set; `paths` are de-duplicated and sorted.
    public init(paths: [String], isTruncated: Bool = false) {
        self.paths = Array(Set(paths)).sorted()
        self.isTruncated = isTruncated
    }
}
