/// What a `branch.deleted` event carries.
public struct BranchDeleted: Sendable, Hashable, Codable {
    /// The head the branch had when glwatch last saw it.
    public var lastHead: String

    enum CodingKeys: String, CodingKey {
        case lastHead = "last_head"
    }
}
