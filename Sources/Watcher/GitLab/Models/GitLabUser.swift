import Foundation

/// A user (`GET /user`; also the `author` of events, with fewer fields).
public struct GitLabUser: Sendable, Hashable, Codable, Identifiable {
    /// The numeric id.
    public var id: Int64
    /// The username (`@name`).
    public var username: String
    /// Display name.
    public var name: String?
    /// The account state: `active`, `blocked` and so on.
    public var state: String?
    /// Primary email (only for the current user or admins).
    public var email: String?
    /// The user's public email.
    public var publicEmail: String?
    /// Avatar URL.
    public var avatarURL: String?
    /// The user's page on GitLab.
    public var webURL: String?
    /// Whether the account is a bot (project/group access token users are).
    public var bot: Bool?
    /// Account creation time.
    public var createdAt: Date?

    enum CodingKeys: String, CodingKey {
        case id, username, name, state, email, bot
        case publicEmail = "public_email"
        case avatarURL = "avatar_url"
        case webURL = "web_url"
        case createdAt = "created_at"
    }
}
