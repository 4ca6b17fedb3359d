import RxCore

/// `client.users`: the current user.
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
}
