import Foundation

extension FakeWorld {
    /// Creates a credential and returns its value (deterministic: `glpat-…` for personal tokens).
    mutating func issueToken(
        prefix: String,
        kind: FakeToken.Kind,
        userID: Int64,
        scopes: Set<String>,
        expiresAt: Date?
    ) -> String {
        tokenCounter += 1
        let value =
            prefix + FakeSHA.make(project: Int64(tokenCounter), sequence: tokenCounter, salt: prefix, length: 20)
        tokens[value] = FakeToken(
            kind: kind, userID: userID, id: Int64(tokenCounter), scopes: scopes, expiresAt: expiresAt
        )
        return value
    }

    /// Issues an OAuth access token and its refresh token.
    mutating func issueOAuthToken(
        userID: Int64,
        scopes: Set<String>,
        lifetime: TimeInterval,
        now: Date
    ) -> (access: String, refresh: String) {
        let refresh = issueToken(prefix: "glrt-", kind: .oauthRefresh, userID: userID, scopes: scopes, expiresAt: nil)
        let access = issueToken(
            prefix: "gloas-",
            kind: .oauthAccess(refreshToken: refresh),
            userID: userID,
            scopes: scopes,
            expiresAt: now.addingTimeInterval(lifetime)
        )
        return (access, refresh)
    }
}
