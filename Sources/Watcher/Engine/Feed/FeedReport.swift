import Foundation

/// What one read of an instance's change feed did, for metrics and logs.
struct FeedReport: Sendable, Equatable {
    /// The instance (engine client name).
    var instance: String
    /// When the read started.
    var startedAt: Date
    /// Projects the feed covers (the token's user has Reporter access or more), as last listed.
    var covered: Int
    /// Feed requests sent (not counting the listing of covered projects).
    var requests: Int
    /// GraphQL requests reading the default-branch heads of projects the feed cannot see.
    var batchRequests = 0
    /// Projects polled at once because a push event named them (several events for one project count once), or
    /// because their head moved in a GraphQL batch.
    var polled: Int
    /// Push events for projects no target watches (the token's user is a member of more than is watched).
    var ignored: Int
    /// Push events for watched projects that need no poll: a branch the target does not watch, or a tag.
    var filtered: Int
    /// Why the read stopped early; the hints it got before were still used.
    var failure: String?
}
