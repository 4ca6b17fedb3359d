import Foundation

/// How the fake GitLab behaves where GitLab's behaviour depends on settings.
public struct FakeGitLabConfiguration: Sendable {
    /// "Now" for rate limits, token expiry, events and activity.
    public var clock: any FakeGitLabClock
    /// The date of the first commit made without an explicit date; each further one is a minute later, so
    /// histories are deterministic.
    public var historyStart: Date
    /// Lists longer than this omit `X-Total`, `X-Total-Pages` and `rel="last"` (GitLab: 10,000).
    public var totalsLimit: Int
    /// Offset pagination of `/projects` beyond this many items answers 405 (GitLab: 50,000).
    public var maximumOffset: Int
    /// Whether `POST /oauth/token` accepts `grant_type=password` (removed from newer GitLab).
    public var passwordGrantEnabled: Bool
    /// Lifetime of OAuth access tokens (GitLab: 2 hours).
    public var oauthTokenLifetime: TimeInterval
    /// GitLab only rewrites `last_activity_at` when the stored value is more than an hour old; `false` makes
    /// every push update it.
    public var coarseLastActivity: Bool
    /// Latency added to every answer (for benchmarks that model a real network); `nil` for none.
    public var latency: Duration?
    /// Log level of the HTTP server's own logger.
    public var serverLogLevel: String
    /// A push changing more refs than this records one bulk event (GitLab's `push_event_activities_limit`: 3).
    public var pushEventActivitiesLimit: Int
    /// Whether `POST /api/graphql` answers (`false`: 404, as behind a proxy that blocks it).
    public var graphQLEnabled: Bool
    /// The complexity one project adds to the head query (GitLab's scores change between releases).
    public var graphQLComplexityPerProject: Int
    /// Whether `/groups/:id/hooks` exists (GitLab Premium and Ultimate; `false`: 404, as on the Free tier).
    public var groupWebhooks: Bool

    /// Creates a configuration with GitLab's defaults.
    public init(
        clock: any FakeGitLabClock = FakeGitLabSystemClock(),
        historyStart: Date = Date(timeIntervalSince1970: 1_704_067_200),  // 2024-01-01T00:00:00Z
        totalsLimit: Int = 10_000,
        maximumOffset: Int = 50_000,
        passwordGrantEnabled: Bool = true,
        oauthTokenLifetime: TimeInterval = 7200,
        coarseLastActivity: Bool = true,
        latency: Duration? = nil,
        serverLogLevel: String = "critical",
        pushEventActivitiesLimit: Int = 3,
        graphQLEnabled: Bool = true,
        graphQLComplexityPerProject: Int = 12,
        groupWebhooks: Bool = false
    ) {
        self.clock = clock
        self.historyStart = historyStart
        self.totalsLimit = totalsLimit
        self.maximumOffset = maximumOffset
        self.passwordGrantEnabled = passwordGrantEnabled
        self.oauthTokenLifetime = oauthTokenLifetime
        self.coarseLastActivity = coarseLastActivity
        self.latency = latency
        self.serverLogLevel = serverLogLevel
        self.pushEventActivitiesLimit = max(0, pushEventActivitiesLimit)
        self.graphQLEnabled = graphQLEnabled
        self.graphQLComplexityPerProject = max(1, graphQLComplexityPerProject)
        self.groupWebhooks = groupWebhooks
    }
}
