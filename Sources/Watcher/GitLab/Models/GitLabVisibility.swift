/// A project's or group's visibility level.
///
/// A string-backed struct rather than an enum, so a level added by a later GitLab decodes instead of failing. It
/// is coded as its bare string (the standard library's `Codable` for `RawRepresentable` string types).
public struct GitLabVisibility: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
    /// GitLab's spelling of the level.
    public let rawValue: String

    /// Wraps one of GitLab's visibility strings.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Visible to everyone, signed in or not.
    public static let `public` = GitLabVisibility(rawValue: "public")
    /// Visible to every signed-in user.
    public static let `internal` = GitLabVisibility(rawValue: "internal")
    /// Visible to members only.
    public static let `private` = GitLabVisibility(rawValue: "private")

    /// The raw value.
    public var description: String { rawValue }
}
