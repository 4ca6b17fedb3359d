import Foundation
import Notifier
import RxCore

/// A client for one GitLab host's REST API v4: reactive (`Single` for one answer, `Paginator` for lists) with
/// an `async` twin for every call, resilient (retries with backoff, rate limiting, redirects, token renewal),
/// and careful with secrets.
///
/// ```swift
/// let transport = try AsyncHTTPClientGitLabTransport()
/// let client = GitLabClient(
///     host: URL(string: "https://gitlab.example.com")!,
///     auth: .privateToken(GitLabSecret(token)),
///     transport: transport,
///     scheduler: ConcurrentDispatchQueueScheduler(qos: .default),
///     configuration: GitLabClientConfiguration(userAgent: "glwatch/0.1.0")
/// )
/// let branch = try await client.repositories.branch("main", of: "acme/api")
/// for try await page in client.commits.list(of: 42, options: .init(refName: "\(old)..\(new)")) { … }
/// ```
///
/// Use one client per host (several hosts in one process are fine); endpoints are grouped as GitLab groups
/// them: `projects`, `groups`, `commits`, `repositories`, `users`, `events`.
public final class GitLabClient: Sendable {
    /// The host's base URL (`https://gitlab.example.com`, or with a relative root `https://example.com/gitlab`).
    public var host: URL { executor.host }
    /// The host's name when the client was made: the key of its host lane in the engine, which a reloaded URL
    /// does not change.
    public let laneName: String
    /// The configuration the client was made with.
    public let configuration: GitLabClientConfiguration
    /// The host's rate limiter (shared with other clients of the host when one was passed in).
    public let rateLimiter: GitLabRateLimiter
    let executor: GitLabRequestExecutor
    let authenticator: GitLabAuthenticator
    /// Whether the client was made with credentials (any `auth` but `.none`).
    public let isAuthenticated: Bool

    /// Creates a client.
    ///
    /// - parameter host: The GitLab base URL, without `/api/v4`.
    /// - parameter auth: How to authenticate.
    /// - parameter transport: The HTTP transport (`AsyncHTTPClientGitLabTransport` in production).
    /// - parameter scheduler: The scheduler every wait (backoff, `Retry-After`, pacing) goes through and whose
    ///   clock decides token expiry.
    /// - parameter configuration: Timeouts, retries, pacing, paging, logging and the `User-Agent`.
    /// - parameter rateLimiter: The host's limiter, to share it among clients of one host; by default the client
    ///   makes its own from `configuration.pace`.
    /// - parameter jitter: The randomness of backoff jitter.
    /// - parameter credentials: Where changed credentials come from while the client runs (a rotated token file),
    ///   asked before requests and at once after a 401.
    public init(
        host: URL,
        auth: GitLabAuth,
        transport: any GitLabHTTPTransport,
        scheduler: any SchedulerType,
        configuration: GitLabClientConfiguration,
        rateLimiter: GitLabRateLimiter? = nil,
        jitter: any RandomSource = SystemRandomSource(),
        credentials: (any GitLabCredentialSource)? = nil
    ) {
        let clock = SchedulerClock(scheduler: scheduler)
        let scrubber = GitLabSecretScrubber()
        self.laneName = GitLabRequestExecutor.hostName(of: host)
        self.configuration = configuration
        if case .none = auth { self.isAuthenticated = false } else { self.isAuthenticated = true }
        self.rateLimiter =
            rateLimiter
            ?? GitLabRateLimiter(
                host: GitLabRequestExecutor.hostName(of: host),
                pace: configuration.pace,
                scheduler: scheduler
            )
        self.authenticator = GitLabAuthenticator(
            auth: auth,
            clock: clock,
            refreshMargin: configuration.tokenRenewalMargin,
            scrubber: scrubber,
            credentials: credentials
        )
        self.executor = GitLabRequestExecutor(
            host: host,
            configuration: configuration,
            transport: transport,
            clock: clock,
            limiter: self.rateLimiter,
            authenticator: authenticator,
            jitter: jitter,
            scrubber: scrubber
        )
    }

    /// `gitlab.example.com` (with the port when it is not the default).
    public var hostName: String { executor.hostName }

    /// Projects: one by id or path, and the projects list.
    public var projects: GitLabProjectsAPI { GitLabProjectsAPI(executor: executor) }
    /// Groups: one by id or path, and a group's projects.
    public var groups: GitLabGroupsAPI { GitLabGroupsAPI(executor: executor) }
    /// Commits: lists (with revision ranges) and single commits.
    public var commits: GitLabCommitsAPI { GitLabCommitsAPI(executor: executor) }
    /// Repositories: branches, tags, contributors, compare and merge base.
    public var repositories: GitLabRepositoriesAPI { GitLabRepositoriesAPI(executor: executor) }
    /// Users: the current user.
    public var users: GitLabUsersAPI { GitLabUsersAPI(executor: executor, authenticator: authenticator) }
    /// Events of a project or a user (push data), and the user-wide feed.
    public var events: GitLabEventsAPI { GitLabEventsAPI(executor: executor) }
    /// GraphQL: the heads of many projects' default branches in one request.
    public var graphQL: GitLabGraphQLAPI { GitLabGraphQLAPI(executor: executor) }
    /// Webhooks of projects and groups.
    public var hooks: GitLabHooksAPI { GitLabHooksAPI(executor: executor) }

    /// The host's rate-limit state now, then every change.
    ///
    /// When `isThrottled` turns true, GitLab asked the host's clients to hold off until `throttledUntil`; requests wait
    /// by themselves, and a watch engine can pause every pipeline on the host together.
    public var rateLimit: Observable<GitLabRateLimitState> { rateLimiter.state }

    /// The signed-in user: set by `logIn` and by every successful `users.current()`, `nil` after `logOut`.
    public var currentUser: Observable<GitLabUser?> { authenticator.currentUser.asObservable() }

    /// The current OAuth token after every sign-in and renewal (keep it in a secret store to survive restarts);
    /// `nil` for other kinds of authentication and after `logOut`.
    public var oauthToken: Observable<GitLabOAuthToken?> { authenticator.oauthToken.asObservable() }
}
