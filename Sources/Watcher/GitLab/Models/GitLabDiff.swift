/// One file's change in a compare result.
public struct GitLabDiff: Sendable, Hashable, Codable {
    /// Path before the change.
    public var oldPath: String
    /// Path after the change.
    public var newPath: String
    /// File mode before (`nil` for a new file).
    public var aMode: String?
    /// File mode after.
    public var bMode: String?
    /// The unified diff (may be empty when `collapsed` or `too_large`).
    public var diff: String?
    /// Whether the file was added.
    public var newFile: Bool?
    /// Whether the file was renamed.
    public var renamedFile: Bool?
    /// Whether the file was deleted.
    public var deletedFile: Bool?

    enum CodingKeys: String, CodingKey {
        case diff
        case oldPath = "old_path"
        case newPath = "new_path"
        case aMode = "a_mode"
        case bMode = "b_mode"
        case newFile = "new_file"
        case renamedFile = "renamed_file"
        case deletedFile = "deleted_file"
    }
}
