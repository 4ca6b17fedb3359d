import RxCore

/// `client.users`: the current user, and the token in use.
public struct GitLabUsersAPI: Sendable {
    let executor: GitLabRequestExecutor
    let authenticator: GitLabAuthenticator

    /// `GET /user`: the user the credentials belong to (a cheap token check).
    ///
    /// Also published on `GitLabClient.currentUser`.
    public func current() -> Single<GitLabUser> {
        Single.create { try await self.current() }
    }

    /// `GET /user`; the `async` twin of `current()`.
    public func current() async throws(GitLabError) -> GitLabUser {
        let user = try await executor.get(GitLabUser.self, .get("/user", endpoint: "/user", resource: "current user"))
        authenticator.currentUser.onNext(user)
        return user
    }

    /// `GET /personal_access_tokens/self`: the token the client uses — its scopes and expiry (personal, project
    /// and group access tokens; other kinds of credentials are refused by GitLab).
    public func currentToken() async throws(GitLabError) -> GitLabAccessToken {
        try await executor.get(
            GitLabAccessToken.self,
            .get("/personal_access_tokens/self", endpoint: "/personal_access_tokens/self", resource: "access token")
        )
    }
}
