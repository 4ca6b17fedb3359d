/// How the client authenticates to GitLab.
///
/// Every form prints as a description of its kind only (`private token`, `OAuth token (renewable)`); secrets are
/// `GitLabSecret`s and never appear in descriptions, reflection or errors.
public enum GitLabAuth: Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// No authentication: public projects only.
    case none
    /// A personal, project or group access token, sent as `PRIVATE-TOKEN` (`read_api` covers every GET).
    case privateToken(GitLabSecret)
    /// An OAuth or personal access token that never renews, sent as `Authorization: Bearer`.
    case bearer(GitLabSecret)
    /// An OAuth token, sent as `Authorization: Bearer` and renewed with its refresh token before it expires (or
    /// when GitLab says it expired). Pass the OAuth application when GitLab requires it to refresh.
    case oauth(GitLabOAuthToken, application: GitLabOAuthApplication? = nil)
    /// A CI job token, sent as `JOB-TOKEN` (GitLab allows it on few endpoints).
    case jobToken(GitLabSecret)
    /// A username and password, exchanged for an OAuth token through `POST /oauth/token` (the password grant)
    /// on first use. Older self-managed GitLab allows it; newer GitLab refuses it, which fails with
    /// `GitLabError.passwordGrantRefused`.
    case password(username: String, password: GitLabSecret, application: GitLabOAuthApplication? = nil)

    /// The kind of authentication, without any secret.
    public var description: String {
        switch self {
        case .none: "no authentication"
        case .privateToken: "private token"
        case .bearer: "bearer token"
        case .oauth(let token, _): token.refreshToken == nil ? "OAuth token" : "OAuth token (renewable)"
        case .jobToken: "CI job token"
        case .password(let username, _, _): "password of \(username)"
        }
    }

    /// The same as `description`.
    public var debugDescription: String { "GitLabAuth(\(description))" }

    /// A mirror showing only the description.
    public var customMirror: Mirror { Mirror(self, children: ["kind": description], displayStyle: .enum) }
}
