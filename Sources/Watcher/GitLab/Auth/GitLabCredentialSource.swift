/// Credentials that can change while the client runs — a token file that a secret manager rotates: the
/// authenticator asks before each request, and again at once after GitLab answered 401 (before the failure counts).
public protocol GitLabCredentialSource: Sendable {
    /// The credentials to use from now on, or `nil` to keep the current ones (unchanged, or unreadable: the source
    /// says why in its own log). `rejected` is `true` right after a 401: look now, whatever the usual pace.
    func changedAuth(rejected: Bool) -> GitLabAuth?
}
