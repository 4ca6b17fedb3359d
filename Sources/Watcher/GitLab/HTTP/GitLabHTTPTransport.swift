/// Sends one HTTP request and returns the whole response: the client's only door to the network.
///
/// A transport does not retry, follow redirects, cache or throttle — the client does all of that, the same way
/// over any transport. It must honour `request.timeout` for the whole exchange, stop when its task is cancelled
/// (throwing `.cancelled`), and never log header values. `AsyncHTTPClientGitLabTransport` is the live one; tests use
/// it against the fake GitLab or swap in a scripted one.
public protocol GitLabHTTPTransport: Sendable {
    /// Performs `request` and returns the complete response (any status).
    func execute(_ request: GitLabHTTPRequest) async throws(GitLabTransportError) -> GitLabHTTPResponse
}
