/// What a `project.renamed` event carries (the event's project has the new path).
public struct ProjectRenamed: Sendable, Hashable, Codable {
    /// The path before the rename.
    public var oldPath: String
    /// The path after the rename.
    public var newPath: String

    enum CodingKeys: String, CodingKey {
        case oldPath = "old_path"
        case newPath = "new_path"
    }
}
