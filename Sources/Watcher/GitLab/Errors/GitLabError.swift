/// Everything that can go wrong talking to GitLab, classified so callers can decide what to do.
///
/// Every case carries a `GitLabErrorContext` naming the host, the request and the resource; `description` adds the
/// HTTP status and GitLab's own message. No case ever holds a token: messages taken from GitLab's answers are
/// scrubbed of the client's secrets before they are stored.
public enum GitLabError: Error, Sendable, Equatable {
    /// 401: no token, an unknown, expired or revoked token, or wrong credentials at sign-in.
    case unauthorized(GitLabErrorContext, message: String?)
    /// 403: the token may not do this (`insufficient_scope` names the missing scope in `message`).
    case forbidden(GitLabErrorContext, message: String?)
    /// 404: the resource does not exist, or the token cannot see it (GitLab does not tell the two apart);
    /// `missing` is what GitLab's `message` says was not found (a branch, the project…).
    case notFound(GitLabErrorContext, missing: GitLabMissingResource, message: String?)
    /// 429 after the client gave up waiting: GitLab asked to wait `retryAfter` (when it said).
    case rateLimited(GitLabErrorContext, retryAfter: Duration?)
    /// 5xx: GitLab failed (after retries, for the retryable ones).
    case server(GitLabErrorContext, status: Int, message: String?)
    /// Any other unsuccessful status (400 `ref_name is invalid`, 405, 409, 410, an unfollowable redirect).
    case rejected(GitLabErrorContext, status: Int, message: String?)
    /// The answer was not what the endpoint documents; `path` is the JSON path (`$[3].committed_date`).
    case decoding(GitLabErrorContext, path: String, detail: String)
    /// The request did not complete: connection refused or dropped, TLS failure, a truncated body.
    case transport(GitLabErrorContext, detail: String)
    /// No complete answer within the request timeout.
    case timeout(GitLabErrorContext, after: Duration)
    /// The request was cancelled (its subscription disposed, its task cancelled).
    case cancelled(GitLabErrorContext)
    /// GitLab refused the OAuth password grant (`unsupported_grant_type`): newer GitLab no longer allows signing
    /// in with a username and password.
    case passwordGrantRefused(GitLabErrorContext, message: String?)

    /// Where the error happened.
    public var context: GitLabErrorContext {
        switch self {
        case .unauthorized(let context, _), .forbidden(let context, _), .notFound(let context, _, _),
            .rateLimited(let context, _), .server(let context, _, _), .rejected(let context, _, _),
            .decoding(let context, _, _), .transport(let context, _), .timeout(let context, _),
            .cancelled(let context), .passwordGrantRefused(let context, _):
            context
        }
    }

    /// The HTTP status GitLab answered with, when the error is an HTTP answer.
    public var status: Int? {
        switch self {
        case .unauthorized: 401
        case .forbidden: 403
        case .notFound: 404
        case .rateLimited: 429
        case .server(_, let status, _), .rejected(_, let status, _): status
        case .passwordGrantRefused: 400
        case .decoding, .transport, .timeout, .cancelled: nil
        }
    }

    /// Whether trying again later may succeed (rate limits, 5xx, timeouts and dropped connections); the client
    /// has already retried these with backoff, so the caller's next attempt is its next poll.
    public var isTransient: Bool {
        switch self {
        case .rateLimited, .server, .transport, .timeout: true
        case .unauthorized, .forbidden, .notFound, .rejected, .decoding, .cancelled, .passwordGrantRefused: false
        }
    }
}
