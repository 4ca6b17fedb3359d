import Foundation

/// What one read of an instance's change feed did, for metrics and logs.
package struct FeedReport: Sendable, Equatable {
    /// The instance (engine client name).
    package var instance: String
    /// When the read started.
    package var startedAt: Date
    /// Projects the feed covers (the token's user has Reporter access or more), as last listed.
    package var covered: Int
    /// Feed requests sent (not counting the listing of covered projects).
    package var requests: Int
    /// GraphQL requests reading the default-branch heads of projects the feed cannot see.
    package var batchRequests = 0
    /// Projects polled at once because a push event named them (several events for one project count once), or
    /// because their head moved in a GraphQL batch.
    package var polled: Int
    /// Push events for projects another replica polls, passed on to it (the leader's read).
    package var forwarded = 0
    /// Push events for projects no target watches (the token's user is a member of more than is watched).
    package var ignored: Int
    /// Push events for watched projects that need no poll: a branch the target does not watch, or a tag when the
    /// target has no `tags: true`.
    package var filtered: Int
    /// Why the read stopped early; the hints it got before were still used.
    package var failure: String?
    /// Whether this replica left the read to the leader (it read only the leader's note; `requests` is 0).
    package var followed = false
}
