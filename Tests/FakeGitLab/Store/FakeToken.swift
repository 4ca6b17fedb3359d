import Foundation

/// A credential the fake accepts.
struct FakeToken: Sendable {
    enum Kind: Sendable {
        /// Sent as `PRIVATE-TOKEN` or `Authorization: Bearer`.
        case personal
        /// An OAuth access token (`Authorization: Bearer`), with the refresh token that renews it.
        case oauthAccess(refreshToken: String)
        /// An OAuth refresh token (only accepted by `POST /oauth/token`).
        case oauthRefresh
        /// A CI job token (`JOB-TOKEN`), for one project.
        case job(projectID: Int64)
    }

    var kind: Kind
    var userID: Int64
    /// Its id and name, as `GET /personal_access_tokens/self` shows them.
    var id: Int64 = 0
    var name = "glwatch"
    var scopes: Set<String>
    var expiresAt: Date?
    var revoked = false
}
