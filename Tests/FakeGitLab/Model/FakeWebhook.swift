import Foundation

/// A webhook registered through the fake's API (what `glwatch hooks install` creates).
public struct FakeWebhook: Sendable, Equatable {
    /// The hook's id.
    public var id: Int64
    /// The project it belongs to, for a project hook.
    public var projectID: Int64?
    /// The group it belongs to, for a group hook.
    public var groupID: Int64?
    /// The URL it posts to.
    public var url: String
    /// Its secret token (GitLab never returns it; the fake keeps it for tests).
    public var token: String?
    /// Whether push events trigger it.
    public var pushEvents: Bool
    /// Whether tag push events trigger it.
    public var tagPushEvents: Bool
    /// Whether TLS certificates are verified.
    public var sslVerification: Bool
}
