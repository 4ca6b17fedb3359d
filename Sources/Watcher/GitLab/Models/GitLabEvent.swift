import Foundation

/// A project or user event (`GET /projects/:id/events`, `GET /users/:id/events`).
public struct GitLabEvent: Sendable, Hashable, Codable, Identifiable {
    /// The event id; newer events have larger ids.
    public var id: Int64
    /// The project the event happened in.
    public var projectID: Int64?
    /// What happened: `pushed to`, `pushed new`, `deleted`, `opened` and so on.
    public var actionName: String?
    /// The target's id (`nil` for pushes).
    public var targetID: Int64?
    /// The target's type (`nil` for pushes).
    public var targetType: String?
    /// The target's title.
    public var targetTitle: String?
    /// Who caused the event.
    public var authorID: Int64?
    /// Who caused the event.
    public var author: GitLabUser?
    /// Who caused the event.
    public var authorUsername: String?
    /// When it happened.
    public var createdAt: Date?
    /// What a push did, for push events.
    public var pushData: GitLabPushData?

    enum CodingKeys: String, CodingKey {
        case id, author
        case projectID = "project_id"
        case actionName = "action_name"
        case targetID = "target_id"
        case targetType = "target_type"
        case targetTitle = "target_title"
        case authorID = "author_id"
        case authorUsername = "author_username"
        case createdAt = "created_at"
        case pushData = "push_data"
    }
}
