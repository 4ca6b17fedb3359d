/// What a `project.removed` event carries: a watched project left the watch because discovery no longer lists it.
public struct ProjectRemoved: Sendable, Hashable, Codable {
    /// Why it left, as far as GitLab tells: `archived`, `moved out of <scope>`, `deleted or no longer visible`.
    public var reason: String
    /// Where each watched branch stood when glwatch last saw it, by branch name.
    public var lastHeads: [String: String]

    enum CodingKeys: String, CodingKey {
        case reason
        case lastHeads = "last_heads"
    }
}
