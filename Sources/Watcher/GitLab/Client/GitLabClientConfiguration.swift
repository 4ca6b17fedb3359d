import Logging
import Notifier

/// How a `GitLabClient` behaves: identification, timeouts, retries, pacing, paging and logging.
public struct GitLabClientConfiguration: Sendable {
    /// The `User-Agent` sent with every request (`glwatch/0.1.0`), so GitLab admins can tell who is calling.
    public var userAgent: String
    /// How long one HTTP exchange (head and body) may take before it fails with `GitLabError.timeout` (and is
    /// retried, for a `GET`).
    public var requestTimeout: Duration
    /// When and how long to wait before trying again.
    public var retry: RetryPolicy
    /// The client-side pace for the host, or `nil` for none.
    ///
    /// Used when the client creates its own `GitLabRateLimiter`; a shared limiter brings its own.
    public var pace: GitLabRateLimiter.Pace?
    /// Items per page for lists (GitLab's maximum is 100; fewer pages mean fewer requests).
    public var perPage: Int
    /// How many pages a paginator loads at once for page ranges and `loadAll()`.
    public var maximumConcurrentPages: Int
    /// The most redirects followed for one request (a moved project answers 301).
    public var maximumRedirects: Int
    /// How long before an OAuth token expires the client renews it.
    public var tokenRenewalMargin: Duration
    /// Where the client logs requests (`debug`), retries and redirects (`notice`/`warning`).
    ///
    /// Never logs secrets.
    public var logger: Logger

    /// Creates a configuration.
    ///
    /// - parameter userAgent: The `User-Agent`, naming the program and its version (`glwatch/0.1.0`).
    /// - parameter pace: Defaults to 600 requests/min with bursts of 20 — under a third of gitlab.com's 2,000
    ///   requests/min per user, leaving room for the user's other tools on the same token.
    public init(
        userAgent: String,
        requestTimeout: Duration = .seconds(30),
        retry: RetryPolicy = .gitLab(),
        pace: GitLabRateLimiter.Pace? = GitLabRateLimiter.Pace(requestsPerMinute: 600, burst: 20),
        perPage: Int = 100,
        maximumConcurrentPages: Int = 4,
        maximumRedirects: Int = 5,
        tokenRenewalMargin: Duration = .seconds(60),
        logger: Logger = Logger(label: "glwatch.gitlab")
    ) {
        self.userAgent = userAgent
        self.requestTimeout = requestTimeout
        self.retry = retry
        self.pace = pace
        self.perPage = min(max(perPage, 1), 100)
        self.maximumConcurrentPages = max(1, maximumConcurrentPages)
        self.maximumRedirects = max(0, maximumRedirects)
        self.tokenRenewalMargin = tokenRenewalMargin
        self.logger = logger
    }
}
