/// How an instance's token is sent (`auth:` in the config).
enum GitLabAuthKind: String, Sendable, CaseIterable {
    /// `PRIVATE-TOKEN` (personal, project or group access tokens).
    case `private`
    /// `Authorization: Bearer` (OAuth or personal access tokens).
    case bearer
    /// `JOB-TOKEN` (a CI job's token).
    case job
    /// No authentication: public projects only.
    case none

    /// The client's authentication with this token.
    func auth(token: GitLabSecret?) -> GitLabAuth {
        guard let token else { return .none }
        switch self {
        case .private: return .privateToken(token)
        case .bearer: return .bearer(token)
        case .job: return .jobToken(token)
        case .none: return .none
        }
    }
}
