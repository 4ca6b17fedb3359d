import Foundation
import RxCore

extension GitLabClient {
    /// Signs in with a username and password through the OAuth password grant (`POST /oauth/token`), switches
    /// the client to the token it returns, and emits the signed-in user (also published on `currentUser`).
    ///
    /// Older self-managed GitLab allows this; newer GitLab refuses it with `GitLabError.passwordGrantRefused`.
    /// Wrong credentials fail with `GitLabError.unauthorized`.
    public func logIn(
        username: String,
        password: GitLabSecret,
        application: GitLabOAuthApplication? = nil
    ) -> Single<GitLabUser> {
        Single.create { try await self.logIn(username: username, password: password, application: application) }
    }

    /// Signs in with a username and password; the `async` twin of `logIn(username:password:application:)`.
    public func logIn(
        username: String,
        password: GitLabSecret,
        application: GitLabOAuthApplication? = nil
    ) async throws(GitLabError) -> GitLabUser {
        _ = try await authenticator.logIn(
            username: username,
            password: password,
            application: application,
            using: executor
        )
        return try await users.current()
    }

    /// Revokes the OAuth token when there is one (best effort), forgets the credentials — later requests are
    /// anonymous — and publishes `nil` on `currentUser`.
    public func logOut() -> Completable {
        let signOut = Single<Bool>.create { () async -> Bool in
            await self.logOut()
            return true
        }
        return Completable.create { observer in
            signOut.subscribe(onSuccess: { _ in observer(.completed) }, onFailure: { observer(.error($0)) })
        }
    }

    /// Signs out; the `async` twin of `logOut()`.
    public func logOut() async {
        await authenticator.logOut(using: executor)
    }

    /// Authenticates every later request with `auth` (a reloaded config's new token), and takes later changes
    /// from `credentials`; requests in flight keep the credentials they were sent with.
    public func replace(auth: GitLabAuth, credentials: (any GitLabCredentialSource)?) async {
        await authenticator.replace(auth, credentials: credentials)
    }

    /// Sends every later request to `host` through `transport`, each allowed `requestTimeout` (a reloaded
    /// config's URL, CA file or timeout); requests in flight finish where they started.
    public func reconfigure(host: URL, transport: any GitLabHTTPTransport, requestTimeout: Duration) {
        executor.reconfigure(host: host, transport: transport, requestTimeout: requestTimeout)
    }
}
