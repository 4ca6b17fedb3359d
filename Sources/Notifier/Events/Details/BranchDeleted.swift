/// What a `branch.deleted` event carries.
public struct BranchDeleted: Sendable, Hashable, Codable {
    /// The head the branch had when glwatch last saw it.
    public var lastHead: String

    /// Creates the details of a `branch.deleted` event.
    public init(lastHead: String) {
        self.lastHead = lastHead
    }

    enum CodingKeys: String, CodingKey {
        case lastHead = "last_head"
    }
}
