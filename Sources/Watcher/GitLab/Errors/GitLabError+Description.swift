import Foundation

extension GitLabError: CustomStringConvertible, CustomDebugStringConvertible, LocalizedError {
    /// A one-line message naming the host, the resource, the HTTP status and GitLab's message.
    ///
    /// `gitlab.example.com: project acme/api not found (HTTP 404, GET /projects/:id): 404 Project Not Found`
    public var description: String {
        let context = self.context
        let subject = context.resource ?? context.endpoint
        let request = "\(context.method) \(context.endpoint)"
        switch self {
        case .unauthorized(_, let message):
            return "\(context.host): not authorized for \(subject) (HTTP 401, \(request))"
                + Self.suffix(message, fallback: "the token is missing, unknown, expired or revoked")
        case .forbidden(_, let message):
            return "\(context.host): access to \(subject) is forbidden (HTTP 403, \(request))"
                + Self.suffix(message, fallback: "the token lacks a scope or a role")
        case .notFound(_, _, let message):
            return "\(context.host): \(subject) not found (HTTP 404, \(request))"
                + Self.suffix(message, fallback: nil)
                + " — it does not exist, or the token cannot see it"
        case .rateLimited(_, let retryAfter):
            let wait = retryAfter.map { "; GitLab asks to retry after \(Self.format($0))" } ?? ""
            return "\(context.host): rate limited on \(subject) (HTTP 429, \(request))\(wait)"
        case .server(_, let status, let message):
            return "\(context.host): GitLab failed on \(subject) (HTTP \(status), \(request))"
                + Self.suffix(message, fallback: nil)
        case .rejected(_, let status, let message):
            return "\(context.host): GitLab rejected \(subject) (HTTP \(status), \(request))"
                + Self.suffix(message, fallback: nil)
        case .decoding(_, let path, let detail):
            return "\(context.host): unexpected answer to \(request) for \(subject) at \(path): \(detail)"
        case .transport(_, let detail):
            return "\(context.host): \(request) for \(subject) failed: \(detail)"
        case .timeout(_, let after):
            return "\(context.host): \(request) for \(subject) timed out after \(Self.format(after))"
        case .cancelled:
            return "\(context.host): \(request) for \(subject) was cancelled"
        case .passwordGrantRefused(_, let message):
            return "\(context.host) refused to sign in with a username and password (HTTP 400, \(request))"
                + Self.suffix(message, fallback: nil)
                + ". Newer GitLab versions no longer allow the OAuth password grant: create a personal access "
                + "token with the read_api scope and use it instead"
        }
    }

    /// The same as `description`, for `localizedDescription`.
    public var errorDescription: String? { description }

    /// The same as `description`: the error holds nothing that must not be shown.
    public var debugDescription: String { "GitLabError(\(description))" }

    private static func suffix(_ message: String?, fallback: String?) -> String {
        if let message, !message.isEmpty { return ": \(message)" }
        return fallback.map { ": \($0)" } ?? ""
    }

    static func format(_ duration: Duration) -> String {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        if seconds >= 1 || seconds == 0 {
            return seconds.rounded() == seconds ? "\(Int(seconds)) s" : "\((seconds * 10).rounded() / 10) s"
        }
        return "\(Int((seconds * 1000).rounded())) ms"
    }
}
