import Synchronization

/// Remembers every secret the client has used so that text coming from outside (GitLab's error messages,
/// transport error descriptions) can be scrubbed before it goes into an error or a log line.
final class GitLabSecretScrubber: Sendable {
    private let secrets = Mutex<Set<String>>([])

    /// Adds a secret to scrub (empty and very short strings are ignored: they would mangle ordinary text).
    func remember(_ secret: GitLabSecret?) {
        guard let secret, secret.exposedValue.count >= 4 else { return }
        secrets.withLock { _ = $0.insert(secret.exposedValue) }
    }

    /// Adds every secret of `auth`.
    func remember(_ auth: GitLabAuth) {
        switch auth {
        case .none: break
        case .privateToken(let secret), .bearer(let secret), .jobToken(let secret): remember(secret)
        case .oauth(let token, let application):
            remember(token)
            remember(application?.clientSecret)
        case .password(_, let password, let application):
            remember(password)
            remember(application?.clientSecret)
        }
    }

    /// Adds both tokens of an OAuth token.
    func remember(_ token: GitLabOAuthToken) {
        remember(token.accessToken)
        remember(token.refreshToken)
    }

    /// `text` with every remembered secret replaced by `<redacted>`.
    func scrub(_ text: String) -> String {
        let known = secrets.withLock { $0 }
        var result = text
        for secret in known.sorted(by: { $0.count > $1.count }) where result.contains(secret) {
            result = result.replacingOccurrences(of: secret, with: "<redacted>")
        }
        return result
    }

    /// `text` scrubbed, or `nil`.
    func scrub(_ text: String?) -> String? { text.map(scrub) }
}
