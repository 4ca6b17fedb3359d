/// A group of the fake GitLab (a handle).
public struct FakeGroup: Sendable, Hashable {
    /// The group's numeric id.
    public let id: Int64
    let gitlab: FakeGitLab

    /// Handles compare by id.
    public static func == (lhs: FakeGroup, rhs: FakeGroup) -> Bool { lhs.id == rhs.id }

    /// Hashes the id.
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }

    /// The full path (`group/subgroup`).
    public var path: String { gitlab.store.read { $0.fullPath(ofGroup: id) } }

    /// Changes the visibility.
    public func setVisibility(_ visibility: FakeVisibility) {
        gitlab.store.write { $0.groups[id]!.visibility = visibility }
    }
}
